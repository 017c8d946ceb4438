-- {"bbox":"16.80,52.30,17.10,52.50","filters":{"zoning":{"categories":["industrial","industrial_services"]},"land_use":{"kinds":["arable","grassland"]}},"limit":10}
-- $1 = 16.8
-- $2 = 52.3
-- $3 = 17.1
-- $4 = 52.5
-- $5 = ["industrial","industrial_services"]
-- $6 = ["arable","grassland"]
-- $7 = 10
SELECT page.*, ST_AsGeoJSON(ST_Transform(g.geom, 4326), 7)::json AS geometry
FROM (WITH r AS MATERIALIZED (SELECT count(*) AS matched FROM (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source FROM search.parcel_index i JOIN search.parcel_geometry p ON p.parcel_id = i.parcel_id AND p.teryt = i.teryt WHERE ST_Intersects(p.geom, ST_Transform(ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326), 2180)) AND (i.zoning_source IN ('mpzp', 'plan_ogolny') AND i.zoning_category = ANY($5::text[])) AND (i.land_use_kinds && $6::text[])) m),
  top AS MATERIALIZED (SELECT m.parcel_id FROM (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source FROM search.parcel_index i JOIN search.parcel_geometry p ON p.parcel_id = i.parcel_id AND p.teryt = i.teryt WHERE ST_Intersects(p.geom, ST_Transform(ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326), 2180)) AND (i.zoning_source IN ('mpzp', 'plan_ogolny') AND i.zoning_category = ANY($5::text[])) AND (i.land_use_kinds && $6::text[])) m ORDER BY m.parcel_id COLLATE "C" LIMIT $7::int)
  SELECT m.*, r.matched, NULL::numeric AS score
  FROM (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source FROM search.parcel_index i JOIN search.parcel_geometry p ON p.parcel_id = i.parcel_id AND p.teryt = i.teryt WHERE ST_Intersects(p.geom, ST_Transform(ST_MakeEnvelope($1::float8, $2::float8, $3::float8, $4::float8, 4326), 2180)) AND (i.zoning_source IN ('mpzp', 'plan_ogolny') AND i.zoning_category = ANY($5::text[])) AND (i.land_use_kinds && $6::text[])) m CROSS JOIN r
  WHERE m.parcel_id = ANY(ARRAY(SELECT parcel_id FROM top))) page JOIN search.parcel_geometry g ON g.parcel_id = page.parcel_id
ORDER BY page.parcel_id COLLATE "C";
