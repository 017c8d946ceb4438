-- The SQL part-storage.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- gminasOf
-- $1 = "3064"
SELECT id FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND left(id, length($1)) = $1 ORDER BY id;

-- units, the powiats of one voivodeship
-- $1 = "powiat"
-- $2 = "30"
SELECT id FROM layer_pub.admin_bounds WHERE kind = $1 AND ($2::text IS NULL OR left(id, 2) = $2) ORDER BY id;

-- resumableRun
-- $1 = "parcels"
SELECT r.run_id, array(SELECT p.part FROM layer.refresh_parts p WHERE p.run_id = r.run_id ORDER BY p.part) AS parts
FROM (SELECT run_id, status FROM layer.refresh_runs WHERE layer_id = $1 ORDER BY started_at DESC LIMIT 1) r
WHERE r.status <> 'succeeded' AND EXISTS (SELECT FROM layer.refresh_parts p WHERE p.run_id = r.run_id AND p.status = 'loaded');

-- supersede
-- $1 = "parcels"
-- $2 = "parcels-12"
WITH stale AS (
  SELECT p.run_id, p.part, p.table_name FROM layer.refresh_parts p JOIN layer.refresh_runs r ON r.run_id = p.run_id
  WHERE r.layer_id = $1 AND p.run_id <> $2 AND p.status IN ('loaded', 'loading')
)
UPDATE layer.refresh_parts p SET status = 'failed', error = 'superseded by run ' || $2, table_name = NULL, updated_at = now()
FROM stale WHERE p.run_id = stale.run_id AND p.part = stale.part
RETURNING stale.table_name;

-- runParts
-- $1 = "parcels-12"
SELECT part, source, status, table_name, gminas, loaded_count, previous_count, error FROM layer.refresh_parts WHERE run_id = $1 ORDER BY part;

-- run
-- $1 = "parcels-12"
SELECT layer_id, seq, status FROM layer.refresh_runs WHERE run_id = $1;

-- reopenRun
-- $1 = "parcels-12"
UPDATE layer.refresh_runs SET status = 'running', finished_at = NULL, error = NULL WHERE run_id = $1;

-- recordPart
-- $1 = "parcels-12"
-- $2 = "3064011"
-- $3 = "/data/3064011.gml"
-- $4 = "loaded"
-- $5 = "f_parcels__12_3064011"
-- $6 = ["3064011"]
-- $7 = 120
-- $8 = 118
-- $9 = null
INSERT INTO layer.refresh_parts (run_id, part, source, status, table_name, gminas, loaded_count, previous_count, error, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
ON CONFLICT (run_id, part) DO UPDATE
  SET source = $3, status = $4, table_name = $5, gminas = $6, loaded_count = $7, previous_count = $8, error = $9, updated_at = now();

-- markPublished
-- $1 = "parcels-12"
-- $2 = ["3064011"]
UPDATE layer.refresh_parts SET status = 'published', table_name = NULL, updated_at = now() WHERE run_id = $1 AND part = ANY($2::text[]);

-- tableExists
-- $1 = "f_parcels__12_3064011"
SELECT to_regclass('layer.' || $1) IS NOT NULL AS present;

-- rowsOutside
-- $1 = ["3064011","3064011"]
SELECT ext_id, teryt, kind, count(*) OVER () AS n FROM layer.f_parcels__12_3064011 f WHERE f.teryt IS NULL OR NOT (f.teryt IN (SELECT unnest($1::text[]))) ORDER BY fid LIMIT 3;

-- deleteOutside
-- $1 = ["3064011","3064011"]
DELETE FROM layer.f_parcels__12_3064011 f WHERE f.teryt IS NULL OR NOT (f.teryt IN (SELECT unnest($1::text[])));

-- servedCountIn
-- $1 = ["3064011","3064011"]
SELECT count(*) AS n FROM layer.f_parcels__10 f WHERE f.teryt IN (SELECT unnest($1::text[]));

-- idsUsedOutside
-- $1 = ["3064011","3064011"]
SELECT p.ext_id FROM layer.f_parcels__12_3064011 p JOIN layer.f_parcels__10 f ON f.ext_id = p.ext_id
WHERE f.teryt IS NULL OR NOT (f.teryt IN (SELECT unnest($1::text[]))) ORDER BY p.ext_id LIMIT 3;

-- compose, the served rows outside the parts and each part (1 of 4)
-- $1 = ["3064011","3064011"]
INSERT INTO layer.f_parcels__12 (ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox) SELECT ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox FROM layer.f_parcels__10 f WHERE f.teryt IS NULL OR NOT (f.teryt IN (SELECT unnest($1::text[])));

-- compose, the served rows outside the parts and each part (2 of 4)
INSERT INTO layer.f_parcels__12 (ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox) SELECT ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox FROM layer.f_parcels__12_3064011;

-- compose, the served rows outside the parts and each part (3 of 4)
INSERT INTO layer.f_parcels__12 (ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox) SELECT ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox FROM layer.f_parcels__12_3064021;

-- compose, the served rows outside the parts and each part (4 of 4)
SELECT count(*) AS n FROM layer.f_parcels__12;

-- changedGminas, against the served version
-- $1 = ["3064011","3064011"]
SELECT DISTINCT left(teryt, 7) AS teryt FROM ((SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.f_parcels__12 f WHERE f.teryt IN (SELECT unnest($1::text[])) EXCEPT SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.f_parcels__10 f WHERE f.teryt IN (SELECT unnest($1::text[]))) UNION ALL (SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.f_parcels__10 f WHERE f.teryt IN (SELECT unnest($1::text[])) EXCEPT SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.f_parcels__12 f WHERE f.teryt IN (SELECT unnest($1::text[])))) t WHERE teryt ~ '^[0-9]{7}$' ORDER BY 1;

-- rowsOutside, a part of kinds
-- $1 = ["flood_risk_10pct","flood_risk_1pct"]
SELECT ext_id, teryt, kind, count(*) OVER () AS n FROM layer.f_env_layers__12_k_flood_risk f WHERE NOT (f.kind IN (SELECT unnest($1::text[]))) ORDER BY fid LIMIT 3;

-- compose, a part of kinds (1 of 3)
-- $1 = ["flood_risk_10pct","flood_risk_1pct"]
INSERT INTO layer.f_env_layers__12 (ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox) SELECT ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox FROM layer.f_env_layers__10 f WHERE NOT (f.kind IN (SELECT unnest($1::text[])));

-- compose, a part of kinds (2 of 3)
INSERT INTO layer.f_env_layers__12 (ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox) SELECT ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox FROM layer.f_env_layers__12_k_flood_risk;

-- compose, a part of kinds (3 of 3)
SELECT count(*) AS n FROM layer.f_env_layers__12;
