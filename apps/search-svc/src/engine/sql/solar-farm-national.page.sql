-- {"filters":{"area_sqm":{"min":20000},"slope_pct":{"max":5},"near":[{"layer":"power_substations","within_m":10000,"where":{"voltage_kv_gte":110}}],"exclude":[{"layer":"env_layers","kinds":["natura2000"]}]},"rank_by":[{"signal":"grid_distance_km","weight":3},{"signal":"slope_pct","weight":1}],"limit":50}
-- $1 = [17,4,99]
-- $2 = 20000
-- $3 = 5
-- $4 = 10000
-- $5 = 0
-- $6 = 123456
-- $7 = 50
-- $8 = 0
-- $9 = 10
-- $10 = 1
-- $11 = 11
SELECT page.*, ST_AsGeoJSON(ST_Transform(g.geom, 4326), 7)::json AS geometry, (SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b) AS builds_digest
FROM (WITH r AS (SELECT r0.*, CASE WHEN r0.max_s0 IS NULL THEN 0 ELSE 3 END + CASE WHEN r0.max_s1 IS NULL THEN 0 ELSE 1 END AS ranked_weight FROM (SELECT $6::bigint AS matched, $8::float8 AS min_s0, $9::float8 AS max_s0, $10::float8 AS min_s1, $11::float8 AS max_s1) r0),
  scored AS (SELECT m.*, r.matched, r.ranked_weight, (CASE WHEN m.s0 IS NULL OR r.max_s0 IS NULL THEN 0 WHEN r.max_s0 = r.min_s0 THEN 1 ELSE (r.max_s0 - m.s0) / (r.max_s0 - r.min_s0) END)::numeric * 300 / NULLIF(r.ranked_weight, 0) AS c_s0, r.max_s0 IS NULL AS x_s0, (CASE WHEN m.s1 IS NULL OR r.max_s1 IS NULL THEN 0 WHEN r.max_s1 = r.min_s1 THEN 1 ELSE (r.max_s1 - m.s1) / (r.max_s1 - r.min_s1) END)::numeric * 100 / NULLIF(r.ranked_weight, 0) AS c_s1, r.max_s1 IS NULL AS x_s1 FROM (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source, (i.slope_pct IS NULL) AS u1, i.substation_110_m AS nd2, i.substation_110_name AS nn2, false AS u3, i.substation_110_m / 1000.0::float8 AS s0, i.slope_pct::float8 AS s1 FROM search.parcel_index i WHERE i.parcel_key = ANY($1::int[]) AND (i.area_sqm >= $2::float8) AND ((i.slope_pct IS NULL) OR (i.slope_pct <= $3::float8)) AND (i.substation_110_m <= $4::float8) AND ((i.env_natura2000_habitat_m IS NULL OR i.env_natura2000_habitat_m > $5::float8) AND (i.env_natura2000_birds_m IS NULL OR i.env_natura2000_birds_m > $5::float8))) m CROSS JOIN r),
  page AS (SELECT scored.*, CASE WHEN scored.ranked_weight = 0 THEN NULL ELSE round(c_s0 + c_s1, 2) END AS score FROM scored)
  SELECT page.* FROM page ORDER BY page.score DESC NULLS LAST, page.parcel_id COLLATE "C" LIMIT $7::int) page JOIN search.parcel_geometry g ON g.parcel_id = page.parcel_id
ORDER BY page.score DESC NULLS LAST, page.parcel_id COLLATE "C";
