-- The SQL catalogue.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- states
SELECT layer_id, version, feature_count, refreshed_at, source_note FROM layer.layer_state;

-- extents
-- $1 = ["parcels","roads"]
SELECT layer_id, ST_XMin(e) AS min_lng, ST_YMin(e) AS min_lat, ST_XMax(e) AS max_lng, ST_YMax(e) AS max_lat
FROM (SELECT s.layer_id,
             COALESCE(m.extent_wgs84::geometry,
                      ST_Transform(ST_Segmentize(ST_SetSRID(ST_Expand(ST_EstimatedExtent('layer', s.table_name, 'geom'), 1)::geometry, 2180), 10000), 4326)) AS e
      FROM layer.layer_state s
      LEFT JOIN layer.version_extents m ON m.table_name = s.table_name
      WHERE s.table_name IS NOT NULL AND s.feature_count > 0 AND s.layer_id = ANY($1)) x
WHERE e IS NOT NULL;
