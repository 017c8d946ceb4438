import { Injectable } from '@nestjs/common';
import type { RegionView } from '@lp/contracts';
import { DataSource } from 'typeorm';
import type { RegionQuery } from './region-query.js';

/**
 * How well a unit matches, best first: 0 the folded name is the query, 1 it is the query with stems,
 * 2 every query word begins a word of the name, 3 the same with stems, 4 trigram word similarity of
 * at least 0.6, pg_trgm's default (typos: `krakw`, `warszwa`). Every unit of rank 0 to 3 has a word
 * beginning with the first query word or one of its stems, so that and the trigram test pick the
 * candidates (both can use the trigram index).
 */
const MATCH_RANK = `CASE
    WHEN u.core_folded = $1 OR u.name_folded = $1 THEN 0
    WHEN u.core_folded = ANY($2::text[]) OR u.name_folded = ANY($2::text[]) THEN 1
    WHEN u.name_folded ~ ALL($3::text[]) THEN 2
    WHEN u.name_folded ~ ALL($4::text[]) THEN 3
    WHEN $1 <% u.name_folded THEN 4
  END`;

/** The view of each unit `p` of the CTE `picked`, with its layer coverage. */
const REGION_WITH_COVERAGE = `SELECT p.teryt, p.name, p.unit_type, p.level, p.parent_label AS parent, p.parent_teryt, p.label,
              COALESCE(c.available, '{}') AS layers_available, COALESCE(c.partial, '{}') AS layers_partial
       FROM picked p
       LEFT JOIN LATERAL (
         SELECT array_agg(rc.layer_id ORDER BY rc.layer_id) FILTER (WHERE rc.status = 'available') AS available,
                array_agg(rc.layer_id ORDER BY rc.layer_id) FILTER (WHERE rc.status = 'partial') AS partial
         FROM layer_pub.region_coverage rc
         JOIN layer_pub.layer_versions v ON v.layer_id = rc.layer_id AND v.version > 0
         WHERE rc.teryt = p.teryt
       ) c ON true`;

/**
 * All SQL of GET /regions: the read model, and coverage read live from layer-svc's published views
 * (it changes with every layer refresh, not only with admin_bounds). A layer never loaded (version
 * 0) has no data anywhere, whatever its coverage rows say, so it is never listed.
 */
@Injectable()
export class RegionsRepository {
  constructor(private readonly db: DataSource) {}

  async find(query: RegionQuery, limit: number): Promise<RegionView[]> {
    return this.db.query(
      `WITH ranked AS (
         SELECT u.*, ${MATCH_RANK} AS match_rank
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
       ${REGION_WITH_COVERAGE}
       ORDER BY p.match_rank, p.similarity DESC NULLS LAST, p.level_rank, p.name_folded, p.teryt`,
      [query.text, query.stemmedTexts, query.words.map(([word]) => `(^| )${word}`), query.words.map((options) => `(^| )(${options.join('|')})`), query.levels, query.unitTypes, limit],
    );
  }

  /** The unit with exactly this TERYT code (zero or one). */
  async findByTeryt(teryt: string): Promise<RegionView[]> {
    return this.db.query(`WITH picked AS (SELECT u.* FROM geocode.admin_units u WHERE u.teryt = $1)
       ${REGION_WITH_COVERAGE}`, [teryt]);
  }
}
