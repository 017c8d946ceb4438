import { Injectable } from '@nestjs/common';
import type { ParcelFeatureView, ParcelSuggestionView } from '@lp/contracts';
import { LagTolerantReads, provenanceJsonSql } from '@lp/db';
import { withOwnership, type ParcelRow } from './ownership.rules.js';

/** A parcel row `p` of layer_pub.parcels as a GeoJSON Feature in WGS84, built by PostgreSQL. */
const FEATURE_JSON = `json_build_object(
         'type', 'Feature',
         'id', p.id,
         'geometry', ST_AsGeoJSON(ST_Transform(p.geom, 4326), 7)::json,
         'properties', json_build_object(
           'parcel_id', p.id,
           'number', p.parcel_number,
           'precinct_id', p.precinct_id,
           'precinct_name', COALESCE(p.attrs->>'precinct_name',
             (SELECT u.name FROM layer_pub.cadastral_units u WHERE u.id = p.precinct_id AND u.kind = 'precinct')),
           'teryt', p.teryt,
           'gmina', (SELECT g.name FROM layer_pub.admin_bounds g WHERE g.id = p.teryt),
           'area_sqm', round(p.area_sqm::numeric, 2),
           'land_use_classes', COALESCE(to_json(array_remove(regexp_split_to_array(btrim(p.land_use_classes), '\\s*,\\s*'), '')), '[]'::json),
           'registration_group', p.registration_group,
           'centroid', (SELECT json_build_array(round(ST_X(c)::numeric, 7), round(ST_Y(c)::numeric, 7))
                          FROM ST_Transform(ST_PointOnSurface(p.geom), 4326) AS c),
           'provenance', ${provenanceJsonSql('p', 'parcels')}
         )
       )`;

/**
 * The lookup of one parcel as a feature. Printed with the others to `sql/parcel.repository.sql` (kept equal by a test),
 * so a change shows up as an SQL diff and the benchmark runs exactly this query.
 */
export const FIND_FEATURE_SQL = `SELECT ${FEATURE_JSON} AS feature
       FROM layer_pub.parcels p
       WHERE p.id = $1`;

/** A name folded as foldPolish does (lower case, Polish letters to ASCII, other runs to one space). */
const FOLDED_NAME = (column: string): string =>
  `btrim(regexp_replace(translate(lower(${column}), 'ąćęłńóśźżäöüé', 'acelnoszzaoue'), '[^a-z0-9]+', ' ', 'g'))`;

/** Neighbours on each side of an unknown id that are ranked for close ids. */
const SIMILAR_ID_NEIGHBOURS = 200;

/** Close ids of $1 (at most $2), ranked among its $3 neighbours on each side in id order. */
export const SIMILAR_IDS_SQL = `WITH neighbours AS (
         (SELECT id FROM layer_pub.parcels WHERE id >= $1 ORDER BY id LIMIT $3)
         UNION ALL
         (SELECT id FROM layer_pub.parcels WHERE id < $1 ORDER BY id DESC LIMIT $3)
       )
       SELECT id AS parcel_id FROM neighbours
       WHERE id % $1
       ORDER BY id <-> $1, id
       LIMIT $2`;

export interface NamedPrecinct {
  id: string;
  name: string;
  teryt: string;
}

export interface NumberedParcel {
  id: string;
  precinct_id: string;
  precinct_name: string | null;
  teryt: string;
  gmina: string;
}

/**
 * All SQL of the parcel feature. Parcels are read through layer-svc's published view, from the read
 * replica when there is one and it has replayed the newest version switch heard of: every statement
 * here is a lookup that tolerates the replica's lag.
 */
@Injectable()
export class ParcelRepository {
  constructor(private readonly db: LagTolerantReads) {}

  async findFeature(parcelId: string): Promise<ParcelFeatureView | null> {
    const rows: Array<{ feature: ParcelRow }> = await this.db.query(FIND_FEATURE_SQL, [parcelId]);
    return rows[0] ? withOwnership(rows[0].feature) : null;
  }

  /** The gmina of a parcel, or null when there is no such parcel. */
  async findTeryt(parcelId: string): Promise<string | null> {
    const rows: Array<{ teryt: string }> = await this.db.query(`SELECT teryt FROM layer_pub.parcels WHERE id = $1`, [parcelId]);
    return rows[0]?.teryt ?? null;
  }

  /** The parcel containing the point, else the nearest within `maxDistanceM`, with the distance. */
  async findAt(lng: number, lat: number, maxDistanceM: number): Promise<{ feature: ParcelFeatureView; distance_m: number } | null> {
    // The point is transformed once to the storage CRS so the GiST index on geom applies.
    const rows: Array<{ feature: ParcelRow; distance_m: number }> = await this.db.query(
      `WITH pt AS (SELECT ST_Transform(ST_SetSRID(ST_MakePoint($1, $2), 4326), 2180) AS g)
       SELECT ${FEATURE_JSON} AS feature, round(ST_Distance(p.geom, pt.g)::numeric, 1)::float8 AS distance_m
       FROM layer_pub.parcels p, pt
       WHERE ST_DWithin(p.geom, pt.g, $3)
       ORDER BY p.geom <-> pt.g, p.id
       LIMIT 1`,
      [lng, lat, maxDistanceM],
    );
    return rows[0] ? { feature: withOwnership(rows[0].feature), distance_m: rows[0].distance_m } : null;
  }

  /** Features for the ids that exist, keyed by id. */
  async findFeatures(parcelIds: string[]): Promise<Map<string, ParcelFeatureView>> {
    const rows: Array<{ feature: ParcelRow }> = await this.db.query(
      `SELECT ${FEATURE_JSON} AS feature FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])`,
      [parcelIds],
    );
    return new Map(rows.map((row) => [row.feature.id, withOwnership(row.feature)]));
  }

  /**
   * Ids starting with the text first (index range scan), then ids containing it (trigram index,
   * built by layer-svc on `(ext_id || '')` so that exact lookups by id keep the unique btree).
   */
  async suggest(text: string, limit: number): Promise<ParcelSuggestionView[]> {
    const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
    return this.db.query(
      `WITH prefix AS (
         SELECT id AS parcel_id, 0 AS rank FROM layer_pub.parcels
         WHERE id LIKE $1 || '%' ORDER BY id LIMIT $2
       ), infix AS (
         SELECT id AS parcel_id, 1 AS rank FROM layer_pub.parcels
         WHERE (id || '') LIKE '%' || $1 || '%' AND id NOT LIKE $1 || '%'
         ORDER BY id LIMIT $2
       ), picked AS (
         SELECT * FROM prefix UNION ALL SELECT * FROM infix ORDER BY rank, parcel_id LIMIT $2
       )
       SELECT p.id AS parcel_id, round(p.area_sqm::numeric, 2)::float8 AS area_sqm, g.name AS gmina, p.teryt
       FROM picked JOIN layer_pub.parcels p ON p.id = picked.parcel_id
       LEFT JOIN layer_pub.admin_bounds g ON g.id = p.teryt
       ORDER BY picked.rank, p.id`,
      [escaped, limit],
    );
  }

  /**
   * Ids that look like the given one, closest first by trigram distance, among its neighbours in
   * id order (the same unit and precinct, nearby numbers): two bounded range scans of the unique
   * btree, so a miss costs about a millisecond however many parcels there are.
   */
  async findSimilarIds(parcelId: string, limit: number): Promise<string[]> {
    const rows: Array<{ parcel_id: string }> = await this.db.query(SIMILAR_IDS_SQL, [parcelId, limit, SIMILAR_ID_NEIGHBOURS]);
    return rows.map((row) => row.parcel_id);
  }

  /** Cadastral precincts whose folded name is one of the given ones. */
  precinctsNamed(folded: string[]): Promise<NamedPrecinct[]> {
    if (folded.length === 0) return Promise.resolve([]);
    return this.db.query(
      `SELECT id, name, teryt FROM layer_pub.cadastral_units
       WHERE kind = 'precinct' AND ${FOLDED_NAME('name')} = ANY($1::text[])
       ORDER BY id`,
      [folded],
    );
  }

  /** Gminas whose folded name is one of the given ones. */
  gminasNamed(folded: string[]): Promise<Array<{ teryt: string; name: string }>> {
    if (folded.length === 0) return Promise.resolve([]);
    return this.db.query(
      `SELECT id AS teryt, name FROM layer_pub.admin_bounds
       WHERE kind = 'gmina' AND ${FOLDED_NAME('name')} = ANY($1::text[])
       ORDER BY id`,
      [folded],
    );
  }

  /** Parcels with this number in the given precincts (all precincts of the gminas when none given). */
  numbered(number: string, precinctIds: string[], teryts: string[], limit: number): Promise<NumberedParcel[]> {
    return this.db.query(
      `SELECT p.id, p.precinct_id, u.name AS precinct_name, p.teryt, g.name AS gmina
       FROM layer_pub.parcels p
       LEFT JOIN layer_pub.cadastral_units u ON u.id = p.precinct_id AND u.kind = 'precinct'
       LEFT JOIN layer_pub.admin_bounds g ON g.id = p.teryt
       WHERE p.teryt = ANY($3::text[]) AND lower(p.parcel_number) = $1
         AND (cardinality($2::text[]) = 0 OR p.precinct_id = ANY($2::text[]))
       ORDER BY p.id
       LIMIT $4`,
      [number, precinctIds, teryts, limit],
    );
  }
}
