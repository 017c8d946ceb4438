/**
 * Shared helpers of the thematic families (hydrography, environment, energy, transport, services,
 * risk): hand-drawn geometry in WGS84 (rivers, roads, lakes sketched after the real map and given
 * deterministic meanders), staging tables that hold a layer's features in EPSG:2180 until they are
 * written, and the writer that turns a staging table into `<layer>.geojsonl` with the attributes in
 * catalogue order.
 *
 * A staging table `${S}.out_<layer>` has columns (id text PRIMARY KEY, kind, name, teryt, props
 * jsonb, geom). Features are written ORDER BY id; generated features are clipped to Poland (the
 * union of the voivodeships) and, by default, to the surroundings of the demo gminas.
 */
import { findLayer } from '@lp/contracts';
import type { GeneratorContext } from './family.js';
import type { Random } from './random.js';
import type { SourceInfo } from './writer.js';

export type LngLat = readonly [number, number];

/** Metres per degree at a latitude (local equirectangular approximation, fine at a few km). */
function metresPerDegree(lat: number): { mx: number; my: number } {
  return { mx: 111_320 * Math.cos((lat * Math.PI) / 180), my: 110_574 };
}

/** Moves a WGS84 point by dx, dy metres. */
export function offset(p: LngLat, dx: number, dy: number): [number, number] {
  const { mx, my } = metresPerDegree(p[1]);
  return [p[0] + dx / mx, p[1] + dy / my];
}

/**
 * A river-like line through the control points: midpoint displacement (each level halves the
 * amplitude) then two rounds of Chaikin smoothing. Deterministic for the given random stream.
 */
export function meander(points: readonly LngLat[], r: Random, amplitudeM: number, levels = 4): [number, number][] {
  let pts: [number, number][] = points.map((p) => [p[0], p[1]]);
  let amp = amplitudeM;
  for (let l = 0; l < levels; l++) {
    const next: [number, number][] = [];
    for (let i = 0; i < pts.length - 1; i++) {
      const a = pts[i]!;
      const b = pts[i + 1]!;
      next.push(a);
      const { mx, my } = metresPerDegree((a[1] + b[1]) / 2);
      const dx = (b[0] - a[0]) * mx;
      const dy = (b[1] - a[1]) * my;
      const len = Math.hypot(dx, dy) || 1;
      const d = (r.float() * 2 - 1) * Math.min(amp, len * 0.35);
      next.push([(a[0] + b[0]) / 2 + (-dy / len) * (d / mx), (a[1] + b[1]) / 2 + (dx / len) * (d / my)]);
    }
    next.push(pts[pts.length - 1]!);
    pts = next;
    amp /= 2;
  }
  for (let k = 0; k < 2; k++) {
    const next: [number, number][] = [pts[0]!];
    for (let i = 0; i < pts.length - 1; i++) {
      const a = pts[i]!;
      const b = pts[i + 1]!;
      next.push([0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]]);
      next.push([0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1]]);
    }
    next.push(pts[pts.length - 1]!);
    pts = next;
  }
  return pts.map(([x, y]) => [round7(x), round7(y)]);
}

/** An irregular closed ring around a centre: ellipse (semi-axes a, b metres, rotated) with noise. */
export function blob(centre: LngLat, a: number, b: number, rotationDeg: number, r: Random, noise = 0.18, n = 40): [number, number][] {
  const rot = (rotationDeg * Math.PI) / 180;
  // low-frequency noise: a few harmonics with random phases
  const harmonics = [2, 3, 5].map((k) => ({ k, amp: noise * r.float() * (k === 2 ? 1 : 0.6), phase: r.float() * 2 * Math.PI }));
  const ring: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const t = (i / n) * 2 * Math.PI;
    const f = 1 + harmonics.reduce((s, h) => s + h.amp * Math.sin(h.k * t + h.phase), 0);
    const x = a * f * Math.cos(t);
    const y = b * f * Math.sin(t);
    const p = offset(centre, x * Math.cos(rot) - y * Math.sin(rot), x * Math.sin(rot) + y * Math.cos(rot));
    ring.push([round7(p[0]), round7(p[1])]);
  }
  ring.push(ring[0]!);
  return ring;
}

export function round7(x: number): number {
  return Math.round(x * 1e7) / 1e7;
}

export const lineString = (coords: readonly LngLat[]) => ({ type: 'LineString', coordinates: coords });
export const polygon = (ring: readonly LngLat[]) => ({ type: 'Polygon', coordinates: [ring] });
export const point = (p: LngLat) => ({ type: 'Point', coordinates: p });

/** A feature being staged: geometry as GeoJSON in WGS84. */
export interface Sketch {
  id: string;
  kind: string;
  name: string | null;
  teryt?: string | null;
  props?: Record<string, unknown>;
  geometry: object;
}

/** Creates (or re-creates) a staging table `${S}.<table>`. */
export async function createStage(ctx: GeneratorContext, table: string): Promise<void> {
  await ctx.db.query(ctx.sql(`DROP TABLE IF EXISTS \${S}.${table}`));
  await ctx.db.query(
    ctx.sql(`CREATE TABLE \${S}.${table} (id text PRIMARY KEY, kind text NOT NULL, name text, teryt text, props jsonb NOT NULL DEFAULT '{}',
             geom geometry(Geometry, 2180))`),
  );
}

/** Inserts sketched features (WGS84 GeoJSON) into a staging table, transformed to EPSG:2180. */
export async function insertSketches(ctx: GeneratorContext, table: string, sketches: readonly Sketch[]): Promise<void> {
  const chunk = 500;
  for (let i = 0; i < sketches.length; i += chunk) {
    const part = sketches.slice(i, i + chunk).map((s) => ({
      id: s.id,
      kind: s.kind,
      name: s.name,
      teryt: s.teryt ?? null,
      props: JSON.stringify(s.props ?? {}),
      geom: JSON.stringify(s.geometry),
    }));
    await ctx.db.query(
      ctx.sql(`INSERT INTO \${S}.${table} (id, kind, name, teryt, props, geom)
               SELECT x.id, x.kind, x.name, x.teryt, x.props::jsonb, ST_MakeValid(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(x.geom), 4326), 2180))
               FROM json_to_recordset($1::json) AS x(id text, kind text, name text, teryt text, props text, geom text)`),
      [JSON.stringify(part)],
    );
  }
}

/**
 * Helper tables of the thematic families, created once: `p2_poland` (the country, for clipping),
 * `p2_zone` (demo gminas + 8 km, inside Poland) and `p2_demo` (the demo gminas dissolved).
 */
export async function ensureZones(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'p2_zone'`,
    [ctx.scratch],
  );
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.query(
    sql(`CREATE TABLE \${S}.p2_poland AS SELECT ST_Buffer(ST_Union(ST_MakeValid(geom)), 0) AS geom FROM \${S}.voivodeship WHERE geom IS NOT NULL`),
  );
  await db.query(sql(`CREATE TABLE \${S}.p2_demo AS SELECT ST_Union(geom) AS geom FROM \${S}.demo_gmina`));
  await db.query(
    sql(`CREATE TABLE \${S}.p2_zone AS
         SELECT ST_Intersection(ST_Buffer(d.geom, 8000), p.geom) AS geom FROM \${S}.p2_demo d, \${S}.p2_poland p`),
  );
}

/**
 * Clips the staged geometry to Poland (all rows) and to the demo surroundings (rows whose id does
 * not start with one of `keepPrefixes`), keeping the dimension of each geometry; empty rows go.
 */
export async function clipStage(ctx: GeneratorContext, table: string, dim: 1 | 2 | 3, keepOutsideZone = false): Promise<void> {
  const { db, sql } = ctx;
  const clip = keepOutsideZone ? `(SELECT geom FROM \${S}.p2_poland)` : `(SELECT geom FROM \${S}.p2_zone)`;
  if (dim === 1) {
    await db.query(sql(`DELETE FROM \${S}.${table} t WHERE NOT ST_Intersects(t.geom, ${clip})`));
    return;
  }
  await db.query(
    sql(`UPDATE \${S}.${table} t SET geom = ST_CollectionExtract(ST_Intersection(t.geom, c.geom), ${dim})
         FROM ${clip} c(geom) WHERE NOT ST_CoveredBy(t.geom, c.geom)`),
  );
  await db.query(sql(`DELETE FROM \${S}.${table} WHERE geom IS NULL OR ST_IsEmpty(geom)`));
}

/**
 * Writes a staging table as a layer: properties id, kind, name, teryt, then the layer's catalogue
 * attributes (in catalogue order) taken from `props`. Polygon layers as (Multi)Polygon, line layers
 * as (Multi)LineString, point layers as Point.
 */
export async function writeStage(
  ctx: GeneratorContext,
  layerId: string,
  table: string,
  options: { coverage: readonly string[] | null; source: SourceInfo },
): Promise<number> {
  const def = findLayer(layerId);
  if (!def) throw new Error(`unknown layer ${layerId}`);
  const attrs = def.attributes.map((a) => a.name).filter((n) => n !== 'name' && n !== 'teryt');
  const props = attrs.map((a) => `, '${a.replace(/'/g, "''")}', props -> '${a.replace(/'/g, "''")}'`).join('');
  const dim = def.geometryType === 'Polygon' ? 3 : def.geometryType === 'LineString' ? 2 : 1;
  const geom =
    dim === 1
      ? `ST_Transform(CASE WHEN GeometryType(geom) = 'POINT' THEN geom ELSE ST_PointOnSurface(geom) END, 4326)`
      : `ST_Transform(ST_CollectionExtract(geom, ${dim}), 4326)`;
  const layer = ctx.out.layer(layerId, options);
  await ctx.out.writeQuery(
    ctx.db,
    layer,
    ctx.sql(`SELECT ST_AsGeoJSON(${geom}, 7) AS geometry,
                    json_build_object('id', id, 'kind', kind, 'name', name, 'teryt', teryt${props}) AS properties
             FROM \${S}.${table} WHERE geom IS NOT NULL AND NOT ST_IsEmpty(geom) ORDER BY id`),
  );
  return layer.close();
}

/** source.json of a generated layer. */
export function generatedSource(family: string, note: string): SourceInfo {
  return { source_url: `generated://tools/demo/generate/${family}`, note: `generated by tools/demo, not real data: ${note}` };
}

/** A short deterministic code from a key: e.g. `code(ctx, 'natura:x', 6)` -> '004217'. */
export function digits(r: Random, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(r.int(0, 9));
  return s;
}

/** Date `YYYY-MM-DD` a number of days before the reference date. */
export function daysBefore(asOf: string, days: number): string {
  const t = Date.parse(`${asOf}T00:00:00Z`) - Math.round(days) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
