import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import { join } from 'node:path';
import { refreshThroughProfile, REGISTERS } from './register-cli.js';
import { startWfsStub, type WfsStub, type WfsStubOptions } from './wfs-stub.js';

/**
 * A WFS harvest through the layers CLI against a stand-in of the register's WFS (the third party's
 * server is the only fake; PostGIS is real): it pages as the server allows, sorts, counts, retries,
 * and never serves fewer features than the server holds.
 */
describe('harvesting a register WFS page by page', () => {
  let db: TestDatabase;
  let stub: WfsStub | undefined;
  const LOKALE = join(REGISTERS, 'rcn', 'lokale.gml');
  const rcn = (options: Partial<WfsStubOptions>): WfsStubOptions => ({
    capabilities: join(REGISTERS, 'rcn', 'GetCapabilities.xml'),
    answers: { 'ms:lokale': LOKALE },
    maxPageSize: 2,
    advertisedPageSize: 2,
    ...options,
  });
  const harvest = async (options: WfsStubOptions, layer = 'lokale', profile = 'rcn-lokale') => {
    stub = await startWfsStub(options);
    return refreshThroughProfile(db.url, layer, profile, stub.url, ['--allow-shrink']);
  };
  const served = async (layer: string): Promise<number> => (await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM layer_pub.${layer}`))[0]!.n;
  const pageRequests = () => stub!.requests.filter((request) => request.get('REQUEST') === 'GetFeature' && request.get('RESULTTYPE') !== 'hits');

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('pages by the CountDefault the capabilities state, sorted on the transaction id, and loads every feature', async () => {
    const run = await harvest(rcn({}));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await served('lokale')).toBe(6);
    const pages = pageRequests();
    expect(pages.map((page) => [page.get('COUNT'), page.get('STARTINDEX')])).toEqual([
      ['2', '0'],
      ['2', '2'],
      ['2', '4'],
    ]);
    expect(pages.every((page) => page.get('SORTBY') === 'tran_lokalny_id_iip ASC')).toBe(true);
    expect(run.stdout).toContain('ms:lokale: the server holds 6 features; pages of 2');
  });

  it('keeps paging when the server returns fewer than it advertises, without a count (MapServer\'s "unknown")', async () => {
    const run = await harvest(rcn({ advertisedPageSize: null, countsMatches: false }));
    expect(run.code).toBe(0);
    expect(await served('lokale')).toBe(6);
    // Pages of 2 against 1000 asked: a short page is not taken for the end; an empty one is.
    expect(pageRequests().map((page) => page.get('STARTINDEX'))).toEqual(['0', '2', '4', '6']);
  });

  it('fails, naming both numbers, when the server stops serving before its count, and the served version stays', async () => {
    const before = (await db.sql<{ version: number }>(`SELECT version FROM layer.layer_state WHERE layer_id = 'lokale'`))[0]!.version;
    const run = await harvest(rcn({ servesAtMost: 2 }));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/holds 6 features of ms:lokale but paging returned 2; refusing a short harvest/);
    expect(await served('lokale')).toBe(6);
    expect((await db.sql<{ version: number }>(`SELECT version FROM layer.layer_state WHERE layer_id = 'lokale'`))[0]!.version).toBe(before);
  });

  it('retries a request the server fails with 503, and then loads everything', async () => {
    const run = await harvest(rcn({ failFirst: 1 }));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('WFS request failed (HTTP 503); attempt 2 of 5');
    expect(await served('lokale')).toBe(6);
  });

  it('GDOŚ: merges the feature types into env_layers by type, keeps park buffer zones and leaves out reserve buffers', async () => {
    const gdos = (type: string) => join(REGISTERS, 'gdos', `${type}.gml`);
    const run = await harvest(
      {
        capabilities: join(REGISTERS, 'gdos', 'GetCapabilities.xml'),
        answers: { 'GDOS:ParkiNarodowe': gdos('ParkiNarodowe'), 'GDOS:Rezerwaty': gdos('Rezerwaty'), 'GDOS:SpecjalneObszaryOchrony': gdos('SpecjalneObszaryOchrony') },
        maxPageSize: 1,
        advertisedPageSize: 1,
      },
      'env_layers',
      'gdos-protected-areas',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = await db.sql(`SELECT id, kind, name, code, round(area_sqm)::int AS area_sqm FROM layer_pub.env_layers ORDER BY id`);
    expect(rows).toEqual([
      { id: 'PL.ZIPOP.1393.N2K.PLH300099', kind: 'natura2000_habitat', name: 'Fixture Dolina Warty', code: 'PLH300099', area_sqm: 40_000_000 },
      { id: 'PL.ZIPOP.1393.PN.17', kind: 'national_park', name: 'Wielkopolski Park Narodowy', code: 'PL.ZIPOP.1393.PN.17', area_sqm: 64_000_000 },
      { id: 'PL.ZIPOP.1393.PN.17.OT', kind: 'national_park_buffer', name: 'Wielkopolski Park Narodowy - otulina', code: 'PL.ZIPOP.1393.PN.17.OT', area_sqm: 24_000_000 },
      { id: 'PL.ZIPOP.1393.RP.1726', kind: 'nature_reserve', name: 'Rezerwat Fixture Łęgi', code: 'PL.ZIPOP.1393.RP.1726', area_sqm: 250_000 },
    ]);
    // Every one of the eight feature types was asked for, each counted first.
    const hits = stub!.requests.filter((request) => request.get('RESULTTYPE') === 'hits').map((request) => request.get('TYPENAMES'));
    expect(hits).toHaveLength(8);
  });
});
