-- The SQL regions.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- find
-- $1 = "zielona gora"
-- $2 = ["zielon gora"]
-- $3 = ["(^| )zielona","(^| )gora"]
-- $4 = ["(^| )(zielona|zielon)","(^| )(gora)"]
-- $5 = ["gmina"]
-- $6 = null
-- $7 = 10
WITH ranked AS (
       SELECT u.*, CASE
  WHEN u.core_folded = $1 OR u.name_folded = $1 THEN 0
  WHEN u.core_folded = ANY($2::text[]) OR u.name_folded = ANY($2::text[]) THEN 1
  WHEN u.name_folded ~ ALL($3::text[]) THEN 2
  WHEN u.name_folded ~ ALL($4::text[]) THEN 3
  WHEN $1 <% u.name_folded THEN 4
END AS match_rank
       FROM geocode.admin_units u
       WHERE (u.name_folded ~ ($4::text[])[1] OR $1 <% u.name_folded)
         AND ($5::text[] IS NULL OR u.level = ANY($5::text[]))
         AND ($6::text[] IS NULL OR u.unit_type = ANY($6::text[]))
     ), picked AS (
       SELECT *, CASE WHEN match_rank = 4 THEN word_similarity($1, name_folded) END AS similarity
       FROM ranked
       WHERE match_rank IS NOT NULL
       ORDER BY match_rank, similarity DESC NULLS LAST, level_rank, name_folded, teryt
       LIMIT $7
     )
     SELECT p.teryt, p.name, p.unit_type, p.level, p.parent_label AS parent, p.parent_teryt, p.label,
            COALESCE(c.available, '{}') AS layers_available, COALESCE(c.partial, '{}') AS layers_partial
     FROM picked p
     LEFT JOIN LATERAL (
       SELECT array_agg(rc.layer_id ORDER BY rc.layer_id) FILTER (WHERE rc.status = 'available') AS available,
              array_agg(rc.layer_id ORDER BY rc.layer_id) FILTER (WHERE rc.status = 'partial') AS partial
       FROM layer_pub.region_coverage rc
       JOIN layer_pub.layer_versions v ON v.layer_id = rc.layer_id AND v.version > 0
       WHERE rc.teryt = p.teryt
     ) c ON true
     ORDER BY p.match_rank, p.similarity DESC NULLS LAST, p.level_rank, p.name_folded, p.teryt;

-- findByTeryt
-- $1 = "0862011"
WITH picked AS (SELECT u.* FROM geocode.admin_units u WHERE u.teryt = $1)
SELECT p.teryt, p.name, p.unit_type, p.level, p.parent_label AS parent, p.parent_teryt, p.label,
       COALESCE(c.available, '{}') AS layers_available, COALESCE(c.partial, '{}') AS layers_partial
FROM picked p
LEFT JOIN LATERAL (
  SELECT array_agg(rc.layer_id ORDER BY rc.layer_id) FILTER (WHERE rc.status = 'available') AS available,
         array_agg(rc.layer_id ORDER BY rc.layer_id) FILTER (WHERE rc.status = 'partial') AS partial
  FROM layer_pub.region_coverage rc
  JOIN layer_pub.layer_versions v ON v.layer_id = rc.layer_id AND v.version > 0
  WHERE rc.teryt = p.teryt
) c ON true;
