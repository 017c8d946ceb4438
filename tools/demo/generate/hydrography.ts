/**
 * hydrography: rivers, canals, streams, drainage ditches and lakes (layer `waterways`) and the
 * scratch tables the environment, energy and transport families build on:
 *   hydro_line(id, kind, name, flood_class, geom LineString)  flood_class: big | medium | small | none
 *   hydro_area(id, kind, name, geom Polygon)                   lakes and reservoirs
 *
 * What is where, and why:
 * - NAMED rivers sketched after the real map (control points every few km, deterministic
 *   meanders): the Warta from Śrem through Mosina, Puszczykowo, Luboń and the centre of Poznań to
 *   Oborniki (navigable; the data_center_site "near water" criterion is met along it), the Cybina
 *   (Pobiedziska, Swarzędz, Malta), Główna, Bogdanka, Samica Kierska, Wirynka, Kopla, Mogilnica,
 *   the Kanał Mosiński; the Drwęca and the Kanał Elbląski at Ostróda, the Iławka, the Łyna
 *   (Olsztyn, Dywity, Bartoszyce), the Wadąg, the Guber; the Łabuńka and Topornica at Zamość; the
 *   Odra and the lower Warta at Kostrzyn nad Odrą (navigable). Big rivers get wide flood zones.
 * - NAMED lakes (Kierskie, Strzeszyńskie, Rusałka, Malta, Swarzędzkie, Kórnickie, Lusowskie,
 *   Góreckie, Drwęckie, Pauzeńskie, Jeziorak, Ukiel, Długie, Kortowskie, Zalew Zamojski). A lake
 *   whose outline falls on generated parcels is cut back to 15 m from them (or dropped when less
 *   than 35 % remains), so lakes never cover parcels.
 * - GENERATED local streams through about half of the parcelled suburban and rural precincts that
 *   have no named river within 800 m: each passes beside the precinct's parcels (offset 15-45 % of
 *   the parcel cluster's radius), so its flood zones (environment family) cover some parcels and
 *   end 20-90 m from others. Generated lakes (Warmia 55 %, elsewhere 20 % of those precincts) are
 *   placed just outside the parcelled precinct (parcels fill it), 40-250 m clear of every parcel. Drainage ditches follow some field
 *   tracks (no flood zone).
 * Features are clipped to Poland and to the demo gminas + 8 km; coverage = the demo gminas.
 */
import type { GeneratorContext, GeneratorFamily } from './family.js';
import {
  blob,
  clipStage,
  createStage,
  digits,
  ensureZones,
  generatedSource,
  insertSketches,
  lineString,
  meander,
  offset,
  polygon,
  writeStage,
  type LngLat,
  type Sketch,
} from './sketch.js';

type FloodClass = 'big' | 'medium' | 'small' | 'none';

interface NamedLine {
  id: string;
  kind: 'river' | 'stream' | 'canal';
  name: string;
  flood: FloodClass;
  navigable?: boolean;
  /** meander amplitude, metres */
  amp: number;
  points: LngLat[];
}

/** Rivers and canals sketched after the real map (WGS84, downstream order). */
export const NAMED_LINES: readonly NamedLine[] = [
  // ------------------------------------------------------------------ Poznań and powiat poznański
  {
    id: 'warta-poznan', kind: 'river', name: 'Warta', flood: 'big', navigable: true, amp: 450,
    points: [[17.02, 52.08], [16.99, 52.14], [16.955, 52.19], [16.93, 52.225], [16.9, 52.252], [16.872, 52.282], [16.885, 52.315], [16.905, 52.343],
      [16.928, 52.368], [16.944, 52.39], [16.95, 52.41], [16.956, 52.43], [16.952, 52.455], [16.966, 52.49], [16.985, 52.515], [16.957, 52.545],
      [16.91, 52.572], [16.87, 52.602], [16.82, 52.645]],
  },
  { id: 'cybina', kind: 'river', name: 'Cybina', flood: 'medium', amp: 250,
    points: [[17.31, 52.495], [17.24, 52.468], [17.17, 52.44], [17.1, 52.422], [17.045, 52.41], [16.995, 52.402], [16.957, 52.404]] },
  { id: 'glowna', kind: 'stream', name: 'Główna', flood: 'small', amp: 200,
    points: [[17.21, 52.555], [17.13, 52.515], [17.06, 52.48], [17.0, 52.445], [16.958, 52.425]] },
  { id: 'bogdanka', kind: 'stream', name: 'Bogdanka', flood: 'small', amp: 120,
    points: [[16.825, 52.468], [16.85, 52.448], [16.872, 52.43], [16.905, 52.423], [16.945, 52.418]] },
  { id: 'samica-kierska', kind: 'stream', name: 'Samica Kierska', flood: 'small', amp: 200,
    points: [[16.64, 52.545], [16.7, 52.515], [16.745, 52.5], [16.78, 52.49]] },
  { id: 'wirynka', kind: 'stream', name: 'Wirynka', flood: 'small', amp: 200,
    points: [[16.6, 52.375], [16.67, 52.36], [16.74, 52.352], [16.8, 52.345], [16.855, 52.338], [16.9, 52.334]] },
  { id: 'kopla', kind: 'stream', name: 'Kopla', flood: 'small', amp: 200,
    points: [[17.22, 52.3], [17.15, 52.322], [17.08, 52.345], [17.01, 52.362], [16.94, 52.372]] },
  { id: 'mogilnica', kind: 'stream', name: 'Mogilnica', flood: 'small', amp: 250,
    points: [[16.44, 52.405], [16.5, 52.372], [16.55, 52.335], [16.59, 52.29], [16.61, 52.23], [16.62, 52.17]] },
  { id: 'kanal-mosinski', kind: 'canal', name: 'Kanał Mosiński', flood: 'small', amp: 60,
    points: [[16.872, 52.245], [16.8, 52.232], [16.74, 52.213], [16.68, 52.19], [16.6, 52.15]] },
  // ------------------------------------------------------------------------- warmińsko-mazurskie
  { id: 'drweca', kind: 'river', name: 'Drwęca', flood: 'big', amp: 350,
    points: [[20.22, 53.575], [20.12, 53.625], [20.04, 53.662], [20.0, 53.672], [19.955, 53.688], [19.9, 53.655], [19.84, 53.605], [19.78, 53.555], [19.71, 53.51]] },
  { id: 'kanal-elblaski', kind: 'canal', name: 'Kanał Elbląski', flood: 'none', navigable: true, amp: 80,
    points: [[19.962, 53.703], [19.935, 53.728], [19.89, 53.755], [19.84, 53.785], [19.79, 53.82]] },
  { id: 'ilawka', kind: 'river', name: 'Iławka', flood: 'medium', amp: 200,
    points: [[19.57, 53.588], [19.555, 53.56], [19.53, 53.53], [19.49, 53.5]] },
  { id: 'lyna', kind: 'river', name: 'Łyna', flood: 'big', amp: 400,
    points: [[20.51, 53.64], [20.495, 53.7], [20.488, 53.74], [20.48, 53.775], [20.468, 53.805], [20.455, 53.84], [20.435, 53.875], [20.42, 53.91],
      [20.44, 53.955], [20.5, 54.02], [20.6, 54.08], [20.7, 54.15], [20.775, 54.215], [20.808, 54.25], [20.835, 54.295], [20.87, 54.37]] },
  { id: 'wadag', kind: 'river', name: 'Wadąg', flood: 'medium', amp: 250,
    points: [[20.62, 53.93], [20.57, 53.89], [20.53, 53.85], [20.5, 53.815], [20.475, 53.8]] },
  { id: 'guber', kind: 'river', name: 'Guber', flood: 'medium', amp: 300,
    points: [[21.06, 54.1], [21.03, 54.17], [21.0, 54.235], [20.975, 54.29], [20.95, 54.33]] },
  // ------------------------------------------------------------------------------------ Zamość
  { id: 'labunka', kind: 'river', name: 'Łabuńka', flood: 'medium', amp: 250,
    points: [[23.09, 50.67], [23.16, 50.695], [23.22, 50.71], [23.255, 50.716], [23.29, 50.722], [23.34, 50.74]] },
  { id: 'topornica', kind: 'river', name: 'Topornica', flood: 'small', amp: 200,
    points: [[23.23, 50.61], [23.24, 50.65], [23.25, 50.685], [23.258, 50.714]] },
  // ------------------------------------------------------------------------- Kostrzyn nad Odrą
  { id: 'odra-kostrzyn', kind: 'river', name: 'Odra', flood: 'big', navigable: true, amp: 300,
    points: [[14.585, 52.5], [14.6, 52.55], [14.628, 52.578], [14.638, 52.595], [14.622, 52.625], [14.6, 52.66], [14.575, 52.71]] },
  { id: 'warta-kostrzyn', kind: 'river', name: 'Warta', flood: 'big', navigable: true, amp: 300,
    points: [[14.85, 52.625], [14.78, 52.615], [14.72, 52.6], [14.675, 52.592], [14.638, 52.595]] },
];

interface NamedLake {
  id: string;
  kind: 'lake' | 'reservoir';
  name: string;
  centre: LngLat;
  /** semi-axes, metres, and rotation of the major axis from east, degrees */
  a: number;
  b: number;
  rot: number;
}

export const NAMED_LAKES: readonly NamedLake[] = [
  { id: 'kierskie', kind: 'lake', name: 'Jezioro Kierskie', centre: [16.79, 52.482], a: 2100, b: 450, rot: 75 },
  { id: 'strzeszynskie', kind: 'lake', name: 'Jezioro Strzeszyńskie', centre: [16.834, 52.461], a: 750, b: 230, rot: 120 },
  { id: 'rusalka', kind: 'reservoir', name: 'Jezioro Rusałka', centre: [16.868, 52.428], a: 650, b: 120, rot: 10 },
  { id: 'malta', kind: 'reservoir', name: 'Jezioro Maltańskie', centre: [16.975, 52.4045], a: 1100, b: 190, rot: 8 },
  { id: 'swarzedzkie', kind: 'lake', name: 'Jezioro Swarzędzkie', centre: [17.06, 52.414], a: 1400, b: 230, rot: 30 },
  { id: 'kornickie', kind: 'lake', name: 'Jezioro Kórnickie', centre: [17.078, 52.252], a: 2000, b: 260, rot: 95 },
  { id: 'lusowskie', kind: 'lake', name: 'Jezioro Lusowskie', centre: [16.705, 52.455], a: 1500, b: 420, rot: 85 },
  { id: 'goreckie', kind: 'lake', name: 'Jezioro Góreckie', centre: [16.797, 52.262], a: 1000, b: 350, rot: 40 },
  { id: 'drweckie', kind: 'lake', name: 'Jezioro Drwęckie', centre: [19.99, 53.678], a: 4200, b: 420, rot: 118 },
  { id: 'pauzenskie', kind: 'lake', name: 'Jezioro Pauzeńskie', centre: [19.94, 53.724], a: 1500, b: 300, rot: 140 },
  { id: 'jeziorak-s', kind: 'lake', name: 'Jeziorak', centre: [19.572, 53.625], a: 3800, b: 450, rot: 82 },
  { id: 'jeziorak-m', kind: 'lake', name: 'Jeziorak', centre: [19.583, 53.685], a: 3400, b: 650, rot: 97 },
  { id: 'jeziorak-n', kind: 'lake', name: 'Jeziorak', centre: [19.565, 53.74], a: 3300, b: 550, rot: 80 },
  { id: 'ukiel', kind: 'lake', name: 'Jezioro Ukiel', centre: [20.428, 53.797], a: 2000, b: 650, rot: 65 },
  { id: 'dlugie-olsztyn', kind: 'lake', name: 'Jezioro Długie', centre: [20.456, 53.783], a: 900, b: 130, rot: 95 },
  { id: 'kortowskie', kind: 'lake', name: 'Jezioro Kortowskie', centre: [20.455, 53.761], a: 650, b: 170, rot: 105 },
  { id: 'zalew-zamojski', kind: 'reservoir', name: 'Zalew Zamojski', centre: [23.275, 50.716], a: 380, b: 120, rot: 15 },
];

const FAMILY = 'hydrography';

/** River names for generated streams (the locality is appended). */
const STREAM_PREFIX = ['Struga', 'Strumień', 'Potok', 'Rów', 'Kanał'];

async function buildLines(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'hydro_line_stage');
  const named: Sketch[] = NAMED_LINES.map((l) => ({
    id: `mphp-${l.id}`,
    kind: l.kind,
    name: l.name,
    props: {
      flood: l.flood,
      navigable: l.navigable ?? false,
      mphp_id: `${digits(ctx.random(`mphp:${l.name}`), 4)}`,
      water_body_code: `RW6000${l.flood === 'big' ? '2' : '1'}${digits(ctx.random(`jcwp:${l.id}`), 7)}`,
    },
    geometry: lineString(meander(l.points, ctx.random(`river:${l.id}`), l.amp, 5)),
  }));
  await insertSketches(ctx, 'hydro_line_stage', named);

  // generated streams beside the parcels of about half the parcelled suburban / rural precincts
  const { rows } = await db.query<{ id: string; locality: string | null; teryt: string; lng: number; lat: number; radius: number; near_named: boolean }>(
    sql(`WITH pc AS (
           SELECT p.precinct_id, ST_Centroid(ST_Collect(ST_Centroid(p.geom))) AS c, sqrt(ST_Area(ST_ConvexHull(ST_Collect(p.geom)))) / 2 AS radius
           FROM \${S}.parcel p GROUP BY p.precinct_id
         )
         SELECT pr.id, pr.locality, pr.teryt, ST_X(ST_Transform(pc.c, 4326)) AS lng, ST_Y(ST_Transform(pc.c, 4326)) AS lat, pc.radius,
                EXISTS (SELECT 1 FROM \${S}.hydro_line_stage h WHERE ST_DWithin(h.geom, pc.c, pc.radius + 800)) AS near_named
         FROM \${S}.precinct pr JOIN pc ON pc.precinct_id = pr.id
         WHERE pr.selected AND pr.character IN ('suburban', 'rural')
         ORDER BY pr.id`),
  );
  const streams: Sketch[] = [];
  for (const p of rows) {
    const r = ctx.random(`stream:${p.id}`);
    if (p.near_named || !r.chance(0.55)) continue;
    const theta = r.float() * Math.PI;
    const side = r.chance(0.5) ? 1 : -1;
    const off = side * p.radius * r.range(0.15, 0.45);
    const centre = offset([p.lng, p.lat], -Math.sin(theta) * off, Math.cos(theta) * off);
    const half = p.radius + r.range(1500, 3500);
    const a = offset(centre, -Math.cos(theta) * half, -Math.sin(theta) * half);
    const b = offset(centre, Math.cos(theta) * half, Math.sin(theta) * half);
    const mid1 = offset(centre, -Math.cos(theta) * half * 0.5, -Math.sin(theta) * half * 0.5);
    const mid2 = offset(centre, Math.cos(theta) * half * 0.5, Math.sin(theta) * half * 0.5);
    const prefix = r.pick(STREAM_PREFIX);
    const name = p.locality ? `${prefix} ${p.locality.split(' ')[0]}` : null;
    streams.push({
      id: `gen-stream-${p.id}`,
      kind: prefix === 'Rów' ? 'drainage_ditch' : 'stream',
      name,
      teryt: p.teryt,
      props: {
        flood: prefix === 'Rów' ? 'none' : 'small',
        navigable: false,
        mphp_id: digits(r, 6),
        water_body_code: `RW6000${r.int(16, 25)}${digits(r, 6)}`,
      },
      geometry: lineString(meander([a, mid1, centre, mid2, b], r, 220, 4)),
    });
  }
  await insertSketches(ctx, 'hydro_line_stage', streams);

  // drainage ditches along some field tracks of the parcelled rural precincts
  await db.query(
    sql(`INSERT INTO \${S}.hydro_line_stage (id, kind, name, teryt, props, geom)
         SELECT 'ditch-' || s.id, 'drainage_ditch', NULL, s.teryt, jsonb_build_object('flood', 'none', 'navigable', false),
                ST_OffsetCurve(ST_LineMerge(s.geom), 3)
         FROM \${S}.street s
         WHERE s.kind = 'track' AND \${S}.u('ditch:' || s.id) < 0.12 AND GeometryType(ST_LineMerge(s.geom)) = 'LINESTRING'
         ORDER BY s.id`),
  );
  await clipStage(ctx, 'hydro_line_stage', 2);
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.hydro_line`));
  await db.query(
    sql(`CREATE TABLE \${S}.hydro_line AS
         SELECT id, kind, name, teryt, props, props ->> 'flood' AS flood_class, ST_Multi(ST_CollectionExtract(geom, 2))::geometry(MultiLineString, 2180) AS geom
         FROM \${S}.hydro_line_stage WHERE NOT ST_IsEmpty(geom)`),
  );
  await db.query(sql(`ALTER TABLE \${S}.hydro_line ADD PRIMARY KEY (id)`));
  await db.query(sql(`CREATE INDEX ON \${S}.hydro_line USING gist (geom)`));
}

async function buildLakes(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'hydro_area_stage');
  await insertSketches(
    ctx,
    'hydro_area_stage',
    NAMED_LAKES.map((l) => ({
      id: `lake-${l.id}`,
      kind: l.kind,
      name: l.name,
      props: { named: true },
      geometry: polygon(blob(l.centre, l.a, l.b, l.rot, ctx.random(`lake:${l.id}`), 0.12, 48)),
    })),
  );
  // Jeziorak is drawn in three pieces: dissolve them
  await db.query(
    sql(`UPDATE \${S}.hydro_area_stage SET geom = (SELECT ST_Union(geom) FROM \${S}.hydro_area_stage WHERE id LIKE 'lake-jeziorak-%') WHERE id = 'lake-jeziorak-m';
         DELETE FROM \${S}.hydro_area_stage WHERE id IN ('lake-jeziorak-s', 'lake-jeziorak-n');
         UPDATE \${S}.hydro_area_stage SET id = 'lake-jeziorak' WHERE id = 'lake-jeziorak-m'`),
  );

  // generated lakes: beside a parcelled precinct (parcels fill it), the shore 40-250 m from the nearest parcel
  // (step by step: one statement let the planner re-evaluate the areas per candidate point)
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.hydro_lake_cand`));
  await db.query(
    sql(`CREATE TABLE \${S}.hydro_lake_cand AS
         SELECT c.*, ST_ConvexHull(pp.g) AS hull
         FROM (SELECT pr.id, pr.locality, pr.teryt,
                      120 + 330 * \${S}.u('genlake:r:' || pr.id) AS radius, 40 + 210 * \${S}.u('genlake:gap:' || pr.id) AS gap
               FROM \${S}.precinct pr
               WHERE pr.selected AND pr.character IN ('suburban', 'rural')
                 AND \${S}.u('genlake:' || pr.id) < CASE WHEN pr.teryt LIKE '28%' THEN 0.55 ELSE 0.2 END) c
         CROSS JOIN LATERAL (SELECT ST_Collect(p.geom) AS g FROM \${S}.parcel p WHERE p.precinct_id = c.id) pp
         WHERE pp.g IS NOT NULL`),
  );
  await db.query(
    sql(`ALTER TABLE \${S}.hydro_lake_cand ADD COLUMN area geometry;
         UPDATE \${S}.hydro_lake_cand h SET area = ST_Intersection(
           ST_Difference(ST_Buffer(h.hull, h.radius * 1.3 + h.gap + 500), ST_Buffer(h.hull, h.radius * 1.25 + h.gap)), z.geom)
         FROM \${S}.p2_zone z;
         DELETE FROM \${S}.hydro_lake_cand WHERE area IS NULL OR ST_IsEmpty(area) OR ST_Area(area) < 10000`),
  );
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.hydro_lake_pt`));
  await db.query(
    sql(`CREATE TABLE \${S}.hydro_lake_pt AS
         SELECT h.id, h.locality, h.teryt, h.radius, h.gap, d.path[1] AS i, d.geom
         FROM \${S}.hydro_lake_cand h
         CROSS JOIN LATERAL ST_Dump(ST_GeneratePoints(h.area, 40, \${S}.ui('genlake:pt:' || h.id, 1, 1000000))) d`),
  );
  const { rows } = await db.query<{ id: string; locality: string | null; teryt: string; lng: number | null; lat: number | null; radius: number }>(
    sql(`SELECT DISTINCT ON (t.id) t.id, t.locality, t.teryt, t.radius,
                ST_X(ST_Transform(t.geom, 4326)) AS lng, ST_Y(ST_Transform(t.geom, 4326)) AS lat
         FROM \${S}.hydro_lake_pt t
         WHERE NOT EXISTS (SELECT 1 FROM \${S}.parcel p WHERE ST_DWithin(p.geom, t.geom, t.radius * 1.25 + t.gap))
           AND NOT EXISTS (SELECT 1 FROM \${S}.hydro_line h WHERE h.kind IN ('river', 'canal') AND ST_DWithin(h.geom, t.geom, t.radius * 1.3))
         ORDER BY t.id, t.i`),
  );
  const lakes: Sketch[] = [];
  for (const l of rows) {
    if (l.lng === null || l.lat === null) continue;
    const r = ctx.random(`genlake:shape:${l.id}`);
    const elong = r.range(1.1, 2.4);
    lakes.push({
      id: `lake-gen-${l.id}`,
      kind: r.chance(0.15) ? 'reservoir' : 'lake',
      name: l.locality ? `Jezioro ${l.locality.split(' ')[0]}` : null,
      teryt: l.teryt,
      props: { named: false },
      geometry: polygon(blob([l.lng, l.lat], l.radius * Math.sqrt(elong), l.radius / Math.sqrt(elong), r.range(0, 180), r, 0.2, 36)),
    });
  }
  await insertSketches(ctx, 'hydro_area_stage', lakes);

  // no lake on a parcel: cut back to 15 m from parcels; drop when less than 35 % remains
  await db.query(sql(`UPDATE \${S}.hydro_area_stage SET props = props || jsonb_build_object('area0', ST_Area(geom))`));
  await db.query(
    sql(`UPDATE \${S}.hydro_area_stage h SET geom = x.g
         FROM (SELECT h.id, h.geom AS orig, ST_Difference(h.geom, ST_Buffer(ST_Union(p.geom), 15)) AS g
               FROM \${S}.hydro_area_stage h JOIN \${S}.parcel p ON ST_DWithin(p.geom, h.geom, 15) GROUP BY h.id, h.geom) x
         WHERE x.id = h.id`),
  );
  await db.query(
    sql(`UPDATE \${S}.hydro_area_stage SET geom = (SELECT d.geom FROM ST_Dump(geom) d ORDER BY ST_Area(d.geom) DESC LIMIT 1)
         WHERE GeometryType(geom) <> 'POLYGON' AND NOT ST_IsEmpty(geom)`),
  );
  await clipStage(ctx, 'hydro_area_stage', 3);
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.hydro_area`));
  await db.query(
    sql(`CREATE TABLE \${S}.hydro_area AS
         SELECT s.id, s.kind, s.name, s.teryt, ST_Multi(ST_CollectionExtract(s.geom, 3))::geometry(MultiPolygon, 2180) AS geom
         FROM \${S}.hydro_area_stage s
         WHERE NOT ST_IsEmpty(s.geom) AND ST_Area(s.geom) > 20000 AND ST_Area(s.geom) >= 0.35 * (s.props ->> 'area0')::float8`),
  );
  await db.query(sql(`ALTER TABLE \${S}.hydro_area ADD PRIMARY KEY (id)`));
  await db.query(sql(`CREATE INDEX ON \${S}.hydro_area USING gist (geom)`));
}

async function writeWaterways(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_waterways');
  await db.query(
    sql(`INSERT INTO \${S}.out_waterways (id, kind, name, teryt, props, geom)
         SELECT id, kind, name, teryt,
                jsonb_strip_nulls(jsonb_build_object('mphp_id', props ->> 'mphp_id', 'water_body_code', props ->> 'water_body_code',
                                                     'navigable', (props ->> 'navigable')::boolean)), geom
         FROM \${S}.hydro_line
         UNION ALL
         SELECT id, kind, name, teryt, jsonb_build_object('navigable', false), ST_Boundary(geom) FROM \${S}.hydro_area`),
  );
  await writeStage(ctx, 'waterways', 'out_waterways', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(
      FAMILY,
      'rivers, canals and lakes sketched after the real map of the demo areas (Warta, Cybina, Drwęca, Łyna, Łabuńka, Odra, ...), generated streams, ditches and lakes beside the demo parcels',
    ),
  });
}

export const hydrographyFamily: GeneratorFamily = {
  name: 'hydrography',
  layers: ['waterways'],
  dependsOn: ['cadastre'],
  async generate(ctx) {
    await ensureZones(ctx);
    await buildLines(ctx);
    await buildLakes(ctx);
    await writeWaterways(ctx);
    const { rows } = await ctx.db.query<{ lines: number; lakes: number }>(
      ctx.sql(`SELECT (SELECT count(*) FROM \${S}.hydro_line)::int AS lines, (SELECT count(*) FROM \${S}.hydro_area)::int AS lakes`),
    );
    ctx.log(`  hydro lines ${rows[0]!.lines}, lakes ${rows[0]!.lakes}`);
  },
};
