-- The SQL dem-store.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- replacePart (1 of 3)
-- $1 = "3064"
DELETE FROM layer.dem_chunks WHERE part = $1;

-- replacePart (2 of 3)
-- $1 = "3064"
-- $2 = 1
-- $3 = "Computed by layer-svc from the elevation model of part 3064"
INSERT INTO layer.dem_parts (part, version, pixel_m, source_note) VALUES ($1, nextval('layer.dem_version_seq'), $2, $3)
ON CONFLICT (part) DO UPDATE SET version = excluded.version, pixel_m = excluded.pixel_m, source_note = excluded.source_note, loaded_at = now()
RETURNING version;

-- replacePart (3 of 3)
-- $1 = "3064"
-- $2 = 1
-- $3 = 357000
-- $4 = 505000
-- $5 = 357512
-- $6 = 505512
-- $7 = <3 bytes>
INSERT INTO layer.dem_chunks (part, chunk, extent, tiff) VALUES ($1, $2, ST_MakeEnvelope($3, $4, $5, $6, 2180), $7);

-- version
SELECT coalesce(max(version), 0) AS version FROM layer.dem_parts;

-- chunksUnder (1 of 2)
SELECT coalesce(max(version), 0) AS version FROM layer.dem_parts;

-- chunksUnder (2 of 2)
-- $1 = 1878516
-- $2 = 6731350
-- $3 = 1880962
-- $4 = 6733796
SELECT c.tiff FROM layer.dem_chunks c
WHERE c.extent && ST_Transform(ST_Segmentize(ST_MakeEnvelope($1, $2, $3, $4, 3857), ($3 - $1) / 8), 2180)
ORDER BY c.part, c.chunk;
