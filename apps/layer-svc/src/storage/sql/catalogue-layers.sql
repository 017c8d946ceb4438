-- The SQL catalogue-layers.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- ensureCatalogueLayers, one layer missing (1 of 17)
SELECT pg_advisory_xact_lock(hashtext('layer.catalogue_layers'));

-- ensureCatalogueLayers, one layer missing (2 of 17)
SELECT layer_id FROM layer.layer_state;

-- ensureCatalogueLayers, one layer missing (3 of 17)
CREATE TABLE layer.f_env_layers__0 (
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

-- ensureCatalogueLayers, one layer missing (4 of 17)
ALTER TABLE layer.f_env_layers__0 ALTER COLUMN source_bbox SET STATISTICS 0;

-- ensureCatalogueLayers, one layer missing (5 of 17)
CREATE UNIQUE INDEX f_env_layers__0_ext_id ON layer.f_env_layers__0 (ext_id);

-- ensureCatalogueLayers, one layer missing (6 of 17)
CREATE INDEX f_env_layers__0_geom ON layer.f_env_layers__0 USING gist (geom);

-- ensureCatalogueLayers, one layer missing (7 of 17)
CREATE INDEX f_env_layers__0_geom_web ON layer.f_env_layers__0 USING gist (geom_web);

-- ensureCatalogueLayers, one layer missing (8 of 17)
CREATE INDEX f_env_layers__0_teryt ON layer.f_env_layers__0 (teryt);

-- ensureCatalogueLayers, one layer missing (9 of 17)
CREATE INDEX f_env_layers__0_kind ON layer.f_env_layers__0 (kind);

-- ensureCatalogueLayers, one layer missing (10 of 17)
CREATE TABLE layer.f_env_layers__0_sub AS
SELECT fid, kind, ST_Subdivide(geom, 64) AS geom FROM layer.f_env_layers__0;

-- ensureCatalogueLayers, one layer missing (11 of 17)
CREATE INDEX f_env_layers__0_sub_geom ON layer.f_env_layers__0_sub USING gist (geom);

-- ensureCatalogueLayers, one layer missing (12 of 17)
CREATE INDEX f_env_layers__0_sub_fid ON layer.f_env_layers__0_sub (fid);

-- ensureCatalogueLayers, one layer missing (13 of 17)
ANALYZE layer.f_env_layers__0;

-- ensureCatalogueLayers, one layer missing (14 of 17)
CREATE OR REPLACE VIEW layer_pub.env_layers AS SELECT f.fid, f.ext_id AS id, f.kind, f.name, f.teryt, (f.attrs->>'code')::text AS code, (f.attrs->>'designated_on')::date AS designated_on, (f.attrs->>'legal_act')::text AS legal_act, (f.attrs->>'probability_pct')::double precision AS probability_pct, (f.attrs->>'max_water_depth_m')::double precision AS max_water_depth_m, (f.attrs->>'area_sqm')::double precision AS area_sqm, f.attrs, f.geom, f.source_run_id, f.fetched_at, f.source_url, f.source_bbox FROM layer.f_env_layers__0 f;

-- ensureCatalogueLayers, one layer missing (15 of 17)
CREATE OR REPLACE VIEW layer_pub.env_layers_subdivided AS SELECT s.fid, s.kind, s.geom FROM layer.f_env_layers__0_sub s;

-- ensureCatalogueLayers, one layer missing (16 of 17)
-- $1 = "env_layers"
-- $2 = "f_env_layers__0"
INSERT INTO layer.layer_state (layer_id, table_name) VALUES ($1, $2);

-- ensureCatalogueLayers, one layer missing (17 of 17)
CREATE OR REPLACE VIEW layer_pub.features AS SELECT 'parcels'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.parcels
UNION ALL
SELECT 'cadastral_units'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.cadastral_units
UNION ALL
SELECT 'admin_bounds'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.admin_bounds
UNION ALL
SELECT 'mpzp_plans'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.mpzp_plans
UNION ALL
SELECT 'mpzp_zones'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.mpzp_zones
UNION ALL
SELECT 'plan_ogolny_zones'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.plan_ogolny_zones
UNION ALL
SELECT 'studium_zones'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.studium_zones
UNION ALL
SELECT 'gunb_permits'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.gunb_permits
UNION ALL
SELECT 'psi'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.psi
UNION ALL
SELECT 'env_layers'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.env_layers
UNION ALL
SELECT 'groundwater'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.groundwater
UNION ALL
SELECT 'forest_stands'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.forest_stands
UNION ALL
SELECT 'land_cover'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.land_cover
UNION ALL
SELECT 'air_quality'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.air_quality
UNION ALL
SELECT 'power_substations'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.power_substations
UNION ALL
SELECT 'power_lines'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.power_lines
UNION ALL
SELECT 'grid_capacity'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.grid_capacity
UNION ALL
SELECT 'solar_irradiance'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.solar_irradiance
UNION ALL
SELECT 'oze_installations'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.oze_installations
UNION ALL
SELECT 'wind_exclusion'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.wind_exclusion
UNION ALL
SELECT 'data_centers'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.data_centers
UNION ALL
SELECT 'ev_chargers'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.ev_chargers
UNION ALL
SELECT 'roads'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.roads
UNION ALL
SELECT 'transport_stops'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.transport_stops
UNION ALL
SELECT 'planned_roads'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.planned_roads
UNION ALL
SELECT 'planned_railways'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.planned_railways
UNION ALL
SELECT 'cpk'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.cpk
UNION ALL
SELECT 'waterways'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.waterways
UNION ALL
SELECT 'hydrants'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.hydrants
UNION ALL
SELECT 'industrial_areas'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.industrial_areas
UNION ALL
SELECT 'buildings'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.buildings
UNION ALL
SELECT 'services_poi'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.services_poi
UNION ALL
SELECT 'heritage_sites'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.heritage_sites
UNION ALL
SELECT 'terrain_stats'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.terrain_stats
UNION ALL
SELECT 'contours'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.contours
UNION ALL
SELECT 'terrain_hillshade'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.terrain_hillshade
UNION ALL
SELECT 'ortho'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.ortho
UNION ALL
SELECT 'mining_areas'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.mining_areas
UNION ALL
SELECT 'aviation_obstacles'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.aviation_obstacles
UNION ALL
SELECT 'airspace'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.airspace
UNION ALL
SELECT 'transactions'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.transactions
UNION ALL
SELECT 'lokale'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.lokale
UNION ALL
SELECT 'prices'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.prices
UNION ALL
SELECT 'offer_prices'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.offer_prices
UNION ALL
SELECT 'epc'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.epc
UNION ALL
SELECT 'demographics'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.demographics
UNION ALL
SELECT 'kowr_land'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.kowr_land
UNION ALL
SELECT 'protests'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.protests;
