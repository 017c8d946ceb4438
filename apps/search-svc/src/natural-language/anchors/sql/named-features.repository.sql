-- The SQL named-features.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- version
-- $1 = ["power_substations","transport_stops","waterways","env_layers"]
SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[]);

-- features
SELECT n.layer, n.id, n.name, n.kind, n.teryt, g.name AS gmina, n.x, n.y
 FROM (SELECT 'power_substations' AS layer, f.id, f.name, f.kind, f.teryt, ST_X(ST_PointOnSurface(f.geom)) AS x, ST_Y(ST_PointOnSurface(f.geom)) AS y
   FROM layer_pub.power_substations f WHERE f.name IS NOT NULL AND f.name <> '' UNION ALL SELECT 'transport_stops' AS layer, f.id, f.name, f.kind, f.teryt, ST_X(ST_PointOnSurface(f.geom)) AS x, ST_Y(ST_PointOnSurface(f.geom)) AS y
   FROM layer_pub.transport_stops f WHERE f.name IS NOT NULL AND f.name <> '') n
 LEFT JOIN layer_pub.admin_bounds g ON g.kind = 'gmina' AND g.id = n.teryt
ORDER BY n.layer, n.id;

-- waters
SELECT f.name, f.kind, count(*)::int AS features FROM layer_pub.waterways f
WHERE f.name IS NOT NULL AND f.name <> '' GROUP BY f.name, f.kind ORDER BY f.name, f.kind;

-- forests
-- $1 = ["forest_promotional_complex","landscape_park"]
SELECT f.id, f.name, f.kind FROM layer_pub.env_layers f
WHERE f.kind = ANY($1::text[]) AND f.name IS NOT NULL AND f.name <> '' ORDER BY f.id;
