-- The SQL places.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- replaceLocalities (1 of 5)
SELECT pg_advisory_xact_lock(hashtext('geocode:localities'));

-- replaceLocalities (2 of 5)
DELETE FROM geocode.localities;

-- replaceLocalities (3 of 5)
-- $1 = ["0580720"]
-- $2 = ["Bnin"]
-- $3 = ["bnin"]
-- $4 = ["część miasta"]
-- $5 = ["0580713"]
-- $6 = ["302109"]
INSERT INTO geocode.localities (sym, name, name_folded, locality_type, parent_sym, gmina6)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]);

-- replaceLocalities (4 of 5)
ANALYZE geocode.localities;

-- replaceLocalities (5 of 5)
-- $1 = "SIMC_Urzedowy_2026-01-01.csv"
-- $2 = 1
INSERT INTO geocode.localities_source (singleton, source, locality_count, loaded_at)
VALUES (true, $1, $2, now())
ON CONFLICT (singleton) DO UPDATE SET source = EXCLUDED.source, locality_count = EXCLUDED.locality_count, loaded_at = EXCLUDED.loaded_at
RETURNING source, locality_count, loaded_at;

-- status (1 of 2)
SELECT kind, count(*)::int AS places FROM geocode_pub.places GROUP BY kind ORDER BY min(length(place_id)), kind;

-- status (2 of 2)
SELECT * FROM geocode_pub.places_version;
