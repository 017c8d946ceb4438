import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hasSubdividedView, LAYER_CATALOGUE, subdividedMaxVertices } from '@lp/contracts';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import type { QueryRunner } from 'typeorm';
import { LinePieces1764600000000 } from '../src/db/migrations/1764600000000-line-pieces.js';

const LINE_LAYERS = LAYER_CATALOGUE.filter((layer) => layer.geometryType === 'LineString' && hasSubdividedView(layer));

/** Line layers in pieces (layer_pub.<layer>_subdivided) on the small demo dataset, as loaded and as the migration cuts them. */
describe('line layers published in pieces', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('demo');
  });
  afterAll(() => db?.drop());

  it('cuts every line layer but contours, each piece within the vertex limit, the pieces as long as their feature', async () => {
    expect(LINE_LAYERS.map((l) => l.id).sort()).toEqual(['planned_railways', 'planned_roads', 'power_lines', 'roads', 'waterways']);
    for (const layer of LINE_LAYERS) {
      const [row] = await db.sql<{ features: number; cut: number; worst: number | null; most: number | null }>(
        `SELECT (SELECT count(*)::int FROM layer_pub.${layer.id}) AS features,
                count(DISTINCT x.fid)::int AS cut,
                max(abs(x.pieces - x.whole) / greatest(x.whole, 1)) AS worst, max(x.most)::int AS most
         FROM (SELECT f.fid, ST_Length(f.geom) AS whole, sum(ST_Length(s.geom)) AS pieces, max(ST_NPoints(s.geom)) AS most
               FROM layer_pub.${layer.id} f JOIN layer_pub.${layer.id}_subdivided s ON s.fid = f.fid GROUP BY f.fid, f.geom) x`,
      );
      expect({ layer: layer.id, cut: row!.cut }).toEqual({ layer: layer.id, cut: row!.features });
      if (row!.features > 0) {
        expect(row!.worst!).toBeLessThan(1e-9);
        expect(row!.most!).toBeLessThanOrEqual(subdividedMaxVertices(layer));
      }
    }
    const [waterways] = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM layer_pub.waterways`);
    expect(waterways!.n).toBeGreaterThan(0);
  });

  it('gives each parcel the distance to the nearest waterway and power line that the whole features give', async () => {
    for (const layer of ['waterways', 'power_lines']) {
      const [row] = await db.sql<{ parcels: number; worst: number }>(
        `SELECT count(*)::int AS parcels, max(abs(w.m - p.m)) AS worst
         FROM (SELECT id, geom FROM layer_pub.parcels ORDER BY id LIMIT 400) t
         CROSS JOIN LATERAL (SELECT min(ST_Distance(f.geom, t.geom)) AS m FROM layer_pub.${layer} f) w
         CROSS JOIN LATERAL (SELECT ST_Distance(s.geom, t.geom) AS m FROM layer_pub.${layer}_subdivided s ORDER BY s.geom <-> t.geom LIMIT 1) p`,
      );
      expect(row!.parcels).toBe(400);
      // a cut adds a vertex on a segment: the distances agree to far below the 0.1 m anything reports
      expect(row!.worst).toBeLessThan(1e-9);
    }
  });

  it('cuts the line tables loaded before it, once, and points each view at its served table', async () => {
    const runner = { query: (sql: string, params?: unknown[]) => db.sql(sql, params) } as unknown as QueryRunner;
    const [before] = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM layer_pub.waterways_subdivided`);
    const [{ table_name: served }] = await db.sql<{ table_name: string }>(`SELECT table_name FROM layer.layer_state WHERE layer_id = 'waterways'`);
    // as a database of before the migration: no pieces of line tables, no view
    await new LinePieces1764600000000().down(runner);
    const [gone] = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pg_views WHERE schemaname = 'layer_pub' AND viewname = 'waterways_subdivided'`);
    expect(gone!.n).toBe(0);
    await new LinePieces1764600000000().up(runner);
    await new LinePieces1764600000000().up(runner);
    const [after] = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM layer_pub.waterways_subdivided`);
    expect(after!.n).toBe(before!.n);
    const [view] = await db.sql<{ definition: string }>(`SELECT definition FROM pg_views WHERE schemaname = 'layer_pub' AND viewname = 'waterways_subdivided'`);
    expect(view!.definition).toContain(`${served}_sub`);
    const [owner] = await db.sql<{ same: boolean }>(
      `SELECT (SELECT tableowner FROM pg_tables WHERE schemaname = 'layer' AND tablename = $1) = (SELECT tableowner FROM pg_tables WHERE schemaname = 'layer' AND tablename = $2) AS same`,
      [served, `${served}_sub`],
    );
    expect(owner!.same).toBe(true);
  });
});
