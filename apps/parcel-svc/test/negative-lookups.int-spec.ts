import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import pg from 'pg';
import { FIND_FEATURE_SQL, SIMILAR_IDS_SQL } from '../src/parcel/parcel.repository.js';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * An unknown parcel id costs as little as a known one: the exact lookup takes the unique btree
 * (pg_trgm's GiST also answers `=`, slowly for a miss, so its index is built on an expression `=`
 * does not match), and the close ids offered on a 404 are ranked among the id's neighbours in two
 * bounded btree range scans instead of a trigram search over every parcel.
 */
describe('negative parcel lookups', () => {
  let db: TestDatabase;
  let client: pg.Client;

  const plan = async (sql: string, params: unknown[]): Promise<PlanNode[]> => {
    const rows = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    return planNodes(rows.rows[0]!['QUERY PLAN'][0]!.Plan);
  };
  const parcelIndexes = (nodes: PlanNode[]) => nodes.map((node) => node['Index Name']).filter((name): name is string => name?.startsWith('f_parcels__') ?? false);

  beforeAll(async () => {
    db = await createTestDatabase();
    // As parcel-svc's role: the plans are those of the statements parcel-svc runs, with its grants.
    client = new pg.Client({ connectionString: db.urlAs('parcel_svc') });
    await client.connect();
    // Seq scans of a 20-parcel fixture would hide the index choice the planner makes at scale.
    await client.query('SET enable_seqscan = off');
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('builds the parcel id trigram index on an expression equality does not match', async () => {
    const { rows } = await client.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'layer' AND tablename ~ '^f_parcels__[0-9]+$' AND indexname LIKE '%_ext_id_trgm'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.indexdef).toContain("gist (((ext_id || ''::text)) gist_trgm_ops)");
  });

  it('looks an unknown id up through the unique btree only', async () => {
    for (const sql of [FIND_FEATURE_SQL, 'SELECT teryt FROM layer_pub.parcels WHERE id = $1']) {
      const indexes = parcelIndexes(await plan(sql, ['306401_1.0012.999/9']));
      expect(indexes.length).toBeGreaterThan(0);
      // A btree on the id (the unique one, or the text_pattern_ops one of autocomplete), never the trigram GiST.
      for (const index of indexes) expect(index).toMatch(/_ext_id(_prefix)?$/);
    }
  });

  it('ranks close ids among bounded neighbours, without a trigram search over every parcel', async () => {
    const nodes = await plan(SIMILAR_IDS_SQL, ['306401_1.0012.105/13', 5, 200]);
    expect(parcelIndexes(nodes).filter((index) => !/_ext_id(_prefix)?$/.test(index))).toEqual([]);
    expect(nodes.filter((node) => node['Node Type'] === 'Limit').length).toBeGreaterThanOrEqual(2);
  });

  it('offers the same closest ids as an exhaustive trigram ranking', async () => {
    for (const unknown of ['306401_1.0012.105/13', '306401_1.0012.100/7', '306401_1.0012.AR_3.47/9']) {
      const bounded = (await client.query<{ parcel_id: string }>(SIMILAR_IDS_SQL, [unknown, 5, 200])).rows.map((row) => row.parcel_id);
      const exhaustive = (
        await client.query<{ id: string }>(`SELECT id FROM layer_pub.parcels WHERE id % $1 ORDER BY id <-> $1, id LIMIT 5`, [unknown])
      ).rows.map((row) => row.id);
      expect(bounded.length).toBeGreaterThan(0);
      expect(bounded[0]).toBe(exhaustive[0]);
    }
  });
});
