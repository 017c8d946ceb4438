-- {"region":"3064011","filters":{"near_any":[{"any_of":[{"layer":"transport_stops","within_m":800},{"layer":"roads","within_m":200}]}]},"rank_by":[{"signal":"transit_distance_m","weight":2}],"limit":25}
-- $1 = "3064011"
-- $2 = 800
-- $3 = 200
-- $4 = 25
SELECT page.*, ST_AsGeoJSON(ST_Transform(g.geom, 4326), 7)::json AS geometry
FROM (WITH probed AS MATERIALIZED (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source, i.transit_m::float8 AS s0 FROM search.parcel_index i JOIN search.parcel_geometry p ON p.parcel_id = i.parcel_id AND p.teryt = i.teryt WHERE i.teryt = $1 AND ((i.transit_m <= $2::float8) OR (EXISTS (SELECT 1 FROM layer_pub.roads_subdivided f WHERE ST_DWithin(f.geom, p.geom, $3::float8))))), r0 AS MATERIALIZED (SELECT count(*) AS matched, min(s0) AS min_s0, max(s0) AS max_s0 FROM (SELECT * FROM probed) m),
  r AS (SELECT r0.*, CASE WHEN r0.max_s0 IS NULL THEN 0 ELSE 2 END AS ranked_weight FROM r0),
  top AS MATERIALIZED (
    SELECT m.parcel_id FROM (SELECT * FROM probed) m CROSS JOIN (SELECT (SELECT min_s0 FROM r) AS min_s0, (SELECT max_s0 FROM r) AS max_s0, (SELECT ranked_weight FROM r) AS ranked_weight) r
    ORDER BY CASE WHEN r.ranked_weight = 0 THEN NULL
     WHEN abs(((CASE WHEN m.s0 IS NULL OR r.max_s0 IS NULL THEN 0 WHEN r.max_s0 = r.min_s0 THEN 1 ELSE (r.max_s0 - m.s0) / (r.max_s0 - r.min_s0) END) * 20000::float8 / r.ranked_weight) - floor((CASE WHEN m.s0 IS NULL OR r.max_s0 IS NULL THEN 0 WHEN r.max_s0 = r.min_s0 THEN 1 ELSE (r.max_s0 - m.s0) / (r.max_s0 - r.min_s0) END) * 20000::float8 / r.ranked_weight) - 0.5) < 1e-6 THEN (round((CASE WHEN m.s0 IS NULL OR r.max_s0 IS NULL THEN 0 WHEN r.max_s0 = r.min_s0 THEN 1 ELSE (r.max_s0 - m.s0) / (r.max_s0 - r.min_s0) END)::numeric * 200 / NULLIF(r.ranked_weight, 0), 2) * 100)::float8
     ELSE floor(((CASE WHEN m.s0 IS NULL OR r.max_s0 IS NULL THEN 0 WHEN r.max_s0 = r.min_s0 THEN 1 ELSE (r.max_s0 - m.s0) / (r.max_s0 - r.min_s0) END) * 20000::float8 / r.ranked_weight) + 0.5) END DESC NULLS LAST, m.parcel_id COLLATE "C" LIMIT $4::int),
  scored AS (
    SELECT m.*, r.matched, r.ranked_weight, (CASE WHEN m.s0 IS NULL OR r.max_s0 IS NULL THEN 0 WHEN r.max_s0 = r.min_s0 THEN 1 ELSE (r.max_s0 - m.s0) / (r.max_s0 - r.min_s0) END)::numeric * 200 / NULLIF(r.ranked_weight, 0) AS c_s0, r.max_s0 IS NULL AS x_s0
    FROM (SELECT * FROM probed) m CROSS JOIN r
    WHERE m.parcel_id = ANY(ARRAY(SELECT parcel_id FROM top)))
  SELECT scored.*, CASE WHEN scored.ranked_weight = 0 THEN NULL ELSE round(c_s0, 2) END AS score
  FROM scored) page JOIN search.parcel_geometry g ON g.parcel_id = page.parcel_id
ORDER BY page.score DESC NULLS LAST, page.parcel_id COLLATE "C";
