-- {"region":"3021093","filters":{"area_sqm":{"min":10000}},"limit":20}
-- $1 = "3021093"
-- $2 = 10000
-- $3 = 20
SELECT page.*, ST_AsGeoJSON(ST_Transform(g.geom, 4326), 7)::json AS geometry
FROM (WITH r AS MATERIALIZED (SELECT count(*) AS matched FROM (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source FROM search.parcel_index i WHERE i.teryt = $1 AND (i.area_sqm >= $2::float8)) m),
  top AS MATERIALIZED (SELECT m.parcel_id FROM (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source FROM search.parcel_index i WHERE i.teryt = $1 AND (i.area_sqm >= $2::float8)) m ORDER BY m.parcel_id COLLATE "C" LIMIT $3::int)
  SELECT m.*, r.matched, NULL::numeric AS score
  FROM (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source FROM search.parcel_index i WHERE i.teryt = $1 AND (i.area_sqm >= $2::float8)) m CROSS JOIN r
  WHERE m.parcel_id = ANY(ARRAY(SELECT parcel_id FROM top))) page JOIN search.parcel_geometry g ON g.parcel_id = page.parcel_id
ORDER BY page.parcel_id COLLATE "C";
