import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import type { QueryRunner } from 'typeorm';
import { TileGeometry1764700000000 } from '../src/db/migrations/1764700000000-tile-geometry.js';

/** What each row of a version table differs by from plain PostGIS's web-mercator geometry and weight (0 rows: none). */
const DIFFERING = (table: string): string =>
  `SELECT count(*)::int AS n FROM layer.${table}
   WHERE geom_web IS NULL OR NOT ST_Equals(geom_web, ST_Transform(geom, 3857)) OR ST_SRID(geom_web) <> 3857
      OR tile_weight IS DISTINCT FROM ST_Area(geom) + ST_Length(geom)`;

/** The web-mercator copy tiles read (layer-tables.ts TILE_GEOMETRY_COLUMNS) on the demo dataset, as loaded and as the migration adds it. */
describe('the tile geometry of version tables', () => {
  let db: TestDatabase;
  let served: Array<{ layer_id: string; table_name: string }>;

  beforeAll(async () => {
    db = await createTestDatabase('demo');
    served = await db.sql(`SELECT layer_id, table_name FROM layer.layer_state ORDER BY layer_id`);
  });
  afterAll(() => db?.drop());

  it('is each row’s geometry in web mercator and its area or length, in every served table, with a spatial index', async () => {
    let rows = 0;
    for (const { table_name: table } of served) {
      const [differing] = await db.sql<{ n: number }>(DIFFERING(table));
      expect({ table, differing: differing!.n }).toEqual({ table, differing: 0 });
      const [count] = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM layer.${table}`);
      rows += count!.n;
      const [index] = await db.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'layer' AND tablename = $1 AND indexdef LIKE '%USING gist (geom_web)%'`,
        [table],
      );
      expect({ table, index: index!.n }).toEqual({ table, index: 1 });
    }
    expect(rows).toBeGreaterThan(10_000);
    // the weight is an area for polygons and a length for lines
    const [parcel] = await db.sql<{ same: boolean }>(`SELECT bool_and(abs(f.tile_weight - ST_Area(f.geom)) < 1e-6) AS same FROM layer_pub.parcels p JOIN layer.${served.find((s) => s.layer_id === 'parcels')!.table_name} f ON f.fid = p.fid`);
    expect(parcel!.same).toBe(true);
  });

  it('follows the geometry when a row is updated', async () => {
    const table = served.find((s) => s.layer_id === 'kowr_land')!.table_name;
    await db.sql(`UPDATE layer.${table} SET geom = ST_Translate(geom, 10, 0) WHERE fid = (SELECT min(fid) FROM layer.${table})`);
    const [differing] = await db.sql<{ n: number }>(DIFFERING(table));
    expect(differing!.n).toBe(0);
  });

  it('is added by the migration to the tables loaded before it, kept ones too, once', async () => {
    const runner = { query: (sql: string, params?: unknown[]) => db.sql(sql, params) } as unknown as QueryRunner;
    await new TileGeometry1764700000000().down(runner);
    const [left] = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = 'layer' AND column_name IN ('geom_web', 'tile_weight')`);
    expect(left!.n).toBe(0);
    await new TileGeometry1764700000000().up(runner);
    await new TileGeometry1764700000000().up(runner);
    const tables = await db.sql<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'layer' AND tablename ~ '^f_[a-z][a-z0-9_]*__[0-9]+$'`);
    expect(tables.length).toBeGreaterThan(served.length);
    for (const { name } of tables) {
      const [differing] = await db.sql<{ n: number }>(DIFFERING(name));
      expect({ name, differing: differing!.n }).toEqual({ name, differing: 0 });
    }
    // the pieces of subdivided layers are no version tables: untouched
    const [pieces] = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = 'layer' AND table_name LIKE '%\\_sub' AND column_name = 'geom_web'`);
    expect(pieces!.n).toBe(0);
  });
});
