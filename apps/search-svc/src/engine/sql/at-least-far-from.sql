-- {"region":"3064011","filters":{"far":[{"layer":"buildings","beyond_m":500}],"area_sqm":{"min":5000}},"limit":20}
-- $1 = "3064011"
-- $2 = 5000
-- $3 = 500
-- $4 = ["3021042"]
-- $5 = 500
-- $6 = 20
SELECT page.*, ST_AsGeoJSON(ST_Transform(g.geom, 4326), 7)::json AS geometry
FROM (WITH probed AS MATERIALIZED (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source FROM search.parcel_index i JOIN search.parcel_geometry p ON p.parcel_id = i.parcel_id AND p.teryt = i.teryt WHERE i.teryt = $1 AND (i.area_sqm >= $2::float8) AND (NOT COALESCE(EXISTS (SELECT 1 FROM layer_pub.buildings_subdivided f WHERE ST_DWithin(f.geom, p.geom, $3::float8)), false)) AND NOT EXISTS (SELECT 1 FROM layer_pub.admin_bounds_subdivided s JOIN layer_pub.admin_bounds g ON g.fid = s.fid
        WHERE s.kind = 'gmina' AND g.id = ANY($4::text[]) AND ST_DWithin(s.geom, p.geom, $5::float8))), r AS MATERIALIZED (SELECT count(*) AS matched FROM (SELECT * FROM probed) m),
  top AS MATERIALIZED (SELECT m.parcel_id FROM (SELECT * FROM probed) m ORDER BY m.parcel_id COLLATE "C" LIMIT $6::int)
  SELECT m.*, r.matched, NULL::numeric AS score
  FROM (SELECT * FROM probed) m CROSS JOIN r
  WHERE m.parcel_id = ANY(ARRAY(SELECT parcel_id FROM top))) page JOIN search.parcel_geometry g ON g.parcel_id = page.parcel_id
ORDER BY page.parcel_id COLLATE "C";
