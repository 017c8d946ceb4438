-- {"region":"3021093","filters":{"price_estimate_pln":{"max":250000},"area_sqm":{"min":1000}},"limit":20}
-- $1 = "3021093"
-- $2 = 1000
-- $3 = 250000
-- $4 = 3
-- $5 = 5
-- $6 = ["residential_single","residential_multi","mixed_residential_services","commercial_services","public_services"]
-- $7 = 20
SELECT page.*, ST_AsGeoJSON(ST_Transform(g.geom, 4326), 7)::json AS geometry
      FROM (WITH probed AS MATERIALIZED (SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, i.zoning_symbol_raw, i.zoning_category, i.zoning_source, pe.land_type AS pe_land_type, pe.comparables AS pe_comparables, pe.median AS pe_median, pe.p25 AS pe_p25, pe.p75 AS pe_p75 FROM search.parcel_index i LEFT JOIN (
  SELECT t.teryt, COALESCE(t.land_type, 'other') AS land_type, count(*)::int AS comparables,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS median,
         percentile_cont(0.25) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS p25,
         percentile_cont(0.75) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS p75
  FROM layer_pub.transactions t
  WHERE t.property_type = 'land' AND t.date >= ((SELECT max(t0.date) FROM layer_pub.transactions t0 WHERE t0.property_type = 'land') - make_interval(years => $4::int))::date
  GROUP BY 1, 2
  HAVING count(*) >= $5::int) pe
ON pe.teryt = i.teryt AND pe.land_type = (CASE
  WHEN (i.zoning_source = 'mpzp' AND i.zoning_category = ANY($6::text[])) OR (i.zoning_source = 'plan_ogolny' AND i.general_plan_allows_building) THEN 'building'
  WHEN i.zoning_source = 'unknown' THEN NULL
  WHEN 'agricultural' = ANY(i.land_use_kinds) THEN 'agricultural'
  WHEN i.land_use_kinds IS NULL THEN NULL
  ELSE 'other' END) WHERE i.teryt = $1 AND (i.area_sqm >= $2::float8) AND (pe.median IS NOT NULL AND (i.area_sqm * pe.median) <= $3::float8)), r AS MATERIALIZED (SELECT count(*) AS matched FROM (SELECT * FROM probed) m),
        top AS MATERIALIZED (SELECT m.parcel_id FROM (SELECT * FROM probed) m ORDER BY m.parcel_id COLLATE "C" LIMIT $7::int)
        SELECT m.*, r.matched, NULL::numeric AS score
        FROM (SELECT * FROM probed) m CROSS JOIN r
        WHERE m.parcel_id = ANY(ARRAY(SELECT parcel_id FROM top))) page JOIN search.parcel_geometry g ON g.parcel_id = page.parcel_id
      ORDER BY page.parcel_id COLLATE "C";
