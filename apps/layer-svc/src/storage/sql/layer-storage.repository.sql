-- The SQL layer-storage.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- setLocalLockTimeout (each swap attempt)
-- $1 = "300ms"
SELECT set_config('lock_timeout', $1, true);

-- viewLockHolders (a swap that gave up names the readers)
-- $1 = "power_substations"
SELECT DISTINCT l.pid, a.usename, a.xact_start
FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.granted AND l.relation = to_regclass('layer_pub.' || $1) AND l.pid <> pg_backend_pid()
ORDER BY a.xact_start NULLS LAST LIMIT 5;

-- dropTablesWithoutWaiting (a retired version a reader still holds stays) (1 of 4)
-- $1 = "200ms"
SELECT set_config('lock_timeout', $1, true);

-- dropTablesWithoutWaiting (a retired version a reader still holds stays) (2 of 4)
DROP TABLE IF EXISTS layer.f_power_substations__9_sub;

-- dropTablesWithoutWaiting (a retired version a reader still holds stays) (3 of 4)
DROP TABLE IF EXISTS layer.f_power_substations__9;

-- dropTablesWithoutWaiting (a retired version a reader still holds stays) (4 of 4)
-- $1 = "f_power_substations__9"
DELETE FROM layer.version_extents WHERE table_name = $1;

-- tryLock
-- $1 = "power_substations"
SELECT pg_try_advisory_lock(hashtext('layer-refresh:' || $1)) AS locked;

-- unlock
-- $1 = "power_substations"
SELECT pg_advisory_unlock(hashtext('layer-refresh:' || $1));

-- nextRunSeq
SELECT nextval('layer.refresh_run_seq') AS seq;

-- state
-- $1 = "power_substations"
SELECT * FROM layer.layer_state WHERE layer_id = $1;

-- recordRunStart
-- $1 = "run-12"
-- $2 = 12
-- $3 = "power_substations"
-- $4 = "https://example.org/substations.gpkg"
INSERT INTO layer.refresh_runs (run_id, seq, layer_id, status, source_url, started_at) VALUES ($1, $2, $3, 'running', $4, now());

-- recordRunEnd
-- $1 = "run-12"
-- $2 = "succeeded"
-- $3 = 3
-- $4 = 2
-- $5 = null
-- $6 = "{\"load\":1200,\"validate\":40}"
-- $7 = null
UPDATE layer.refresh_runs
  SET status = $2, finished_at = now(), loaded_count = $3, previous_count = $4, error = $5, steps_ms = $6, left_out = $7
WHERE run_id = $1;

-- createVersionTable (1 of 2)
CREATE TABLE layer.f_power_substations__12 (
  fid           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ext_id        text NOT NULL,
  kind          text NOT NULL,
  name          text,
  teryt         text,
  attrs         jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom          geometry(Geometry, 2180) NOT NULL,
  source_run_id text NOT NULL,
  fetched_at    timestamptz NOT NULL,
  source_url    text NOT NULL,
  source_bbox   geometry(Polygon, 4326),
  geom_web      geometry(Geometry, 3857) GENERATED ALWAYS AS (ST_Transform(geom, 3857)) STORED,
  tile_weight   double precision GENERATED ALWAYS AS (ST_Area(geom) + ST_Length(geom)) STORED
);

-- createVersionTable (2 of 2)
ALTER TABLE layer.f_power_substations__12 ALTER COLUMN source_bbox SET STATISTICS 0;

-- dropTables (1 of 3)
DROP TABLE IF EXISTS layer.f_power_substations__10_sub;

-- dropTables (2 of 3)
DROP TABLE IF EXISTS layer.f_power_substations__10;

-- dropTables (3 of 3)
-- $1 = "f_power_substations__10"
DELETE FROM layer.version_extents WHERE table_name = $1;

-- dropStage
DROP TABLE IF EXISTS layer_stage.stage_power_substations_12;

-- copyFromStage (stage columns, the copy, the count) (1 of 3)
-- $1 = "stage_power_substations_12"
SELECT column_name, data_type FROM information_schema.columns
WHERE table_schema = 'layer_stage' AND table_name = $1 AND column_name NOT IN ('geom', 'ogc_fid')
ORDER BY ordinal_position;

-- copyFromStage (stage columns, the copy, the count) (2 of 3)
-- $1 = 1
-- $2 = "run-12"
-- $3 = "2026-01-02T03:04:05.000Z"
-- $4 = "https://example.org/substations.gpkg"
-- $5 = "id"
-- $6 = "voltage_kv"
INSERT INTO layer.f_power_substations__12 (ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox)
SELECT NULLIF(j->>'id', ''), NULLIF(j->>'kind', ''), NULLIF(j->>'name', ''), NULLIF(j->>'teryt', ''),
       jsonb_strip_nulls((j - ARRAY['id', 'kind', 'name', 'teryt']) || jsonb_build_object('voltage_kv', layer.coerce_attribute(j->'voltage_kv', 'number'))),
       COALESCE(ST_CollectionExtract(ST_MakeValid(ST_Force2D(s.geom)), $1), 'GEOMETRYCOLLECTION EMPTY'::geometry),
       $2, $3, $4,
       (SELECT ST_Envelope(ST_Transform(ST_Expand(ST_SetSRID(ST_Extent(geom)::geometry, 2180), 1), 4326)) FROM layer_stage.stage_power_substations_12)
FROM (SELECT jsonb_build_object($5::text, st."id", $6::text, st."voltage_kv") AS j, st.geom FROM layer_stage.stage_power_substations_12 st) s;

-- copyFromStage (stage columns, the copy, the count) (3 of 3)
SELECT count(*) AS n FROM layer.f_power_substations__12;

-- assignGminas
WITH points AS (
  SELECT fid, ST_PointOnSurface(geom) AS p FROM layer.f_power_substations__12 WHERE teryt IS NULL AND NOT ST_IsEmpty(geom)
), hits AS (
  SELECT DISTINCT ON (points.fid) points.fid, b.id
  FROM points
  JOIN layer_pub.admin_bounds_subdivided s ON s.kind = 'gmina' AND ST_Intersects(s.geom, points.p)
  JOIN layer_pub.admin_bounds b ON b.fid = s.fid
  ORDER BY points.fid, b.id
)
UPDATE layer.f_power_substations__12 f SET teryt = hits.id FROM hits WHERE f.fid = hits.fid;

-- validate (1 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE ext_id IS NULL ORDER BY fid LIMIT 3;

-- validate (2 of 13)
SELECT ext_id FROM layer.f_power_substations__12 WHERE ext_id IS NOT NULL GROUP BY ext_id HAVING count(*) > 1 ORDER BY ext_id LIMIT 3;

-- validate (3 of 13)
-- $1 = ["ehv_substation","hv_substation","mv_substation"]
SELECT DISTINCT kind FROM layer.f_power_substations__12 WHERE kind IS NULL OR kind <> ALL($1::text[]) ORDER BY kind LIMIT 5;

-- validate (4 of 13)
-- $1 = ["ehv_substation","hv_substation","mv_substation"]
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE kind IS NULL OR kind <> ALL($1::text[]) ORDER BY fid LIMIT 3;

-- validate (5 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE ST_IsEmpty(geom) ORDER BY fid LIMIT 3;

-- validate (6 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE NOT ST_IsEmpty(geom) AND NOT ST_Intersects(geom, ST_MakeEnvelope(130000, 100000, 900000, 800000, 2180)) ORDER BY fid LIMIT 3;

-- validate (7 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE attrs->>'voltage_kv' IS NULL ORDER BY fid LIMIT 3;

-- validate (8 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE attrs->'voltage_kv' IS NOT NULL AND (jsonb_typeof(attrs->'voltage_kv') <> 'number') ORDER BY fid LIMIT 3;

-- validate (9 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE attrs->'voltages' IS NOT NULL AND (jsonb_typeof(attrs->'voltages') NOT IN ('string', 'number', 'boolean')) ORDER BY fid LIMIT 3;

-- validate (10 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE attrs->'operator' IS NOT NULL AND (jsonb_typeof(attrs->'operator') NOT IN ('string', 'number', 'boolean')) ORDER BY fid LIMIT 3;

-- validate (11 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE attrs->'osm_id' IS NOT NULL AND (jsonb_typeof(attrs->'osm_id') NOT IN ('string', 'number', 'boolean')) ORDER BY fid LIMIT 3;

-- validate (12 of 13)
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE teryt IS NOT NULL AND teryt !~ '^([0-9]{2}|[0-9]{4}|[0-9]{7})$' ORDER BY fid LIMIT 3;

-- validate (13 of 13)
-- $1 = 2
SELECT ext_id, count(*) OVER () AS n FROM layer.f_power_substations__12 WHERE teryt ~ '^[0-9]+$' AND length(teryt) < $1 ORDER BY fid LIMIT 3;

-- indexVersionTable (1 of 7)
CREATE UNIQUE INDEX f_power_substations__12_ext_id ON layer.f_power_substations__12 (ext_id);

-- indexVersionTable (2 of 7)
CREATE INDEX f_power_substations__12_geom ON layer.f_power_substations__12 USING gist (geom);

-- indexVersionTable (3 of 7)
CREATE INDEX f_power_substations__12_geom_web ON layer.f_power_substations__12 USING gist (geom_web);

-- indexVersionTable (4 of 7)
CREATE INDEX f_power_substations__12_teryt ON layer.f_power_substations__12 (teryt);

-- indexVersionTable (5 of 7)
CREATE INDEX f_power_substations__12_kind ON layer.f_power_substations__12 (kind);

-- indexVersionTable (6 of 7)
ANALYZE layer.f_power_substations__12;

-- indexVersionTable (7 of 7)
-- $1 = "f_power_substations__12"
INSERT INTO layer.version_extents (table_name, extent_wgs84)
SELECT $1, ST_Extent(ST_Transform(geom, 4326)) FROM layer.f_power_substations__12
HAVING count(geom) > 0
ON CONFLICT (table_name) DO UPDATE SET extent_wgs84 = EXCLUDED.extent_wgs84, measured_at = now();

-- affectedGminas, against the previous version
SELECT DISTINCT left(teryt, 7) AS teryt FROM ((SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.f_power_substations__12 EXCEPT SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.f_power_substations__10) UNION ALL (SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.f_power_substations__10 EXCEPT SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.f_power_substations__12)) t WHERE teryt ~ '^[0-9]{7}$' ORDER BY 1;

-- affectedGminas, the first version
SELECT DISTINCT left(teryt, 7) AS teryt FROM (SELECT teryt FROM layer.f_power_substations__12) t WHERE teryt ~ '^[0-9]{7}$' ORDER BY 1;

-- swap, a polygon layer with its subdivided view, run by another role (1 of 6)
SELECT pg_get_userbyid(nspowner) AS owner, current_user AS me FROM pg_namespace WHERE nspname = 'layer';

-- swap, a polygon layer with its subdivided view, run by another role (2 of 6)
ALTER TABLE layer.f_env_layers__4 OWNER TO "layer_svc";

-- swap, a polygon layer with its subdivided view, run by another role (3 of 6)
ALTER TABLE layer.f_env_layers__4_sub OWNER TO "layer_svc";

-- swap, a polygon layer with its subdivided view, run by another role (4 of 6)
CREATE OR REPLACE VIEW layer_pub.env_layers AS SELECT f.fid, f.ext_id AS id, f.kind, f.name, f.teryt, (f.attrs->>'code')::text AS code, (f.attrs->>'designated_on')::date AS designated_on, (f.attrs->>'legal_act')::text AS legal_act, (f.attrs->>'probability_pct')::double precision AS probability_pct, (f.attrs->>'max_water_depth_m')::double precision AS max_water_depth_m, (f.attrs->>'area_sqm')::double precision AS area_sqm, f.attrs, f.geom, f.source_run_id, f.fetched_at, f.source_url, f.source_bbox FROM layer.f_env_layers__4 f;

-- swap, a polygon layer with its subdivided view, run by another role (5 of 6)
CREATE OR REPLACE VIEW layer_pub.env_layers_subdivided AS SELECT s.fid, s.kind, s.geom FROM layer.f_env_layers__4_sub s;

-- swap, a polygon layer with its subdivided view, run by another role (6 of 6)
-- $1 = "env_layers"
-- $2 = "f_env_layers__4"
-- $3 = 120
-- $4 = "run-4"
-- $5 = null
-- $6 = "https://example.org/substations.gpkg"
-- $7 = null
UPDATE layer.layer_state
  SET version = version + 1, table_name = $2, feature_count = $3, refreshed_at = now(), run_id = $4,
      coverage_gminas = $5, source_url = $6, source_note = $7
WHERE layer_id = $1
RETURNING version;

-- recomputeCoverage (1 of 4)
-- $1 = "power_substations"
DELETE FROM layer.region_coverage WHERE layer_id = $1;

-- recomputeCoverage (2 of 4)
-- $1 = "power_substations"
-- $2 = ["3021093","3064011"]
INSERT INTO layer.region_coverage (layer_id, teryt, level, status)
SELECT $1, g.id, 'gmina', CASE WHEN $2::text[] IS NULL OR g.id = ANY($2::text[]) THEN 'available' ELSE 'missing' END
FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina';

-- recomputeCoverage (3 of 4)
-- $1 = "power_substations"
-- $2 = "powiat"
-- $3 = 4
INSERT INTO layer.region_coverage (layer_id, teryt, level, status)
SELECT $1, left(c.teryt, $3), $2,
       CASE WHEN bool_and(c.status = 'available') THEN 'available'
            WHEN bool_or(c.status = 'available') THEN 'partial' ELSE 'missing' END
FROM layer.region_coverage c
WHERE c.layer_id = $1 AND c.level = 'gmina'
GROUP BY left(c.teryt, $3);

-- recomputeCoverage (4 of 4)
-- $1 = "power_substations"
-- $2 = "voivodeship"
-- $3 = 2
INSERT INTO layer.region_coverage (layer_id, teryt, level, status)
SELECT $1, left(c.teryt, $3), $2,
       CASE WHEN bool_and(c.status = 'available') THEN 'available'
            WHEN bool_or(c.status = 'available') THEN 'partial' ELSE 'missing' END
FROM layer.region_coverage c
WHERE c.layer_id = $1 AND c.level = 'gmina'
GROUP BY left(c.teryt, $3);

-- layersWithCoverage
SELECT layer_id, CASE WHEN version = 0 THEN ARRAY[]::text[] ELSE coverage_gminas END AS coverage_gminas
FROM layer.layer_state ORDER BY layer_id;

-- enqueueEvent
-- $1 = "layer.refreshed"
-- $2 = "{\"layer\":\"power_substations\",\"version\":8}"
INSERT INTO layer.outbox (subject, payload) VALUES ($1, $2);

-- tablesToRetire
-- $1 = "power_substations"
-- $2 = ["f_power_substations__12","f_power_substations__10"]
SELECT table_name FROM information_schema.tables
WHERE table_schema = 'layer' AND table_name LIKE 'f\_' || $1 || '\_\_%' AND table_name NOT LIKE '%\_sub'
  AND table_name <> ALL($2::text[]);
