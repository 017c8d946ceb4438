-- The SQL geocode.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- byWords
-- $1 = "12a"
-- $2 = "12a"
-- $3 = 12
-- $4 = null
-- $5 = "ul"
-- $6 = 10
-- $7 = ["poznanska","kornik"]
-- $8 = "poznanska:* & kornik:*"
WITH candidates AS (
  SELECT s.id,
         round(40.0 * w.named / cardinality(s.name_words) + 30.0 * w.whole / cardinality($7::text[]))::int AS street_points,
         (w.named = cardinality(s.name_words) AND w.whole = cardinality($7::text[])) AS names_exact,
         false AS postcode_only
  FROM geocode.address_streets s
  CROSS JOIN LATERAL (
    SELECT (SELECT count(*) FROM unnest(s.name_words) AS n(word) WHERE n.word = ANY ($7::text[])) AS named,
           (SELECT count(*) FROM unnest($7::text[]) AS q(word) WHERE q.word = ANY (s.name_words || s.locality_words || s.gmina_words)) AS whole
  ) w
  WHERE s.search @@ to_tsquery('simple', $8)
  ORDER BY street_points DESC, coalesce($4::text = ANY (s.postcodes), false) DESC,
    EXISTS (SELECT 1 FROM geocode.address_points a WHERE a.street_id = s.id AND a.house_base = $3::integer) DESC,
    s.locality_size DESC, s.id
  LIMIT 50
), hits AS (
  SELECT c.street_points + a.house_points + a.postcode_points AS points, c.names_exact, a.street_position,
         a.house_points, a.postcode_points, a.address_id, a.house_number, a.house_base, a.house_folded, a.postcode, a.geom,
         s.street, s.street_type, s.locality, s.locality_size, s.teryt, s.gmina
  FROM candidates c
  JOIN geocode.address_streets s ON s.id = c.id
  CROSS JOIN LATERAL (
    SELECT p.*, row_number() OVER (ORDER BY p.house_points DESC, p.postcode_points DESC, p.house_base NULLS LAST, p.house_folded, p.address_id) AS street_position
    FROM (
      SELECT a.id AS address_id, a.house_number, a.house_base, a.house_folded, a.postcode, a.geom,
         CASE
           WHEN $1::text IS NULL THEN 0
           WHEN a.house_folded = $1 THEN 25
           WHEN a.house_folded = $2 THEN 24
           WHEN a.house_base = $3 THEN 18
           ELSE greatest(0, 10 - coalesce(abs(a.house_base - $3), 10))
         END AS house_points,
         CASE WHEN a.postcode = $4 THEN 10 ELSE 0 END AS postcode_points
      FROM geocode.address_points a
      WHERE a.street_id = c.id AND (NOT c.postcode_only OR a.postcode = $4)
    ) p
    ORDER BY street_position
    LIMIT $6
  ) a
), top AS (
  SELECT * FROM hits
  ORDER BY points DESC, street_position, (street_type = $5::text) DESC NULLS LAST, locality_size DESC,
    locality, street NULLS FIRST, house_base NULLS LAST, house_folded, address_id
  LIMIT $6
)
SELECT t.address_id, t.street, t.house_number, t.locality, t.postcode, t.teryt, t.gmina,
       round(ST_X(g.geom)::numeric, 7)::float8 AS lng, round(ST_Y(g.geom)::numeric, 7)::float8 AS lat,
       parcel.id AS parcel_id,
       least(100, round(100.0 * t.points / (70 + CASE WHEN $1::text IS NULL THEN 0 ELSE 25 END + CASE WHEN $4::text IS NULL THEN 0 ELSE 10 END)))::int AS score,
       (t.names_exact AND ($1::text IS NULL OR t.house_points >= 24) AND ($4::text IS NULL OR t.postcode_points > 0)) AS exact
FROM top t
CROSS JOIN LATERAL (SELECT ST_Transform(t.geom, 4326) AS geom) g
LEFT JOIN LATERAL (
  SELECT p.id FROM layer_pub.parcels p WHERE ST_Intersects(p.geom, t.geom) ORDER BY p.id LIMIT 1
) parcel ON true
ORDER BY points DESC, street_position, (street_type = $5::text) DESC NULLS LAST, locality_size DESC,
    locality, street NULLS FIRST, house_base NULLS LAST, house_folded, address_id;

-- byPostcode
-- $1 = "12"
-- $2 = "12"
-- $3 = 12
-- $4 = "62-035"
-- $5 = null
-- $6 = 10
WITH candidates AS (
  SELECT s.id, 0 AS street_points, true AS names_exact, true AS postcode_only
  FROM geocode.address_streets s
  WHERE s.id IN (SELECT a.street_id FROM geocode.address_points a WHERE a.postcode = $4)
  ORDER BY coalesce($4::text = ANY (s.postcodes), false) DESC,
    EXISTS (SELECT 1 FROM geocode.address_points a WHERE a.street_id = s.id AND a.house_base = $3::integer) DESC,
    s.locality_size DESC, s.id
  LIMIT 50
), hits AS (
  SELECT c.street_points + a.house_points + a.postcode_points AS points, c.names_exact, a.street_position,
         a.house_points, a.postcode_points, a.address_id, a.house_number, a.house_base, a.house_folded, a.postcode, a.geom,
         s.street, s.street_type, s.locality, s.locality_size, s.teryt, s.gmina
  FROM candidates c
  JOIN geocode.address_streets s ON s.id = c.id
  CROSS JOIN LATERAL (
    SELECT p.*, row_number() OVER (ORDER BY p.house_points DESC, p.postcode_points DESC, p.house_base NULLS LAST, p.house_folded, p.address_id) AS street_position
    FROM (
      SELECT a.id AS address_id, a.house_number, a.house_base, a.house_folded, a.postcode, a.geom,
         CASE
           WHEN $1::text IS NULL THEN 0
           WHEN a.house_folded = $1 THEN 25
           WHEN a.house_folded = $2 THEN 24
           WHEN a.house_base = $3 THEN 18
           ELSE greatest(0, 10 - coalesce(abs(a.house_base - $3), 10))
         END AS house_points,
         CASE WHEN a.postcode = $4 THEN 10 ELSE 0 END AS postcode_points
      FROM geocode.address_points a
      WHERE a.street_id = c.id AND (NOT c.postcode_only OR a.postcode = $4)
    ) p
    ORDER BY street_position
    LIMIT $6
  ) a
), top AS (
  SELECT * FROM hits
  ORDER BY points DESC, street_position, (street_type = $5::text) DESC NULLS LAST, locality_size DESC,
    locality, street NULLS FIRST, house_base NULLS LAST, house_folded, address_id
  LIMIT $6
)
SELECT t.address_id, t.street, t.house_number, t.locality, t.postcode, t.teryt, t.gmina,
       round(ST_X(g.geom)::numeric, 7)::float8 AS lng, round(ST_Y(g.geom)::numeric, 7)::float8 AS lat,
       parcel.id AS parcel_id,
       least(100, round(100.0 * t.points / (0 + CASE WHEN $1::text IS NULL THEN 0 ELSE 25 END + CASE WHEN $4::text IS NULL THEN 0 ELSE 10 END)))::int AS score,
       (t.names_exact AND ($1::text IS NULL OR t.house_points >= 24) AND ($4::text IS NULL OR t.postcode_points > 0)) AS exact
FROM top t
CROSS JOIN LATERAL (SELECT ST_Transform(t.geom, 4326) AS geom) g
LEFT JOIN LATERAL (
  SELECT p.id FROM layer_pub.parcels p WHERE ST_Intersects(p.geom, t.geom) ORDER BY p.id LIMIT 1
) parcel ON true
ORDER BY points DESC, street_position, (street_type = $5::text) DESC NULLS LAST, locality_size DESC,
    locality, street NULLS FIRST, house_base NULLS LAST, house_folded, address_id;

-- spellings
-- $1 = ["poznanska","kornk"]
SELECT q.word,
  EXISTS (SELECT 1 FROM geocode.address_words w WHERE w.word LIKE q.word || '%') AS known,
  c.word AS closest, c.similarity
FROM unnest($1::text[]) WITH ORDINALITY AS q(word, position)
LEFT JOIN LATERAL (
  SELECT w.word, similarity(w.word, q.word)::float8 AS similarity
  FROM geocode.address_words w
  WHERE w.word % q.word
  ORDER BY similarity DESC, w.word
  LIMIT 1
) c ON true
ORDER BY q.position;
