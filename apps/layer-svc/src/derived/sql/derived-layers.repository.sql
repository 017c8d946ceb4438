-- The SQL derived-layers.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- inputVersions
-- $1 = ["lokale"]
SELECT layer_id, version::int AS version, coverage_gminas FROM layer.layer_state WHERE layer_id = ANY($1::text[]) AND version > 0 ORDER BY layer_id;

-- servedNote
-- $1 = "prices"
SELECT source_note AS note FROM layer.layer_state WHERE layer_id = $1;

-- pricesLines
-- $1 = 3
WITH sales AS (
  SELECT l.teryt, l.kind, to_char(l.date, 'YYYY-"Q"Q') AS period, l.price_per_sqm_pln AS price, l.geom
  FROM layer_pub.lokale l
  WHERE l.teryt IS NOT NULL AND l.date IS NOT NULL AND l.price_per_sqm_pln IS NOT NULL AND l.kind IN ('primary_market', 'secondary_market')
), medians AS (
  SELECT teryt, kind, period, percentile_cont(0.5) WITHIN GROUP (ORDER BY price) AS median, count(*)::int AS sales, ST_Centroid(ST_Collect(geom)) AS at
  FROM sales GROUP BY teryt, kind, period HAVING count(*) >= $1
)
SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(m.at, 4326), 7)::json,
         'properties', json_build_object('id', 'PRICE.' || m.teryt || '.' || m.period || '.' || CASE m.kind WHEN 'primary_market' THEN 'P' ELSE 'S' END,
           'kind', m.kind, 'name', coalesce(g.name, m.teryt), 'teryt', m.teryt, 'city', coalesce(g.name, m.teryt), 'period', m.period,
           'median_price_per_sqm_pln', round(m.median::numeric), 'sample_size', m.sales))::text AS line
FROM medians m
LEFT JOIN LATERAL (SELECT a.name FROM layer_pub.admin_bounds a WHERE a.teryt = m.teryt ORDER BY a.id LIMIT 1) g ON true
ORDER BY m.teryt, m.period, m.kind;

-- windExclusionLines
-- $1 = 710
-- $2 = 700
-- $3 = "Art. 4 ust. 1 pkt 2 ustawy z dnia 20 maja 2016 r. o inwestycjach w zakresie elektrowni wiatrowych (Dz.U. 2023 poz. 553)"
WITH houses AS (
  SELECT teryt, geom, ST_ClusterDBSCAN(geom, 150, 1) OVER (PARTITION BY teryt) AS cluster
  FROM layer_pub.buildings WHERE kind IN ('single_family', 'multi_family') AND teryt IS NOT NULL
), clusters AS (
  SELECT teryt, ST_Buffer(ST_Union(ST_ConcaveHull(ST_Collect(geom ORDER BY ST_XMin(geom), ST_YMin(geom)), 0.5), ST_Union(geom)), $1::float8, 'quad_segs=8') AS g
  FROM houses GROUP BY teryt, cluster
), setbacks AS (
  SELECT teryt, ST_Simplify(ST_Union(g), 5) AS g FROM clusters GROUP BY teryt
)
SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(g, 4326), 7)::json,
         'properties', json_build_object('id', 'residential_setback-' || teryt, 'kind', 'residential_setback',
           'name', 'Odległość ' || $2::int || ' m od zabudowy mieszkaniowej', 'teryt', teryt, 'setback_m', $2::int, 'legal_basis', $3::text))::text AS line
FROM setbacks
UNION ALL
SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(w.geom, 4326), 7)::json,
         'properties', w.attrs || jsonb_build_object('id', w.id, 'kind', w.kind, 'name', w.name, 'teryt', w.teryt))::text
FROM layer_pub.wind_exclusion w WHERE w.kind <> 'residential_setback';
