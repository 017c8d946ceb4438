import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, runAppCli, type AppCliRun, type TestDatabase } from '@lp/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The built CLI, as npm start and the test runner call it (as geocode-svc's database role). */
function addressesCli(databaseUrl: string, args: string[]): Promise<AppCliRun> {
  return runAppCli('geocode-svc', 'addresses/addresses.cli.js', args, { databaseUrl });
}

/** `count` addresses on ul. Lipowa in Poznań, about 10 m apart, numbered from 1. */
function lipowa(count: number, extra: Array<Record<string, unknown>> = []): string[] {
  const features = Array.from({ length: count }, (_, index) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [16.91 + index * 0.00015, 52.41] },
    properties: { id: `L${index + 1}`, locality: 'Poznań', locality_simc: '0969400', street: 'ul. Lipowa', house_number: String(index + 1), postcode: '60-201', teryt: '3064011' },
  }));
  return [...features, ...extra].map((feature) => JSON.stringify(feature));
}

function sourceFile(lines: string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'lp-addresses-')), 'addresses.geojsonl');
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

describe('addresses CLI: loading address points into geocode-svc', () => {
  let db: TestDatabase;

  const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> => db.sql<T>(text, params);
  const pointIds = async () => (await sql<{ id: string }>(`SELECT id FROM geocode.address_points ORDER BY id`)).map((row) => row.id);
  const snapshot = () =>
    sql(
      `SELECT a.id, a.house_number, a.house_folded, a.house_base, a.postcode, ST_AsText(a.geom) AS geom, s.street, s.locality, s.gmina, s.name_words, s.postcodes, s.address_count, s.locality_size, s.search::text
       FROM geocode.address_points a JOIN geocode.address_streets s ON s.id = a.street_id ORDER BY a.id`,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('finds the fixture addresses the test runner loaded, and reports them in status', async () => {
    const status = await addressesCli(db.url, ['status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^15 points in 10 streets from .*fixture\/addresses\.geojsonl \(0 left out\), loaded 20\d\d-/);
  });

  it('replaces every address by those of a new file in batches, streets grouped, gmina named from admin_bounds', async () => {
    const result = await addressesCli(db.url, ['load', sourceFile(lipowa(12)), '--batch-size', '5']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/addresses: 12 points in 1 streets read, 0 left out, [0-9.]+ s; committing/);
    expect(result.stdout).toMatch(/addresses: loaded 12 points in 1 streets from .*addresses\.geojsonl \(0 left out\)/);
    expect(await pointIds()).toEqual(Array.from({ length: 12 }, (_, index) => `L${index + 1}`).sort());
    const streets = await sql(`SELECT street, street_type, locality, gmina, name_words, postcodes, address_count, locality_size FROM geocode.address_streets`);
    expect(streets).toEqual([
      { street: 'ul. Lipowa', street_type: 'ul', locality: 'Poznań', gmina: 'Poznań', name_words: ['lipowa'], postcodes: ['60-201'], address_count: 12, locality_size: 12 },
    ]);
    expect((await sql<{ word: string }>(`SELECT word FROM geocode.address_words ORDER BY word`)).map((row) => row.word)).toEqual(['lipowa', 'poznan']);
  });

  it('loads the same file again to the same rows', async () => {
    const path = sourceFile(lipowa(12));
    expect((await addressesCli(db.url, ['load', path])).code).toBe(0);
    const first = await snapshot();
    expect((await addressesCli(db.url, ['load', path])).code).toBe(0);
    expect(await snapshot()).toEqual(first);
  });

  it('leaves out features a search cannot use, and says which', async () => {
    const outside = { type: 'Feature', geometry: { type: 'Point', coordinates: [2.35, 48.85] }, properties: { id: 'X1', locality: 'Paris', street: null, house_number: '1', teryt: '3064011' } };
    const result = await addressesCli(db.url, ['load', sourceFile(lipowa(12, [outside]))]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('line 13 left out: X1: point 2.35,48.85 is outside Poland');
    expect((await addressesCli(db.url, ['status'])).stdout).toMatch(/^12 points in 1 streets .* \(1 left out\)/);
  });

  it('keeps the addresses loaded before when a load fails: a broken line, a duplicate id, an empty file', async () => {
    const before = await snapshot();
    const broken = await addressesCli(db.url, ['load', sourceFile([...lipowa(20).slice(0, 15), '{"type": "Feat', ...lipowa(20).slice(15)]), '--batch-size', '5']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/load failed, the addresses loaded before stay: .*addresses\.geojsonl:16 is not JSON/);
    expect(await snapshot()).toEqual(before);

    const duplicate = await addressesCli(db.url, ['load', sourceFile([...lipowa(20), lipowa(1)[0]!])]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/duplicate key .*\(Key \(id\)=\(L1\) already exists\.\)/);
    expect(await snapshot()).toEqual(before);

    const empty = await addressesCli(db.url, ['load', sourceFile([])]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/has no usable address point/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a source with less than half the points loaded now unless --allow-shrink', async () => {
    const small = sourceFile(lipowa(5));
    const refused = await addressesCli(db.url, ['load', small]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/has 5 address points, less than half of the 12 loaded now; the old ones stay \(--allow-shrink loads it anyway\)/);
    expect(await pointIds()).toHaveLength(12);
    expect((await addressesCli(db.url, ['load', small, '--allow-shrink'])).code).toBe(0);
    expect(await pointIds()).toEqual(['L1', 'L2', 'L3', 'L4', 'L5']);
  });

  it('answers usage errors with exit code 2', async () => {
    expect((await addressesCli(db.url, ['load', '/nonexistent/addresses.geojsonl'])).code).toBe(2);
    expect((await addressesCli(db.url, ['load', sourceFile(lipowa(1)), '--batch-size', '0'])).code).toBe(2);
    expect((await addressesCli(db.url, ['unload'])).code).toBe(2);
  });
});
