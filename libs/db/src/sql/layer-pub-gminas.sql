-- The SQL layer-pub-gminas.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- gminasWithParcels
SELECT teryt FROM layer_pub.region_coverage WHERE layer_id = 'parcels' AND level = 'gmina' AND status <> 'missing' ORDER BY teryt;

-- gminasNear
-- $1 = ["3021093"]
-- $2 = 2000
SELECT DISTINCT n.id AS teryt
FROM layer_pub.admin_bounds g
JOIN layer_pub.admin_bounds n ON n.kind = 'gmina' AND ST_DWithin(n.geom, g.geom, $2)
WHERE g.kind = 'gmina' AND g.id = ANY($1::text[]);
