import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OWNERSHIP_GROUP_CRITERION, SEARCH_LIMIT_MAX } from '@lp/contracts';
import { SearchIndexRepository } from '../src/search-index/search-index.repository.js';
import { searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * The ownership filter (filters.ownership_groups) against plain SQL on layer_pub.parcels: the
 * matches are exactly the indexed parcels whose registration group is in (or, with exclude, known
 * and outside) the groups asked; a parcel without a group is never returned; coverage counts the
 * parcels whose group is unknown, and a gmina where every group is unknown blocks the search.
 */
describe('ownership filter on the EGiB registration group (demo data)', () => {
  let f: SearchEngineFixture;
  /** Demo gminas with indexed parcels, with how many have no group. */
  let gminas: Array<{ teryt: string; parcels: number; unknown: number }>;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    gminas = await f.source.query(
      `SELECT i.teryt, count(*)::int AS parcels, count(*) FILTER (WHERE p.registration_group IS NULL)::int AS unknown
       FROM search.parcel_index i JOIN layer_pub.parcels p ON p.id = i.parcel_id
       GROUP BY i.teryt ORDER BY i.teryt`,
    );
  }, 300_000);
  afterAll(() => f?.close());

  /** The groups of parcels by plain SQL, by id. */
  async function groupsOf(ids: string[]): Promise<Map<string, string | null>> {
    const rows = (await f.source.query(`SELECT id, registration_group FROM layer_pub.parcels WHERE id = ANY($1::text[])`, [ids])) as Array<{
      id: string;
      registration_group: string | null;
    }>;
    return new Map(rows.map((r) => [r.id, r.registration_group]));
  }

  /** Indexed parcels of a gmina by plain SQL: in the groups, or (outside) known and not in them. */
  async function countSql(teryt: string, groups: string[], inside: boolean): Promise<number> {
    const [row] = (await f.source.query(
      `SELECT count(*)::int AS n FROM search.parcel_index i JOIN layer_pub.parcels p ON p.id = i.parcel_id
       WHERE i.teryt = $1 AND p.registration_group IS NOT NULL AND (p.registration_group = ANY($2::text[])) = $3`,
      [teryt, groups, inside],
    )) as Array<{ n: number }>;
    return row!.n;
  }

  it('the demo gives most parcels a group and leaves some unknown', () => {
    expect(gminas.length).toBeGreaterThan(0);
    const parcels = gminas.reduce((s, g) => s + g.parcels, 0);
    const unknown = gminas.reduce((s, g) => s + g.unknown, 0);
    expect(unknown).toBeGreaterThan(0);
    expect(unknown).toBeLessThan(parcels / 10);
  });

  it('include: the count is the SQL count, every result is in the groups asked, and coverage counts the unknown parcels', async () => {
    const gmina = ['4', '5'];
    let judged = 0;
    for (const { teryt, parcels, unknown } of gminas) {
      const answer = await f.engine.run({ region: teryt, filters: { ownership_groups: { include: gmina } }, limit: SEARCH_LIMIT_MAX });
      expect(answer.blocked).toBe(false);
      expect({ teryt, matched: answer.matched }).toEqual({ teryt, matched: await countSql(teryt, gmina, true) });
      const groups = await groupsOf(answer.results.map((r) => r.parcel_id));
      for (const result of answer.results)
        expect({ id: result.parcel_id, group: groups.get(result.parcel_id) }).toEqual({ id: result.parcel_id, group: expect.stringMatching(/^[45]$/) });
      judged += answer.results.length;
      const coverage = answer.coverage.find((c) => c.criterion === OWNERSHIP_GROUP_CRITERION)!;
      expect(coverage.mode).toBe('requires');
      if (unknown === 0) expect(coverage.status).toBe('available');
      else {
        expect(coverage.status).toBe('partial');
        expect(coverage.note).toContain(`unknown for ${unknown} of the ${parcels} parcels`);
      }
    }
    expect(judged).toBeGreaterThan(0);
  }, 300_000);

  it('exclude: only parcels whose group is known and outside the groups; an unknown group is never returned', async () => {
    const privateOwners = ['7', '15'];
    for (const { teryt } of gminas.slice(0, 3)) {
      const answer = await f.engine.run({ region: teryt, filters: { ownership_groups: { exclude: privateOwners } }, limit: SEARCH_LIMIT_MAX });
      expect({ teryt, matched: answer.matched }).toEqual({ teryt, matched: await countSql(teryt, privateOwners, false) });
      const groups = await groupsOf(answer.results.map((r) => r.parcel_id));
      for (const result of answer.results) {
        const group = groups.get(result.parcel_id);
        expect(group).not.toBeNull();
        expect(privateOwners).not.toContain(group);
      }
    }
  }, 300_000);

  it('a gmina where no parcel has a group blocks the search: unknown is not "no", and nothing is returned as passing', async () => {
    const { teryt } = gminas[0]!;
    const [{ table_name: table }] = await f.db.sql<{ table_name: string }>(`SELECT table_name FROM layer.layer_state WHERE layer_id = 'parcels'`);
    await f.db.sql(`UPDATE layer.${table} SET attrs = attrs - 'registration_group' WHERE teryt = $1`, [teryt]);
    await new SearchIndexRepository(f.source).buildGmina(teryt);
    const answer = await f.engine.run({ region: teryt, filters: { ownership_groups: { include: ['7'] } }, limit: 10 });
    expect(answer).toMatchObject({ blocked: true, count: 0, results: [] });
    const coverage = answer.coverage.find((c) => c.criterion === OWNERSHIP_GROUP_CRITERION)!;
    expect(coverage).toMatchObject({ mode: 'requires', status: 'missing' });
    expect(coverage.note).toContain('blocked');
  }, 300_000);
});
