import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AddressQuery } from './address-query.js';

/** An address hit as the search ranks it; the service turns it into a candidate. */
export interface AddressHit {
  address_id: string;
  street: string | null;
  house_number: string;
  locality: string;
  postcode: string | null;
  teryt: string;
  gmina: string | null;
  lng: number;
  lat: number;
  parcel_id: string | null;
  score: number;
  exact: boolean;
}

/**
 * Parameters shared by every search, in this order:
 *   $1 house number as typed (`12a/3`), $2 its part before a slash (`12a`), $3 its leading digits (12),
 *   $4 postcode, $5 street type, $6 limit.
 * Each null when not asked.
 */
const HOUSE_POINTS = `CASE
                WHEN $1::text IS NULL THEN 0
                WHEN a.house_folded = $1 THEN 25
                WHEN a.house_folded = $2 THEN 24
                WHEN a.house_base = $3 THEN 18
                ELSE greatest(0, 10 - coalesce(abs(a.house_base - $3), 10))
              END`;
const POSTCODE_POINTS = `CASE WHEN a.postcode = $4 THEN 10 ELSE 0 END`;

/** Streets nearer the query first; among equals those with the postcode, with the number, in bigger places. */
const STREET_ORDER = `coalesce($4::text = ANY (s.postcodes), false) DESC,
         EXISTS (SELECT 1 FROM geocode.address_points a WHERE a.street_id = s.id AND a.house_base = $3::integer) DESC,
         s.locality_size DESC, s.id`;

/**
 * Streets whose addresses are ranked: enough for 15 answers from as many streets, with room for
 * ties across the country (each costs a look at its addresses, which is cheap).
 */
const CANDIDATE_STREETS = 50;

const HIT_ORDER = `points DESC, street_position, (street_type = $5::text) DESC NULLS LAST, locality_size DESC,
         locality, street NULLS FIRST, house_base NULLS LAST, house_folded, address_id`;

/**
 * The ranking shared by every search: `candidates` yields streets (id, street_points, names_exact,
 * postcode_only); each street's addresses get points for the house number (25 equal, 24 equal
 * before a slash, 18 same digits, up to 10 for a number nearby) and the postcode (10); a street's
 * best address comes before its second best. Score is the points out of what the query could earn
 * (`namePoints` + 25 with a number + 10 with a postcode). The parcel is looked up only for the
 * answers, by the GiST index of layer_pub.parcels.
 */
function rankedAddressesSql(candidates: string, namePoints: number): string {
  return `WITH candidates AS (
       ${candidates}
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
              ${HOUSE_POINTS} AS house_points,
              ${POSTCODE_POINTS} AS postcode_points
           FROM geocode.address_points a
           WHERE a.street_id = c.id AND (NOT c.postcode_only OR a.postcode = $4)
         ) p
         ORDER BY street_position
         LIMIT $6
       ) a
     ), top AS (
       SELECT * FROM hits
       ORDER BY ${HIT_ORDER}
       LIMIT $6
     )
     SELECT t.address_id, t.street, t.house_number, t.locality, t.postcode, t.teryt, t.gmina,
            round(ST_X(g.geom)::numeric, 7)::float8 AS lng, round(ST_Y(g.geom)::numeric, 7)::float8 AS lat,
            parcel.id AS parcel_id,
            least(100, round(100.0 * t.points / (${namePoints} + CASE WHEN $1::text IS NULL THEN 0 ELSE 25 END + CASE WHEN $4::text IS NULL THEN 0 ELSE 10 END)))::int AS score,
            (t.names_exact AND ($1::text IS NULL OR t.house_points >= 24) AND ($4::text IS NULL OR t.postcode_points > 0)) AS exact
     FROM top t
     CROSS JOIN LATERAL (SELECT ST_Transform(t.geom, 4326) AS geom) g
     LEFT JOIN LATERAL (
       SELECT p.id FROM layer_pub.parcels p WHERE ST_Intersects(p.geom, t.geom) ORDER BY p.id LIMIT 1
     ) parcel ON true
     ORDER BY ${HIT_ORDER}`;
}

/**
 * By words ($7 text[], $8 the same as a prefix tsquery `w1:* & w2:*`): streets where every word
 * begins a word of the street, locality or gmina (GIN on the tsvector). Up to 40 points for the
 * share of the street name's words typed, up to 30 for the share of query words typed whole.
 */
export const SEARCH_BY_WORDS_SQL = rankedAddressesSql(
  `SELECT s.id,
              round(40.0 * w.named / cardinality(s.name_words) + 30.0 * w.whole / cardinality($7::text[]))::int AS street_points,
              (w.named = cardinality(s.name_words) AND w.whole = cardinality($7::text[])) AS names_exact,
              false AS postcode_only
       FROM geocode.address_streets s
       CROSS JOIN LATERAL (
         SELECT (SELECT count(*) FROM unnest(s.name_words) AS n(word) WHERE n.word = ANY ($7::text[])) AS named,
                (SELECT count(*) FROM unnest($7::text[]) AS q(word) WHERE q.word = ANY (s.name_words || s.locality_words || s.gmina_words)) AS whole
       ) w
       WHERE s.search @@ to_tsquery('simple', $8)
       ORDER BY street_points DESC, ${STREET_ORDER}
       LIMIT ${CANDIDATE_STREETS}`,
  70,
);

/** A postcode without names: the streets with addresses of that postcode, and only those addresses. */
export const SEARCH_BY_POSTCODE_SQL = rankedAddressesSql(
  `SELECT s.id, 0 AS street_points, true AS names_exact, true AS postcode_only
       FROM geocode.address_streets s
       WHERE s.id IN (SELECT a.street_id FROM geocode.address_points a WHERE a.postcode = $4)
       ORDER BY ${STREET_ORDER}
       LIMIT ${CANDIDATE_STREETS}`,
  0,
);

/**
 * For each query word ($1 text[]): whether it begins a known word, else the known word closest to it
 * by trigram similarity (at least pg_trgm's threshold, 0.3), with that similarity.
 */
export const SPELLING_SQL = `SELECT q.word,
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
       ORDER BY q.position`;

/** A query word as the register knows it: `known` when some word begins with it, else its closest word. */
export interface WordSpelling {
  word: string;
  known: boolean;
  closest: string | null;
  similarity: number | null;
}

/** All SQL of GET /geocode. Parcels are read through layer-svc's published view. */
@Injectable()
export class GeocodeRepository {
  constructor(private readonly db: DataSource) {}

  byWords(query: AddressQuery, limit: number): Promise<AddressHit[]> {
    return this.db.query(SEARCH_BY_WORDS_SQL, [...sharedParameters(query, limit), query.words, query.words.map((word) => `${word}:*`).join(' & ')]);
  }

  byPostcode(query: AddressQuery, limit: number): Promise<AddressHit[]> {
    return this.db.query(SEARCH_BY_POSTCODE_SQL, sharedParameters(query, limit));
  }

  /** Query words are folded (`[a-z0-9]` only), so they are safe inside the LIKE pattern. */
  spellings(words: string[]): Promise<WordSpelling[]> {
    return this.db.query(SPELLING_SQL, [words]);
  }
}

function sharedParameters(query: AddressQuery, limit: number): unknown[] {
  const house = query.houseNumber;
  return [house?.full ?? null, house?.main ?? null, house?.base ?? null, query.postcode, query.streetType, limit];
}
