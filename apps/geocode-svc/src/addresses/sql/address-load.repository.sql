-- The SQL address-load.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- gminaNames
SELECT id, name FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND name IS NOT NULL;

-- state
SELECT source, point_count, street_count, skipped, loaded_at FROM geocode.address_source;

-- replaceAll, one street with one point (1 of 12)
SELECT pg_advisory_xact_lock(hashtext('geocode:addresses'));

-- replaceAll, one street with one point (2 of 12)
SELECT point_count FROM geocode.address_source;

-- replaceAll, one street with one point (3 of 12)
DELETE FROM geocode.address_points;

-- replaceAll, one street with one point (4 of 12)
DELETE FROM geocode.address_streets;

-- replaceAll, one street with one point (5 of 12)
-- $1 = "[{\"id\":1,\"teryt\":\"3021093\",\"gmina\":\"Kórnik\",\"locality\":\"Kórnik\",\"locality_simc\":\"0580713\",\"street\":\"Poznańska\",\"street_type\":\"ul\",\"name_words\":[\"poznanska\"],\"locality_words\":[\"kornik\"],\"gmina_words\":[\"kornik\"],\"search_words\":[\"kornik\",\"poznanska\"],\"postcodes\":[\"62-035\"],\"address_count\":1,\"locality_size\":1}]"
INSERT INTO geocode.address_streets
  (id, teryt, gmina, locality, locality_simc, street, street_type, name_words, locality_words, gmina_words,
   search, postcodes, address_count, locality_size)
SELECT s.id, s.teryt, s.gmina, s.locality, s.locality_simc, s.street, s.street_type,
       ARRAY(SELECT json_array_elements_text(s.name_words)),
       ARRAY(SELECT json_array_elements_text(s.locality_words)),
       ARRAY(SELECT json_array_elements_text(s.gmina_words)),
       array_to_tsvector(ARRAY(SELECT json_array_elements_text(s.search_words))),
       ARRAY(SELECT json_array_elements_text(s.postcodes)),
       s.address_count, s.locality_size
FROM json_to_recordset($1::json) AS s(
  id integer, teryt text, gmina text, locality text, locality_simc text, street text, street_type text,
  name_words json, locality_words json, gmina_words json, search_words json,
  postcodes json, address_count integer, locality_size integer);

-- replaceAll, one street with one point (6 of 12)
-- $1 = ["PL.1"]
-- $2 = [1]
-- $3 = ["12a"]
-- $4 = ["12a"]
-- $5 = [12]
-- $6 = ["62-035"]
-- $7 = [17.09]
-- $8 = [52.25]
INSERT INTO geocode.address_points (id, street_id, house_number, house_folded, house_base, postcode, geom)
SELECT id, street_id, house_number, house_folded, house_base, postcode, ST_Transform(ST_SetSRID(ST_MakePoint(lng, lat), 4326), 2180)
FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::integer[], $6::text[], $7::float8[], $8::float8[])
  AS t(id, street_id, house_number, house_folded, house_base, postcode, lng, lat);

-- replaceAll, one street with one point (7 of 12)
DELETE FROM geocode.address_words;

-- replaceAll, one street with one point (8 of 12)
INSERT INTO geocode.address_words (word)
SELECT DISTINCT w.word FROM geocode.address_streets s, unnest(s.name_words || s.locality_words || s.gmina_words) AS w(word);

-- replaceAll, one street with one point (9 of 12)
ANALYZE geocode.address_words;

-- replaceAll, one street with one point (10 of 12)
ANALYZE geocode.address_streets;

-- replaceAll, one street with one point (11 of 12)
ANALYZE geocode.address_points;

-- replaceAll, one street with one point (12 of 12)
-- $1 = "PRG_PunktyAdresowe_30.zip"
-- $2 = 1
-- $3 = 1
-- $4 = 0
INSERT INTO geocode.address_source (singleton, source, point_count, street_count, skipped, loaded_at)
VALUES (true, $1, $2, $3, $4, now())
ON CONFLICT (singleton) DO UPDATE
  SET source = EXCLUDED.source, point_count = EXCLUDED.point_count, street_count = EXCLUDED.street_count,
      skipped = EXCLUDED.skipped, loaded_at = EXCLUDED.loaded_at;
