-- The SQL transactions.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- findParcelGmina
-- $1 = "302109_2.0001.12/3"
SELECT teryt FROM layer_pub.parcels WHERE id = $1;

-- listNearParcel
-- $1 = "302109_2.0001.12/3"
-- $2 = 2000
-- $3 = "2024-01-01"
-- $4 = "land"
-- $5 = 20
WITH matching AS (
  SELECT t.id, t.date, t.property_type, t.price_pln, t.area_sqm, t.price_per_sqm_pln, t.teryt, t.land_type, round(ST_Distance(t.geom, p.geom)::numeric, 1)::float8 AS distance_m
  FROM layer_pub.parcels p
  JOIN layer_pub.transactions t ON ST_DWithin(t.geom, p.geom, $2)
  WHERE p.id = $1 AND t.date >= $3::date AND ($4::text IS NULL OR t.property_type = $4::text)
)
SELECT (SELECT count(*)::int FROM matching) AS count,
  (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln) FROM matching)::float8 AS median_price_per_sqm_pln,
  COALESCE((
    SELECT json_agg(json_build_object('land_type', u.land_type, 'count', u.count, 'median_price_per_sqm_pln', u.median) ORDER BY u.land_type)
    FROM (SELECT COALESCE(land_type, 'other') AS land_type, count(*)::int AS count,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS median
          FROM matching WHERE property_type = 'land' GROUP BY 1) u
  ), '[]'::json) AS land_type_medians,
  COALESCE((
    SELECT json_agg(json_strip_nulls(json_build_object(
             'id', m.id, 'date', to_char(m.date, 'YYYY-MM-DD'), 'property_type', m.property_type,
             'price_pln', m.price_pln, 'area_sqm', m.area_sqm, 'price_per_sqm_pln', m.price_per_sqm_pln,
             'teryt', m.teryt, 'distance_m', m.distance_m, 'land_type', m.land_type)) ORDER BY m.date DESC, m.id)
    FROM (SELECT * FROM matching ORDER BY date DESC, id LIMIT $5) m
  ), '[]'::json) AS transactions;

-- listInRegion, any property type
-- $1 = "3021"
-- $2 = "2024-01-01"
-- $3 = null
-- $4 = 20
WITH matching AS (
  SELECT t.id, t.date, t.property_type, t.price_pln, t.area_sqm, t.price_per_sqm_pln, t.teryt, t.land_type
  FROM layer_pub.transactions t
  WHERE t.teryt LIKE $1 || '%' AND t.date >= $2::date AND ($3::text IS NULL OR t.property_type = $3::text)
)
SELECT (SELECT count(*)::int FROM matching) AS count,
  (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln) FROM matching)::float8 AS median_price_per_sqm_pln,
  COALESCE((
    SELECT json_agg(json_build_object('land_type', u.land_type, 'count', u.count, 'median_price_per_sqm_pln', u.median) ORDER BY u.land_type)
    FROM (SELECT COALESCE(land_type, 'other') AS land_type, count(*)::int AS count,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS median
          FROM matching WHERE property_type = 'land' GROUP BY 1) u
  ), '[]'::json) AS land_type_medians,
  COALESCE((
    SELECT json_agg(json_strip_nulls(json_build_object(
             'id', m.id, 'date', to_char(m.date, 'YYYY-MM-DD'), 'property_type', m.property_type,
             'price_pln', m.price_pln, 'area_sqm', m.area_sqm, 'price_per_sqm_pln', m.price_per_sqm_pln,
             'teryt', m.teryt, 'land_type', m.land_type)) ORDER BY m.date DESC, m.id)
    FROM (SELECT * FROM matching ORDER BY date DESC, id LIMIT $4) m
  ), '[]'::json) AS transactions;

-- coverageStatus
-- $1 = "3021093"
SELECT CASE WHEN COALESCE(v.version, 0) = 0 THEN 'missing' ELSE rc.status END AS status
FROM layer_pub.region_coverage rc
LEFT JOIN layer_pub.layer_versions v ON v.layer_id = rc.layer_id
WHERE rc.layer_id = 'transactions' AND rc.teryt = $1;
