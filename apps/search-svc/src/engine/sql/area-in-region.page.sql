-- {"region":"3021093","filters":{"area_sqm":{"min":10000}},"limit":20}
-- $1 = "3021093"
-- $2 = [17,4,99]
-- $3 = 10000
-- $4 = 123456
-- $5 = 20
SELECT page.*, ST_AsGeoJSON(ST_Transform(g.geom, 4326), 7)::json AS geometry, (SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b) AS builds_digest
FROM (SELECT m.*, $4::bigint AS matched, NULL::numeric AS score FROM (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source FROM search.parcel_index i WHERE i.teryt = $1 AND i.parcel_key = ANY($2::int[]) AND (i.area_sqm >= $3::float8)) m ORDER BY m.parcel_id COLLATE "C" LIMIT $5::int) page JOIN search.parcel_geometry g ON g.parcel_id = page.parcel_id
ORDER BY page.parcel_id COLLATE "C";
