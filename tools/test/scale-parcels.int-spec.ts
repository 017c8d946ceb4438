/**
 * The scale dataset's realistic parcels, checked with plain PostGIS on a real database (the demo
 * template, for its gminas): a partition without gaps or overlaps, valid polygons, unique ids, and
 * shapes within the bands docs/scale-data.md states.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import { gminaBlockSql } from '../demo/scale-layers.js';
import { REALISTIC_PLOTS_SQL, plotsParams } from '../demo/scale-parcels.js';

/** Blocks of QUOTA parcels each: one block has a dozen rows, so the shapes are judged over several. */
const BLOCKS = 6;
const QUOTA = 1000;

/** The realistic plots of block $1 (its draws follow from the name) around ($2, 480000). */
const INSERT_BLOCK_SQL = `
  INSERT INTO scale_plots
  WITH g AS (SELECT $1::text AS id, ST_SetSRID(ST_MakePoint($2::float8, 480000), 2180) AS c, ${QUOTA}::int AS quota)
  ${REALISTIC_PLOTS_SQL}
  SELECT id, n, geom, area FROM plots`;

describe('realistic scale parcels (PostGIS)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('demo');
    await db.sql('CREATE TABLE scale_plots (block text, n integer, geom geometry, area float8)');
    for (let block = 1; block <= BLOCKS; block++) await db.sql(INSERT_BLOCK_SQL, [`test-block-${block}`, 300_000 + block * 20_000]);
    await db.sql('CREATE INDEX ON scale_plots USING gist (geom)');
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
  });

  it('gives every block exactly its quota, numbered 0 to quota - 1, every one a valid polygon', async () => {
    const rows = await db.sql<{ count: number; distinct_n: number; max_n: number; invalid: number; not_polygon: number }>(
      `SELECT count(*)::int AS count, count(DISTINCT n)::int AS distinct_n, max(n) AS max_n,
              count(*) FILTER (WHERE NOT ST_IsValid(geom))::int AS invalid,
              count(*) FILTER (WHERE ST_GeometryType(geom) <> 'ST_Polygon')::int AS not_polygon
       FROM scale_plots GROUP BY block`,
    );
    expect(rows).toEqual(new Array(BLOCKS).fill({ count: QUOTA, distinct_n: QUOTA, max_n: QUOTA - 1, invalid: 0, not_polygon: 0 }));
  });

  it('partitions each block: the union is one piece without holes and its area is the sum of the parcels (0.01 %)', async () => {
    const rows = await db.sql<{ sum_area: number; union_area: number; parts: number; holes: number }>(
      `SELECT sum_area, ST_Area(u) AS union_area, ST_NumGeometries(u) AS parts, ST_NumInteriorRings(ST_GeometryN(u, 1)) AS holes
       FROM (SELECT block, sum(area) AS sum_area, ST_Union(geom) AS u FROM scale_plots GROUP BY block) b`,
    );
    expect(rows).toHaveLength(BLOCKS);
    for (const row of rows) {
      expect(row.parts).toBe(1);
      expect(row.holes).toBe(0);
      expect(Math.abs(row.union_area - row.sum_area) / row.sum_area).toBeLessThan(0.0001);
    }
  });

  it('has no overlaps between neighbours, and neighbours share their boundary (not only touch at a point)', async () => {
    const [row] = await db.sql<{ overlap_area: number; shared_boundary_pairs: number }>(
      `SELECT coalesce(sum(ST_Area(ST_Intersection(a.geom, b.geom))) FILTER (WHERE ST_Overlaps(a.geom, b.geom)), 0) AS overlap_area,
              count(*) FILTER (WHERE ST_Length(ST_Intersection(ST_Boundary(a.geom), ST_Boundary(b.geom))) > 1)::int AS shared_boundary_pairs
       FROM scale_plots a JOIN scale_plots b ON a.block = b.block AND a.n < b.n AND ST_Intersects(a.geom, b.geom)`,
    );
    expect(row!.overlap_area).toBeLessThan(0.01);
    // Every parcel has at least one neighbour along a line, so a block has at least QUOTA - 1 such pairs.
    expect(row!.shared_boundary_pairs).toBeGreaterThanOrEqual(BLOCKS * (QUOTA - 1));
  });

  it('has the stated shapes: mean vertices 15 to 30, median area 0.3 to 0.6 ha, mostly strips at least 4 times as long as wide', async () => {
    const [row] = await db.sql<{ mean_vertices: number; median_area: number; small: number; large: number; elongated: number }>(
      `SELECT avg(ST_NPoints(geom))::float8 AS mean_vertices,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY area) AS median_area,
              avg((area < 1000)::int)::float8 AS small, avg((area >= 50000)::int)::float8 AS large,
              -- a strip's perimeter squared over its area is about 2 (l/w + 2 + w/l); 4:1 gives 25
              avg((ST_Perimeter(geom) ^ 2 / area >= 25)::int)::float8 AS elongated
       FROM scale_plots`,
    );
    expect(row!.mean_vertices).toBeGreaterThanOrEqual(15);
    expect(row!.mean_vertices).toBeLessThanOrEqual(30);
    expect(row!.median_area).toBeGreaterThanOrEqual(3000);
    expect(row!.median_area).toBeLessThanOrEqual(6000);
    expect(row!.small).toBeLessThan(0.1);
    expect(row!.large).toBeGreaterThan(0.005);
    expect(row!.large).toBeLessThan(0.05);
    expect(row!.elongated).toBeGreaterThan(0.6);
  });

  it('writes one parcel line per id in a gmina block, with its area and vertex count', async () => {
    const [gmina] = await db.sql<{ id: string }>(`SELECT id FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND geom IS NOT NULL ORDER BY id LIMIT 1`);
    const rows = await db.sql<{ layer: string; line: string; area: number | null; vertices: number | null }>(gminaBlockSql('realistic'), [
      gmina!.id,
      400,
      ...plotsParams('realistic'),
    ]);
    const parcels = rows.filter((row) => row.layer === 'parcels');
    const ids = parcels.map((row) => (JSON.parse(row.line) as { properties: { id: string } }).properties.id);
    expect(parcels).toHaveLength(400);
    expect(new Set(ids).size).toBe(400);
    expect(rows.filter((row) => row.layer === 'terrain_stats')).toHaveLength(400);
    for (const row of parcels) {
      const feature = JSON.parse(row.line) as { properties: { area_sqm: number; precinct_id: string }; geometry: { type: string; coordinates: number[][][] } };
      expect(feature.geometry.type).toBe('Polygon');
      expect(feature.geometry.coordinates[0]).toHaveLength(row.vertices!);
      expect(Math.abs(feature.properties.area_sqm - row.area!)).toBeLessThan(0.1);
      expect(feature.properties.precinct_id).toMatch(/^\d{6}_\d\.9\d{3}$/);
    }
  });

  it('stays a valid partition as written (GeoJSON in WGS 84 at 7 decimals): every parcel valid, no overlaps', async () => {
    const [gmina] = await db.sql<{ id: string }>(`SELECT id FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND geom IS NOT NULL ORDER BY id LIMIT 1`);
    const rows = await db.sql<{ layer: string; line: string }>(gminaBlockSql('realistic'), [gmina!.id, 2000, ...plotsParams('realistic')]);
    const features = rows.filter((row) => row.layer === 'parcels').map((row) => JSON.parse(row.line) as unknown);
    const [row] = await db.sql<{ count: number; invalid: number; overlapping_pairs: number }>(
      `WITH written AS (
         SELECT f->'properties'->>'id' AS id, ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(f->'geometry'), 4326), 2180) AS geom
         FROM json_array_elements($1::json) AS f
       )
       SELECT (SELECT count(*)::int FROM written) AS count,
              (SELECT count(*)::int FROM written WHERE NOT ST_IsValid(geom)) AS invalid,
              (SELECT count(*)::int FROM written a JOIN written b ON a.id < b.id AND ST_Overlaps(a.geom, b.geom)) AS overlapping_pairs`,
      [JSON.stringify(features)],
    );
    expect(row).toEqual({ count: 2000, invalid: 0, overlapping_pairs: 0 });
  });

  it('still writes the former rectangles with --geometry synthetic', async () => {
    const [gmina] = await db.sql<{ id: string }>(`SELECT id FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND geom IS NOT NULL ORDER BY id LIMIT 1`);
    const rows = await db.sql<{ layer: string; area: number | null; vertices: number | null }>(gminaBlockSql('synthetic'), [gmina!.id, 50, ...plotsParams('synthetic')]);
    const parcels = rows.filter((row) => row.layer === 'parcels');
    expect(parcels).toHaveLength(50);
    expect(parcels.every((row) => row.vertices === 5 && row.area === 2700)).toBe(true);
  });
});
