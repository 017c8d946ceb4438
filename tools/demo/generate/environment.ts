/**
 * environment: nature protection and flood risk (env_layers), groundwater, forest_stands,
 * land_cover and air_quality.
 *
 * env_layers, REAL (national, from the shared data; ST_MakeValid): the 23 national parks (GDOŚ
 * codes as ids), 19 Ramsar sites, 11 UNESCO biosphere reserves, 25 forest promotional complexes.
 * The generated kinds exist only in and around the demo gminas, so the coverage sidecar lists the
 * demo gminas (a sidecar of all gminas would equal none; real kinds are nonetheless national).
 *
 * env_layers, GENERATED (and why):
 * - Natura 2000 along river valleys, sketched after the real sites: Ostoja Rogalińska (habitat)
 *   and Dolina Środkowej Warty (birds) on the Warta south of Poznań (Mosina, Kórnik, Puszczykowo),
 *   Biedrusko (habitat, military range north of Poznań), Dolina Cybiny, Ostoja Wielkopolska
 *   around the real Wielkopolski PN, the bat forts of Poznań (tiny), Dolina Drwęcy (Ostróda),
 *   Lasy Iławskie (birds, around Jeziorak), Rzeka Łyna, Ostoja Warmińska (birds, east of
 *   Bartoszyce), Roztocze (birds, south-west of gmina Zamość), Dolina Łabuńki, Ujście Warty
 *   (both directives, Kostrzyn nad Odrą). Plus a habitat site along about 22 % of the generated
 *   local streams: those cover some parcels and leave others 20-90 m outside (so `buffer_m` of
 *   an exclusion matters).
 * - Landscape parks (Rogaliński, Puszcza Zielonka, Promno, Pojezierza Iławskiego, Wzgórz
 *   Dylewskich, Skierbieszowski, Krasnobrodzki), protected landscape areas along the big valleys
 *   and lake districts (not "protected nature": they only inform), nature reserves (real names:
 *   Meteoryt Morasko, Żurawiniec, Krajkowo, Las Warmiński, Jezioro Martwe, Wieprzec, ...) and
 *   about 8 % of the forest blocks of parcelled precincts, national-park buffers (otulina,
 *   2 km) around the real parks near the demo area, ecological sites, natural monuments.
 * - Flood zones (ISOK style) as variable-width buffers along the hydrography lines: Q10 % inside
 *   Q1 % inside Q0.2 %; big rivers (Warta, Odra, Łyna, Drwęca) 120/380/700 m half-widths,
 *   medium 45/130/240 m, small streams 25/70/140 m; embankment-failure areas behind the Warta in
 *   Poznań and Luboń and the Odra/Warta at Kostrzyn.
 * - Wetlands on lake shores and in river valleys.
 * groundwater: major reservoirs (GZWP 144, 143, 213, 211, 205, 407, 138 sketched), protection
 *   areas for three of them, water intakes (Mosina-Krajkowo and Dębina for Poznań, one or two per
 *   other demo gmina near its parcels) with direct (fenced) and indirect protection zones.
 * land_cover: tiles every demo gmina: Voronoi cells (about 1.2 km2) classed by region (arable
 *   Wielkopolska and Zamość, forest/grassland/wetland Warmia, built-up cities), lakes as water; in
 *   parcelled precincts it follows the blocks' designations (R arable, RO orchard, ZL forest, MN/MW/
 *   U/P built-up...), with orchards on about 6 % and forest patches on about 10 % of arable field
 *   blocks, so solar and agrivoltaics ("not forest or orchard") reject some rural parcels.
 * forest_stands: the forest land cover cut into stands of about 8 ha (Voronoi), with forest
 *   addresses, species, age and site type; state, private (patches, small woods) or other public
 *   (city forests of Poznań and Olsztyn, national parks).
 * air_quality: GIOŚ-style stations (codes like WpPoznPolanka) in the demo towns, index 0-5.
 */
import path from 'node:path';
import { readFeatures } from './db.js';
import type { GeneratorContext, GeneratorFamily } from './family.js';
import {
  blob,
  clipStage,
  createStage,
  daysBefore,
  ensureZones,
  generatedSource,
  insertSketches,
  offset,
  point,
  polygon,
  writeStage,
  type LngLat,
  type Sketch,
} from './sketch.js';

const FAMILY = 'environment';

const REAL_FILES = {
  national_park: 'protected-areas/parki_narodowe.geojson',
  ramsar_wetland: 'protected-areas/ramsar.geojson',
  biosphere_reserve: 'protected-areas/unesco.geojson',
  forest_promotional_complex: 'protected-areas/lkp.geojson',
} as const;

export function slug(s: string): string {
  return s
    .toLocaleLowerCase('pl')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A protected area drawn along a named river (within a lng/lat window) or as a blob. */
type AreaDef =
  | { id: string; kind: string; name: string; code?: string; river: string; window?: [number, number, number, number]; width: number; designated?: string; act?: string }
  | { id: string; kind: string; name: string; code?: string; centre: LngLat; a: number; b: number; rot: number; designated?: string; act?: string };

const AREAS: readonly AreaDef[] = [
  // Natura 2000, Poznań and powiat poznański
  { id: 'PLH300012', kind: 'natura2000_habitat', code: 'PLH300012', name: 'Ostoja Rogalińska', river: 'warta-poznan', window: [16.8, 52.12, 17.05, 52.3], width: 1500, designated: '2011-03-30' },
  { id: 'PLB300002', kind: 'natura2000_birds', code: 'PLB300002', name: 'Dolina Środkowej Warty', river: 'warta-poznan', window: [16.8, 52.0, 17.1, 52.235], width: 2600, designated: '2004-04-21' },
  { id: 'PLH300001', kind: 'natura2000_habitat', code: 'PLH300001', name: 'Biedrusko', centre: [16.955, 52.555], a: 4800, b: 3000, rot: 25, designated: '2008-03-01' },
  { id: 'PLH300038', kind: 'natura2000_habitat', code: 'PLH300038', name: 'Dolina Cybiny', river: 'cybina', window: [17.02, 52.38, 17.35, 52.52], width: 450, designated: '2011-03-30' },
  { id: 'PLH300047', kind: 'natura2000_habitat', code: 'PLH300047', name: 'Fortyfikacje w Poznaniu', centre: [16.86, 52.445], a: 110, b: 80, rot: 0, designated: '2011-03-30' },
  // warmińsko-mazurskie
  { id: 'PLH280001', kind: 'natura2000_habitat', code: 'PLH280001', name: 'Dolina Drwęcy', river: 'drweca', width: 600, designated: '2008-03-01' },
  { id: 'PLB280015', kind: 'natura2000_birds', code: 'PLB280015', name: 'Lasy Iławskie', centre: [19.6, 53.72], a: 7500, b: 3600, rot: 95, designated: '2008-10-24' },
  { id: 'PLH280048', kind: 'natura2000_habitat', code: 'PLH280048', name: 'Rzeka Łyna', river: 'lyna', window: [20.3, 53.88, 21.0, 54.4], width: 420, designated: '2011-03-30' },
  { id: 'PLB280008', kind: 'natura2000_birds', code: 'PLB280008', name: 'Ostoja Warmińska', centre: [21.0, 54.2], a: 8500, b: 5500, rot: 70, designated: '2008-10-24' },
  // Zamość
  { id: 'PLB060012', kind: 'natura2000_birds', code: 'PLB060012', name: 'Roztocze', centre: [23.03, 50.585], a: 14000, b: 8000, rot: 20, designated: '2008-10-24' },
  { id: 'PLH060073', kind: 'natura2000_habitat', code: 'PLH060073', name: 'Dolina Łabuńki', river: 'labunka', window: [23.05, 50.6, 23.24, 50.8], width: 380, designated: '2011-03-30' },
  // Kostrzyn nad Odrą
  { id: 'PLC080001-B', kind: 'natura2000_birds', code: 'PLC080001', name: 'Ujście Warty', river: 'warta-kostrzyn', width: 1600, designated: '2004-04-21' },
  { id: 'PLC080001-H', kind: 'natura2000_habitat', code: 'PLC080001', name: 'Ujście Warty', river: 'warta-kostrzyn', width: 1300, designated: '2011-03-30' },
  // landscape parks
  { id: 'lp-rogalinski', kind: 'landscape_park', name: 'Rogaliński Park Krajobrazowy', river: 'warta-poznan', window: [16.8, 52.14, 17.05, 52.305], width: 2300, designated: '1997-06-02', act: 'Rozporządzenie Wojewody Wielkopolskiego' },
  { id: 'lp-puszcza-zielonka', kind: 'landscape_park', name: 'Park Krajobrazowy Puszcza Zielonka', centre: [17.1, 52.565], a: 7500, b: 4500, rot: 10, designated: '1993-12-23', act: 'Rozporządzenie Wojewody Poznańskiego' },
  { id: 'lp-promno', kind: 'landscape_park', name: 'Park Krajobrazowy Promno', centre: [17.29, 52.455], a: 3300, b: 2300, rot: 30, designated: '1993-12-23' },
  { id: 'lp-pojezierza-ilawskiego', kind: 'landscape_park', name: 'Park Krajobrazowy Pojezierza Iławskiego', centre: [19.63, 53.705], a: 6500, b: 3300, rot: 95, designated: '1985-10-29' },
  { id: 'lp-wzgorz-dylewskich', kind: 'landscape_park', name: 'Park Krajobrazowy Wzgórz Dylewskich', centre: [19.97, 53.555], a: 5500, b: 4200, rot: 0, designated: '1994-06-30' },
  { id: 'lp-skierbieszowski', kind: 'landscape_park', name: 'Skierbieszowski Park Krajobrazowy', centre: [23.37, 50.845], a: 7000, b: 5000, rot: 30, designated: '1990-05-23' },
  { id: 'lp-krasnobrodzki', kind: 'landscape_park', name: 'Krasnobrodzki Park Krajobrazowy', centre: [23.15, 50.56], a: 8000, b: 5000, rot: 0, designated: '1988-12-20' },
  // protected landscape areas (informational only)
  { id: 'ochk-dolina-warty', kind: 'protected_landscape_area', name: 'Obszar Chronionego Krajobrazu Dolina Warty', river: 'warta-poznan', width: 3200, designated: '1995-12-01' },
  { id: 'ochk-dolina-cybiny', kind: 'protected_landscape_area', name: 'Obszar Chronionego Krajobrazu Dolina Cybiny', river: 'cybina', width: 1500, designated: '1995-12-01' },
  { id: 'ochk-pojezierze-olsztynskie', kind: 'protected_landscape_area', name: 'Obszar Chronionego Krajobrazu Pojezierza Olsztyńskiego', centre: [20.43, 53.885], a: 9000, b: 6500, rot: 80, designated: '1998-08-11' },
  { id: 'ochk-dolina-drwecy', kind: 'protected_landscape_area', name: 'Obszar Chronionego Krajobrazu Doliny Drwęcy', river: 'drweca', width: 2500, designated: '1998-08-11' },
  { id: 'ochk-jeziorak', kind: 'protected_landscape_area', name: 'Obszar Chronionego Krajobrazu Jeziora Jeziorak', centre: [19.57, 53.66], a: 9000, b: 3500, rot: 90, designated: '1998-08-11' },
  { id: 'ochk-dolina-lyny', kind: 'protected_landscape_area', name: 'Obszar Chronionego Krajobrazu Doliny Łyny', river: 'lyna', window: [20.3, 54.0, 21.0, 54.4], width: 2500, designated: '1998-08-11' },
  { id: 'ochk-dolina-labunki', kind: 'protected_landscape_area', name: 'Obszar Chronionego Krajobrazu Doliny Łabuńki', river: 'labunka', width: 1500, designated: '1991-06-01' },
  { id: 'ochk-dolina-odry', kind: 'protected_landscape_area', name: 'Obszar Chronionego Krajobrazu Dolina Odry', river: 'odra-kostrzyn', width: 2500, designated: '2005-11-09' },
  // nature and landscape complexes
  { id: 'zpk-junikowski-strumien', kind: 'nature_landscape_complex', name: 'Zespół przyrodniczo-krajobrazowy Dolina Junikowskiego Strumienia', centre: [16.84, 52.385], a: 1400, b: 300, rot: 160, designated: '2003-04-14' },
  { id: 'zpk-szachty', kind: 'nature_landscape_complex', name: 'Zespół przyrodniczo-krajobrazowy Szachty', centre: [16.855, 52.37], a: 700, b: 400, rot: 20, designated: '2013-05-07' },
  // nature reserves (real names, sketched)
  { id: 'rez-meteoryt-morasko', kind: 'nature_reserve', name: 'Rezerwat przyrody Meteoryt Morasko', centre: [16.897, 52.489], a: 480, b: 330, rot: 10, designated: '1976-03-22' },
  { id: 'rez-zurawiniec', kind: 'nature_reserve', name: 'Rezerwat przyrody Żurawiniec', centre: [16.93, 52.467], a: 160, b: 110, rot: 30, designated: '1959-03-04' },
  { id: 'rez-krajkowo', kind: 'nature_reserve', name: 'Rezerwat przyrody Krajkowo', centre: [16.795, 52.205], a: 900, b: 480, rot: 40, designated: '1958-12-19' },
  { id: 'rez-las-mieszany-lopuchowko', kind: 'nature_reserve', name: 'Rezerwat przyrody Las Mieszany w Nadleśnictwie Łopuchówko', centre: [17.05, 52.575], a: 380, b: 260, rot: 0, designated: '1962-11-28' },
  { id: 'rez-las-warminski', kind: 'nature_reserve', name: 'Rezerwat przyrody Las Warmiński', centre: [20.5, 53.69], a: 2500, b: 1700, rot: 10, designated: '1982-05-20' },
  { id: 'rez-jezioro-martwe', kind: 'nature_reserve', name: 'Rezerwat przyrody Jezioro Martwe', centre: [19.615, 53.725], a: 600, b: 300, rot: 60, designated: '1989-03-13' },
  { id: 'rez-wieprzec', kind: 'nature_reserve', name: 'Rezerwat przyrody Wieprzec', centre: [23.2, 50.69], a: 420, b: 260, rot: 20, designated: '1984-06-01' },
  { id: 'rez-bartoszyce', kind: 'nature_reserve', name: 'Rezerwat przyrody Dolina Łyny', centre: [20.83, 54.29], a: 700, b: 300, rot: 70, designated: '1991-10-15' },
];

/** Bat forts of Poznań: the Natura 2000 site is a set of tiny pieces on the ring of forts. */
const FORTS: readonly LngLat[] = [
  [16.86, 52.445], [16.895, 52.458], [16.935, 52.458], [16.975, 52.445], [17.0, 52.41], [16.99, 52.375], [16.95, 52.36], [16.9, 52.365], [16.865, 52.385], [16.85, 52.415],
];

interface FloodLevel {
  kind: 'flood_risk_10pct' | 'flood_risk_1pct' | 'flood_risk_02pct';
  pct: number;
  /** half-width per flood class, metres */
  width: Record<'big' | 'medium' | 'small', number>;
  depth: Record<'big' | 'medium' | 'small', [number, number]>;
}

const FLOOD_LEVELS: readonly FloodLevel[] = [
  { kind: 'flood_risk_10pct', pct: 10, width: { big: 120, medium: 45, small: 25 }, depth: { big: [0.8, 2.0], medium: [0.5, 1.2], small: [0.3, 0.8] } },
  { kind: 'flood_risk_1pct', pct: 1, width: { big: 380, medium: 130, small: 70 }, depth: { big: [1.8, 4.0], medium: [1.0, 2.2], small: [0.6, 1.4] } },
  { kind: 'flood_risk_02pct', pct: 0.2, width: { big: 700, medium: 240, small: 140 }, depth: { big: [2.5, 5.2], medium: [1.4, 2.8], small: [0.8, 1.8] } },
];

/**
 * Variable-width buffer of a line (smooth width along it), a scratch SQL function. The line is
 * first simplified (tolerance 0.7 x the width) and smoothed: a valley is straighter than its river.
 */
async function createFunctions(ctx: GeneratorContext): Promise<void> {
  await ctx.db.query(
    ctx.sql(`CREATE OR REPLACE FUNCTION \${S}.p2_vbuffer(g geometry, base float8, spread float8, key text) RETURNS geometry
             LANGUAGE sql STABLE AS $$
      WITH pts AS (
        SELECT d.path[1] AS part, d.path[array_length(d.path, 1)] AS k, d.geom
        FROM ST_DumpPoints(ST_Segmentize(ST_Multi(ST_ChaikinSmoothing(ST_SimplifyPreserveTopology(g, least(base * 0.7, 400)), 2)), 150)) d
      ), segs AS (
        SELECT a.k, ST_MakeLine(a.geom, b.geom) AS s FROM pts a JOIN pts b ON b.part = a.part AND b.k = a.k + 1
      )
      SELECT ST_Union(ST_Buffer(s, greatest(5, base * (1 + spread * (0.6 * sin(k * 0.23 + 6.283 * \${S}.u(key || ':p1'))
                                                                  + 0.4 * sin(k * 0.071 + 6.283 * \${S}.u(key || ':p2'))))), 'quad_segs=4'))
      FROM segs
    $$`),
  );
}

async function loadReal(ctx: GeneratorContext): Promise<void> {
  const rows: Sketch[] = [];
  for (const [kind, file] of Object.entries(REAL_FILES)) {
    const features = readFeatures(path.join(ctx.dataDir, file));
    for (const f of features) {
      if (!f.geometry) continue;
      const name = String(f.properties?.['nazwa'] ?? '').trim();
      const code = f.properties?.['kodinspire'] ? String(f.properties['kodinspire']) : null;
      const prefix = { national_park: 'pn', ramsar_wetland: 'ramsar', biosphere_reserve: 'unesco', forest_promotional_complex: 'lkp' }[kind]!;
      rows.push({ id: code ?? `${prefix}-${slug(name)}`, kind, name, props: code ? { code, real: true } : { real: true }, geometry: f.geometry });
    }
  }
  await insertSketches(ctx, 'out_env_layers', rows);
  await ctx.db.query(
    ctx.sql(`UPDATE \${S}.out_env_layers SET geom = ST_Multi(ST_CollectionExtract(ST_MakeValid(geom), 3)) WHERE props ? 'real'`),
  );
}

async function drawAreas(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const blobs: Sketch[] = [];
  const along: Array<{ id: string; kind: string; name: string; river: string; w: [number, number, number, number] | null; width: number; props: object }> = [];
  for (const a of AREAS) {
    const props = { code: a.code ?? null, designated_on: a.designated ?? null, legal_act: a.act ?? null };
    if ('river' in a) {
      along.push({ id: a.id, kind: a.kind, name: a.name, river: a.river, w: a.window ?? null, width: a.width, props });
    } else if (a.id === 'PLH300047') {
      const r = ctx.random('forts');
      blobs.push({
        id: a.id, kind: a.kind, name: a.name, props,
        geometry: { type: 'MultiPolygon', coordinates: FORTS.map((c) => [blob(c, a.a * r.range(0.7, 1.3), a.b * r.range(0.7, 1.3), r.range(0, 180), r, 0.1, 20)]) },
      });
    } else {
      blobs.push({ id: a.id, kind: a.kind, name: a.name, props, geometry: polygon(blob(a.centre, a.a, a.b, a.rot, ctx.random(`area:${a.id}`), 0.2, 48)) });
    }
  }
  await insertSketches(ctx, 'out_env_layers', blobs);
  for (const a of along) {
    await db.query(
      sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, props, geom)
           SELECT $1, $2, $3, $8::jsonb, \${S}.p2_vbuffer(ST_Intersection(h.geom, ST_Transform(ST_MakeEnvelope($4, $5, $6, $7, 4326), 2180)), $9, 0.45, $1)
           FROM \${S}.hydro_line h WHERE h.id = 'mphp-' || $10`),
      [a.id, a.kind, a.name, ...(a.w ?? [14, 49, 24.5, 55]), JSON.stringify(a.props), a.width, a.river],
    );
  }
  // Ostoja Wielkopolska: the real Wielkopolski PN and 1.2 km around it
  await db.query(
    sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, props, geom)
         SELECT 'PLH300010', 'natura2000_habitat', 'Ostoja Wielkopolska', '{"code":"PLH300010","designated_on":"2008-03-01"}'::jsonb,
                ST_Buffer(ST_Buffer(geom, 1200, 'quad_segs=4'), -200, 'quad_segs=4')
         FROM \${S}.out_env_layers WHERE kind = 'national_park' AND name = 'Wielkopolski Park Narodowy'`),
  );
  // national park buffers (otulina) of the real parks near the demo area
  await db.query(
    sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, props, geom)
         SELECT n.id || '-otulina', 'national_park_buffer', 'Otulina: ' || n.name, jsonb_build_object('code', n.props ->> 'code'),
                ST_Difference(ST_Buffer(n.geom, 2000, 'quad_segs=6'), n.geom)
         FROM \${S}.out_env_layers n, \${S}.p2_zone z
         WHERE n.kind = 'national_park' AND ST_DWithin(n.geom, z.geom, 20000)`),
  );
}

/** Generated sites beside the parcels: stream valleys, forest reserves, ecological sites, monuments. */
async function localSites(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const regionCode = `CASE substr(p.teryt, 1, 2) WHEN '30' THEN '30' WHEN '28' THEN '28' WHEN '06' THEN '06' ELSE '08' END`;
  // habitat sites along ~22 % of generated streams
  await db.query(
    sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, teryt, props, geom)
         SELECT 'PLH' || ${regionCode} || lpad((\${S}.ui('n2k:' || h.id, 60, 999))::text, 4, '0'),
                'natura2000_habitat', coalesce('Dolina ' || h.name, 'Ostoja ' || pr.locality), NULL,
                jsonb_build_object('code', 'PLH' || ${regionCode} || lpad((\${S}.ui('n2k:' || h.id, 60, 999))::text, 4, '0'), 'designated_on', '2011-03-30'),
                \${S}.p2_vbuffer(h.geom, 180 + 220 * \${S}.u('n2kw:' || h.id), 0.55, 'n2k:' || h.id)
         FROM \${S}.hydro_line h
         JOIN \${S}.precinct pr ON pr.id = substr(h.id, length('gen-stream-') + 1)
         CROSS JOIN LATERAL (SELECT pr.teryt) p(teryt)
         WHERE h.id LIKE 'gen-stream-%' AND h.kind = 'stream' AND \${S}.u('n2k-pick:' || h.id) < 0.22
         ORDER BY h.id
         ON CONFLICT (id) DO NOTHING`),
  );
  // reserves on ~8 % of the forest blocks of parcelled precincts
  await db.query(
    sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, teryt, props, geom)
         SELECT 'rez-' || b.id, 'nature_reserve', 'Rezerwat przyrody ' || coalesce(pr.locality, pr.name), b.teryt,
                jsonb_build_object('designated_on', (date '1960-01-01' + \${S}.ui('rez-d:' || b.id, 0, 20000))::text,
                                   'legal_act', 'Zarządzenie Regionalnego Dyrektora Ochrony Środowiska'),
                b.geom
         FROM \${S}.block b JOIN \${S}.precinct pr ON pr.id = b.precinct_id
         WHERE b.designation = 'ZL' AND \${S}.u('rez:' || b.id) < 0.08 AND ST_Area(b.geom) > 20000
         ORDER BY b.id`),
  );
  // ecological sites (wet hollows in fields) and natural monuments (old trees)
  await db.query(
    sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, teryt, props, geom)
         SELECT 'eco-' || x.id, 'ecological_site', 'Użytek ekologiczny ' || coalesce(x.locality, ''), x.teryt,
                jsonb_build_object('designated_on', (date '1995-01-01' + \${S}.ui('eco-d:' || x.id, 0, 10000))::text),
                ST_Buffer(ST_PointOnSurface(x.geom), 50 + 120 * \${S}.u('eco-r:' || x.id), 'quad_segs=6')
         FROM (SELECT DISTINCT ON (p.precinct_id) p.precinct_id AS id, p.teryt, pr.locality, p.geom
               FROM \${S}.parcel p JOIN \${S}.precinct pr ON pr.id = p.precinct_id
               WHERE p.style = 'fields' AND \${S}.u('eco:' || p.precinct_id) < 0.35
               ORDER BY p.precinct_id, \${S}.u('eco-p:' || p.id)) x
         ORDER BY x.id`),
  );
  await db.query(
    sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, teryt, props, geom)
         SELECT 'pp-' || x.id, 'natural_monument',
                'Pomnik przyrody: ' || \${S}.pick('pp-n:' || x.id, ARRAY['dąb szypułkowy', 'lipa drobnolistna', 'buk zwyczajny', 'jesion wyniosły', 'aleja lip', 'głaz narzutowy', 'wiąz szypułkowy']),
                x.teryt, jsonb_build_object('designated_on', (date '1955-01-01' + \${S}.ui('pp-d:' || x.id, 0, 20000))::text),
                ST_Buffer(ST_PointOnSurface(x.geom), 12 + 10 * \${S}.u('pp-r:' || x.id), 'quad_segs=4')
         FROM (SELECT DISTINCT ON (p.precinct_id) p.precinct_id AS id, p.teryt, p.geom
               FROM \${S}.parcel p
               WHERE \${S}.u('pp:' || p.precinct_id) < 0.3
               ORDER BY p.precinct_id, \${S}.u('pp-p:' || p.id)) x
         ORDER BY x.id`),
  );
}

async function floodZones(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  for (const level of FLOOD_LEVELS) {
    const w = JSON.stringify(level.width);
    const d = JSON.stringify(level.depth);
    await db.query(
      sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, teryt, props, geom)
           SELECT $1 || '-' || h.id, $1, 'Mapa zagrożenia powodziowego: ' || coalesce(h.name, 'ciek bez nazwy'), NULL,
                  jsonb_build_object('probability_pct', $2::float8,
                                     'max_water_depth_m', round(((($4::json -> h.flood_class) ->> 0)::float8
                                        + \${S}.u('depth:' || $1 || h.id) * ((($4::json -> h.flood_class) ->> 1)::float8 - (($4::json -> h.flood_class) ->> 0)::float8))::numeric, 1),
                                     'designated_on', '2020-02-14', 'legal_act', 'Mapy zagrożenia powodziowego (ISOK), II cykl planistyczny'),
                  \${S}.p2_vbuffer(h.geom, ($3::json ->> h.flood_class)::float8, 0.45, 'flood:' || h.id)
           FROM \${S}.hydro_line h WHERE h.flood_class IN ('big', 'medium', 'small')
           ORDER BY h.id`),
      [level.kind, level.pct, w, d],
    );
  }
  // flood zones do not cover lakes
  await db.query(
    sql(`UPDATE \${S}.out_env_layers e SET geom = ST_Difference(e.geom, l.u)
         FROM (SELECT ST_Union(geom) AS u FROM \${S}.hydro_area) l
         WHERE e.kind LIKE 'flood_risk_%' AND ST_Intersects(e.geom, l.u)`),
  );
  // embankment failure: behind the Warta embankments in Poznań / Luboń and at Kostrzyn nad Odrą
  await db.query(
    sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, teryt, props, geom)
         SELECT 'flood_embankment_failure-' || h.id, 'flood_embankment_failure', 'Obszar zagrożony w razie zniszczenia wału: ' || h.name, NULL,
                jsonb_build_object('designated_on', '2020-02-14', 'max_water_depth_m', 2.4),
                ST_Difference(ST_Intersection(\${S}.p2_vbuffer(h.geom, 1150, 0.5, 'emb:' || h.id), g.u),
                              (SELECT ST_Union(e.geom) FROM \${S}.out_env_layers e WHERE e.id = 'flood_risk_02pct-' || h.id))
         FROM \${S}.hydro_line h
         CROSS JOIN (SELECT ST_Union(geom) AS u FROM \${S}.demo_gmina WHERE teryt IN ('3064011', '3021011', '0801011')) g
         WHERE h.id IN ('mphp-warta-poznan', 'mphp-odra-kostrzyn', 'mphp-warta-kostrzyn')
         ORDER BY h.id`),
  );
}

async function wetlands(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await db.query(
    sql(`INSERT INTO \${S}.out_env_layers (id, kind, name, teryt, props, geom)
         SELECT 'wetland-' || x.id || '-' || x.n, 'wetland', CASE WHEN \${S}.u('wet-n:' || x.id || x.n) < 0.3 THEN 'Torfowisko ' || coalesce(x.name, '') END, NULL,
                jsonb_build_object('legal_act', 'Mapa Mokradeł (ITP-PIB)'),
                ST_Difference(ST_Buffer(x.pt, 90 + 260 * \${S}.u('wet-r:' || x.id || x.n), 'quad_segs=5'), coalesce(l.u, 'POLYGON EMPTY'::geometry))
         FROM (
           SELECT h.id, h.name, n, ST_LineInterpolatePoint(ST_GeometryN(h.geom, 1), \${S}.u('wet-t:' || h.id || n)) AS pt
           FROM \${S}.hydro_line h CROSS JOIN generate_series(1, 2) n
           WHERE h.kind IN ('river', 'stream') AND \${S}.u('wet:' || h.id || n) < CASE WHEN h.id LIKE 'gen-%' THEN 0.45 ELSE 0.9 END
           UNION ALL
           SELECT a.id, a.name, 1, ST_LineInterpolatePoint(ST_ExteriorRing(ST_GeometryN(a.geom, 1)), \${S}.u('wet-t:' || a.id))
           FROM \${S}.hydro_area a WHERE \${S}.u('wet:' || a.id) < 0.6
         ) x
         CROSS JOIN (SELECT ST_Union(geom) AS u FROM \${S}.hydro_area) l
         ORDER BY x.id, x.n`),
  );
}

async function writeEnvLayers(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  // generated kinds: clip to Poland and the demo surroundings; real kinds stay national
  await db.query(
    sql(`UPDATE \${S}.out_env_layers t SET geom = ST_CollectionExtract(ST_Intersection(t.geom, z.geom), 3)
         FROM \${S}.p2_zone z WHERE NOT (t.props ? 'real') AND NOT ST_CoveredBy(t.geom, z.geom)`),
  );
  await db.query(sql(`DELETE FROM \${S}.out_env_layers WHERE geom IS NULL OR ST_IsEmpty(geom) OR ST_Area(geom) < 50`));
  await db.query(
    sql(`UPDATE \${S}.out_env_layers SET geom = ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SnapToGrid(geom, 0.01)), 3)),
                props = props - 'real' || jsonb_build_object('area_sqm', round(ST_Area(geom)))`),
  );
  await db.query(sql(`CREATE INDEX ON \${S}.out_env_layers USING gist (geom)`));
  await writeStage(ctx, 'env_layers', 'out_env_layers', {
    coverage: ctx.area.map((g) => g.teryt),
    source: {
      source_url: 'shared-data:protected-areas/*.geojson; generated://tools/demo/generate/environment',
      files: Object.values(REAL_FILES),
      licence: 'GDOŚ register / State Forests; no licence stated in the repository',
      note:
        'real national parks (GDOŚ codes), Ramsar sites, UNESCO biosphere reserves and forest promotional complexes for the whole country; ' +
        'Natura 2000, landscape parks, protected landscape areas, reserves, park buffers, flood zones and wetlands are generated by tools/demo ' +
        'in and around the demo gminas only (not real data), hence the coverage sidecar',
    },
  });
}

// ------------------------------------------------------------------------------- groundwater

const GZWP: ReadonlyArray<{ no: number; name: string; centre: LngLat; a: number; b: number; rot: number; aquifer: string; protection: boolean }> = [
  { no: 144, name: 'Wielkopolska Dolina Kopalna', centre: [16.93, 52.29], a: 30000, b: 5500, rot: 35, aquifer: 'porous', protection: true },
  { no: 143, name: 'Subzbiornik Inowrocław-Gniezno', centre: [17.36, 52.49], a: 14000, b: 7000, rot: 20, aquifer: 'porous', protection: false },
  { no: 213, name: 'Zbiornik Olsztyn', centre: [20.46, 53.8], a: 14000, b: 9000, rot: 60, aquifer: 'porous', protection: true },
  { no: 211, name: 'Subzbiornik Iława', centre: [19.66, 53.62], a: 12000, b: 6500, rot: 20, aquifer: 'porous', protection: false },
  { no: 205, name: 'Subniecka warmińska', centre: [20.82, 54.2], a: 16000, b: 9000, rot: 10, aquifer: 'porous', protection: false },
  { no: 407, name: 'Niecka lubelska (Chełm - Zamość)', centre: [23.32, 50.82], a: 30000, b: 15000, rot: 120, aquifer: 'fissured-karst', protection: true },
  { no: 138, name: 'Pradolina Toruń - Eberswalde (Noteć)', centre: [14.82, 52.63], a: 22000, b: 4000, rot: 8, aquifer: 'porous', protection: false },
];

async function groundwater(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_groundwater');
  const rows: Sketch[] = [];
  for (const g of GZWP) {
    const r = ctx.random(`gzwp:${g.no}`);
    rows.push({
      id: `gzwp-${g.no}`, kind: 'major_groundwater_reservoir', name: `GZWP nr ${g.no} ${g.name}`,
      props: { code: `GZWP ${g.no}`, aquifer_type: g.aquifer, designated_on: '1990-12-31' },
      geometry: polygon(blob(g.centre, g.a, g.b, g.rot, r, 0.22, 56)),
    });
    if (g.protection) {
      const c = offset(g.centre, r.range(-3000, 3000), r.range(-2000, 2000));
      rows.push({
        id: `gzwp-${g.no}-oo`, kind: 'reservoir_protection_area', name: `Obszar ochronny GZWP nr ${g.no} ${g.name}`,
        props: { code: `GZWP ${g.no} OO`, aquifer_type: g.aquifer, designated_on: '2017-06-30' },
        geometry: polygon(blob(c, g.a * 0.55, g.b * 0.75, g.rot + r.range(-15, 15), r, 0.25, 48)),
      });
    }
  }
  // Poznań's main intakes (real names, sketched)
  rows.push(
    { id: 'ujecie-mosina-krajkowo-zp', kind: 'intake_indirect_protection', name: 'Strefa ochrony pośredniej ujęcia wody Mosina-Krajkowo',
      props: { code: 'Rozporządzenie RZGW w Poznaniu', aquifer_type: 'porous', designated_on: '2012-10-25' },
      geometry: polygon(blob([16.81, 52.215], 5200, 2600, 55, ctx.random('intake:mosina'), 0.15, 48)) },
    { id: 'ujecie-mosina-krajkowo-zb', kind: 'intake_direct_protection', name: 'Strefa ochrony bezpośredniej ujęcia wody Mosina-Krajkowo',
      props: { code: 'Rozporządzenie RZGW w Poznaniu', aquifer_type: 'porous', designated_on: '2012-10-25' },
      geometry: polygon(blob([16.815, 52.215], 900, 120, 50, ctx.random('intake:mosina:zb'), 0.05, 24)) },
    { id: 'ujecie-debina-zp', kind: 'intake_indirect_protection', name: 'Strefa ochrony pośredniej ujęcia wody Dębina',
      props: { code: 'Rozporządzenie RZGW w Poznaniu', aquifer_type: 'porous', designated_on: '2010-06-15' },
      geometry: polygon(blob([16.925, 52.37], 1300, 650, 60, ctx.random('intake:debina'), 0.15, 40)) },
  );
  await insertSketches(ctx, 'out_groundwater', rows);
  // one intake per demo gmina (two for the big towns), 300-900 m from a parcel of the gmina
  await db.query(
    sql(`INSERT INTO \${S}.out_groundwater (id, kind, name, teryt, props, geom)
         WITH pick AS (
           SELECT g.teryt, n, (SELECT p.geom FROM \${S}.parcel p WHERE p.teryt = g.teryt ORDER BY \${S}.u('intake:' || g.teryt || n || p.id) LIMIT 1) AS pg,
                  (SELECT pr.locality FROM \${S}.precinct pr WHERE pr.teryt = g.teryt AND pr.selected ORDER BY \${S}.u('intake-l:' || g.teryt || n || pr.id) LIMIT 1) AS locality
           FROM \${S}.demo_gmina g CROSS JOIN generate_series(1, 2) n
           WHERE n = 1 OR g.teryt IN ('2862011', '0664011', '2815011', '2807011')
         ), pt AS (
           SELECT teryt, n, locality,
                  ST_Translate(ST_PointOnSurface(pg), cos(a) * d, sin(a) * d) AS c
           FROM pick, LATERAL (SELECT 6.283 * \${S}.u('intake-a:' || teryt || n) AS a, 300 + 600 * \${S}.u('intake-d:' || teryt || n) AS d) x
           WHERE pg IS NOT NULL
         )
         SELECT 'ujecie-' || teryt || '-' || n || z.suffix, z.kind,
                'Strefa ochrony ' || z.label || ' ujęcia wody ' || coalesce(locality, ''), teryt,
                jsonb_build_object('code', 'Rozporządzenie Dyrektora RZGW Wód Polskich', 'aquifer_type', 'porous',
                                   'designated_on', (date '2005-01-01' + \${S}.ui('intake-dt:' || teryt || n, 0, 6500))::text),
                CASE WHEN z.kind = 'intake_direct_protection' THEN ST_Buffer(c, 15 + 20 * \${S}.u('zb:' || teryt || n), 'quad_segs=2')
                     ELSE ST_Buffer(c, 600 + 1200 * \${S}.u('zp:' || teryt || n), 'quad_segs=8') END
         FROM pt CROSS JOIN (VALUES ('-zb', 'intake_direct_protection', 'bezpośredniej'), ('-zp', 'intake_indirect_protection', 'pośredniej')) z(suffix, kind, label)
         WHERE z.kind = 'intake_direct_protection' OR \${S}.u('zp-pick:' || teryt || n) < 0.65
         ORDER BY 1`),
  );
  await clipStage(ctx, 'out_groundwater', 3);
  await db.query(sql(`UPDATE \${S}.out_groundwater SET props = props || jsonb_build_object('area_sqm', round(ST_Area(geom)))`));
  await writeStage(ctx, 'groundwater', 'out_groundwater', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'major groundwater reservoirs (GZWP numbers and names of the real ones, sketched), protection areas and water-intake protection zones near the demo parcels'),
  });
}

// ------------------------------------------------------------------------------- land cover

/** Class weights of the background cells per region / gmina kind. */
const COVER_WEIGHTS: Record<string, ReadonlyArray<readonly [string, number]>> = {
  city: [['built_up', 58], ['grassland', 10], ['forest', 14], ['arable', 12], ['shrubland', 4], ['bare_ground', 2]],
  wlkp: [['arable', 66], ['forest', 15], ['grassland', 7], ['built_up', 7], ['orchard', 2], ['shrubland', 2], ['wetland', 1]],
  wm: [['arable', 40], ['forest', 30], ['grassland', 16], ['built_up', 4], ['wetland', 5], ['shrubland', 3], ['orchard', 1], ['bare_ground', 1]],
  lbl: [['arable', 70], ['forest', 10], ['grassland', 9], ['orchard', 5], ['built_up', 5], ['shrubland', 1]],
  lbs: [['grassland', 28], ['forest', 26], ['built_up', 26], ['wetland', 10], ['arable', 8], ['shrubland', 2]],
};

const CLC: Record<string, string> = {
  arable: 'PTTR / CLC 211', orchard: 'PTSO / CLC 222', grassland: 'PTTR-Ł / CLC 231', forest: 'PTLZ / CLC 311', shrubland: 'PTZB / CLC 324',
  wetland: 'PTRK / CLC 411', water: 'PTWP / CLC 512', built_up: 'PTZB-Z / CLC 112', bare_ground: 'PTGN / CLC 131',
};

async function landCover(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const regions = ctx.area.map((g) => ({
    teryt: g.teryt,
    region: g.kind === 'urban' && g.voivodeship !== '08' ? 'city' : g.voivodeship === '30' ? 'wlkp' : g.voivodeship === '28' ? 'wm' : g.voivodeship === '06' ? 'lbl' : 'lbs',
  }));
  // background cells
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.lc_cell`));
  await db.query(
    sql(`CREATE TABLE \${S}.lc_cell AS
         SELECT g.teryt, x.region, v.path[1] AS i, ST_CollectionExtract(ST_Intersection(v.geom, g.geom), 3) AS geom
         FROM \${S}.demo_gmina g
         JOIN json_to_recordset($1::json) AS x(teryt text, region text) USING (teryt)
         CROSS JOIN LATERAL (SELECT ST_GeneratePoints(g.geom, greatest(12, round(ST_Area(g.geom) / 1.2e6))::int, \${S}.ui('lc:' || g.teryt, 1, 1000000)) AS pts) p
         CROSS JOIN LATERAL ST_Dump(ST_VoronoiPolygons(p.pts, 0, ST_Expand(ST_Envelope(g.geom), 1000))) v`),
    [JSON.stringify(regions)],
  );
  await db.query(sql(`ALTER TABLE \${S}.lc_cell ADD COLUMN kind text`));
  const weights = JSON.stringify(Object.fromEntries(Object.entries(COVER_WEIGHTS).map(([k, w]) => [k, w.map(([c, n]) => ({ c, n }))])));
  await db.query(
    sql(`UPDATE \${S}.lc_cell c SET kind = (
           SELECT w.c FROM (
             SELECT e ->> 'c' AS c, sum((e ->> 'n')::float8) OVER (ORDER BY ord) AS cum, sum((e ->> 'n')::float8) OVER () AS total
             FROM json_array_elements($1::json -> c.region) WITH ORDINALITY AS t(e, ord)
           ) w WHERE w.cum > \${S}.u('lc-k:' || c.teryt || ':' || c.i) * w.total ORDER BY w.cum LIMIT 1)`),
    [weights],
  );
  // coherence with the other layers: forests in national parks and forest landscape parks, grass in valleys
  await db.query(
    sql(`UPDATE \${S}.lc_cell c SET kind = 'forest' FROM \${S}.out_env_layers e
         WHERE e.kind IN ('national_park') AND ST_Intersects(e.geom, ST_PointOnSurface(c.geom)) AND \${S}.u('lc-np:' || c.teryt || c.i) < 0.85;
         UPDATE \${S}.lc_cell c SET kind = 'forest' FROM \${S}.out_env_layers e
         WHERE e.id IN ('lp-puszcza-zielonka', 'PLB280015', 'rez-las-warminski') AND ST_Intersects(e.geom, ST_PointOnSurface(c.geom)) AND \${S}.u('lc-lp:' || c.teryt || c.i) < 0.7;
         UPDATE \${S}.lc_cell c SET kind = CASE WHEN \${S}.u('lc-fl:' || c.teryt || c.i) < 0.7 THEN 'grassland' ELSE 'wetland' END FROM \${S}.out_env_layers e
         WHERE e.kind = 'flood_risk_10pct' AND ST_Intersects(e.geom, ST_PointOnSurface(c.geom)) AND c.kind IN ('arable', 'built_up') AND \${S}.u('lc-fl2:' || c.teryt || c.i) < 0.6`),
  );
  // parcelled precincts follow their blocks; lakes are water
  await db.query(
    sql(`UPDATE \${S}.lc_cell c SET geom = ST_CollectionExtract(ST_Difference(c.geom, m.u), 3)
         FROM (SELECT ST_Union(geom) AS u FROM (SELECT geom FROM \${S}.precinct WHERE selected UNION ALL SELECT geom FROM \${S}.hydro_area) q) m
         WHERE ST_Intersects(c.geom, m.u)`),
  );
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.lc_block`));
  await db.query(
    sql(`CREATE TABLE \${S}.lc_block AS
         SELECT b.id, b.precinct_id, b.teryt, b.geom::geometry AS geom,
                CASE WHEN b.designation = 'R' THEN
                       CASE WHEN \${S}.u('lc-or:' || b.id) < 0.06 THEN 'orchard' WHEN \${S}.u('lc-gr:' || b.id) < 0.05 THEN 'grassland' ELSE 'arable' END
                     WHEN b.designation = 'RO' THEN 'orchard'
                     WHEN b.designation IN ('RZ', 'EF', 'ZP', 'US') THEN 'grassland'
                     WHEN b.designation = 'ZC' THEN 'shrubland'
                     WHEN b.designation = 'ZL' THEN 'forest'
                     WHEN b.designation LIKE 'W%' THEN 'water'
                     ELSE 'built_up' END AS kind,
                b.designation = 'R' AND b.style = 'fields' AND \${S}.u('lc-fp:' || b.id) < 0.1 AS patch
         FROM \${S}.block b`),
  );
  // forest patches on ~10 % of arable field blocks: a corner of the block
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.lc_patch`));
  await db.query(
    sql(`CREATE TABLE \${S}.lc_patch AS
         SELECT b.id, b.precinct_id, b.teryt,
                ST_CollectionExtract(ST_Intersection(b.geom, ST_Buffer(ST_PointN(ST_ExteriorRing(ST_GeometryN(b.geom, 1)), 1),
                                                                     (0.3 + 0.3 * \${S}.u('lc-fpr:' || b.id)) * sqrt(ST_Area(b.geom)), 'quad_segs=6')), 3) AS geom
         FROM \${S}.lc_block b WHERE b.patch`),
  );
  await db.query(
    sql(`UPDATE \${S}.lc_block b SET geom = ST_CollectionExtract(ST_Difference(b.geom, p.geom), 3) FROM \${S}.lc_patch p WHERE p.id = b.id`),
  );
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.lc_piece`));
  await db.query(
    sql(`CREATE TABLE \${S}.lc_piece AS
         SELECT 'lc-' || teryt || '-' || lpad(i::text, 4, '0') AS id, kind, teryt, geom, false AS in_block FROM \${S}.lc_cell
         WHERE NOT ST_IsEmpty(geom)
         UNION ALL
         SELECT 'lc-' || a.precinct_id || '-' || a.kind || '-' || coalesce(d.path[1], 1), a.kind, a.teryt, d.geom, true
         FROM (SELECT precinct_id, min(teryt) AS teryt, kind, ST_Union(geom) AS geom FROM (
                 SELECT precinct_id, teryt, kind, geom FROM \${S}.lc_block
                 UNION ALL SELECT precinct_id, teryt, 'forest', geom FROM \${S}.lc_patch) q
               GROUP BY precinct_id, kind) a
         CROSS JOIN LATERAL ST_Dump(a.geom) d
         UNION ALL
         SELECT 'lc-' || h.id, 'water', h.teryt, ST_Intersection(h.geom, z.u), false
         FROM \${S}.hydro_area h CROSS JOIN (SELECT ST_Union(geom) AS u FROM \${S}.demo_gmina) z WHERE ST_Intersects(h.geom, z.u)`),
  );
  await db.query(sql(`DELETE FROM \${S}.lc_piece WHERE ST_IsEmpty(geom) OR ST_Area(geom) < 100`));
  await db.query(sql(`CREATE INDEX ON \${S}.lc_piece USING gist (geom)`));
  await createStage(ctx, 'out_land_cover');
  await db.query(
    sql(`INSERT INTO \${S}.out_land_cover (id, kind, name, teryt, props, geom)
         SELECT id, kind, NULL, teryt, jsonb_build_object('class_code', $1::json ->> kind, 'area_sqm', round(ST_Area(geom))), geom FROM \${S}.lc_piece`),
    [JSON.stringify(CLC)],
  );
  await writeStage(ctx, 'land_cover', 'out_land_cover', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'land cover classes tiling the demo gminas; in parcelled precincts they follow the block designations, with orchards and forest patches on some arable fields'),
  });
}

async function forestStands(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const rdlp = JSON.stringify({ '30': '09', '28': '07', '06': '05', '08': '15' });
  await createStage(ctx, 'out_forest_stands');
  await db.query(
    sql(`INSERT INTO \${S}.out_forest_stands (id, kind, name, teryt, props, geom)
         WITH f AS (
           SELECT id, teryt, in_block, geom, greatest(1, round(ST_Area(geom) / 80000))::int AS n FROM \${S}.lc_piece WHERE kind = 'forest'
         ), cells AS (
           SELECT f.id, f.teryt, f.in_block, 1 AS k, f.geom FROM f WHERE f.n = 1
           UNION ALL
           SELECT f.id, f.teryt, f.in_block, v.path[1], ST_CollectionExtract(ST_Intersection(v.geom, f.geom), 3)
           FROM f CROSS JOIN LATERAL ST_Dump(ST_VoronoiPolygons(ST_GeneratePoints(f.geom, f.n, \${S}.ui('fs:' || f.id, 1, 1000000)), 0, ST_Expand(ST_Envelope(f.geom), 100))) v
           WHERE f.n > 1
         )
         SELECT 'fs-' || c.id || '-' || c.k,
                CASE WHEN c.teryt IN ('3064011', '2862011') THEN 'other_public_forest'
                     WHEN EXISTS (SELECT 1 FROM \${S}.out_env_layers e WHERE e.kind = 'national_park' AND ST_Intersects(e.geom, ST_PointOnSurface(c.geom))) THEN 'other_public_forest'
                     WHEN c.in_block AND ST_Area(c.geom) < 50000 THEN 'private_forest'
                     WHEN \${S}.u('fs-k:' || c.id || c.k) < 0.12 THEN 'private_forest'
                     ELSE 'state_forest' END,
                NULL, c.teryt,
                jsonb_build_object(
                  'forest_address', ($1::json ->> substr(c.teryt, 1, 2)) || '-' || lpad(\${S}.ui('fs-n:' || c.teryt, 1, 40)::text, 2, '0') || '-' ||
                                    \${S}.ui('fs-o:' || c.id, 1, 3) || '-' || lpad(\${S}.ui('fs-l:' || c.id, 1, 12)::text, 2, '0') || '-' ||
                                    lpad(\${S}.ui('fs-d:' || c.id, 1, 420)::text, 3, '0') || '-' || chr(97 + ((c.k - 1) % 20)) || '-00',
                  'main_species', \${S}.pick('fs-s:' || c.id || c.k, ARRAY['SO', 'SO', 'SO', 'SO', 'SO', 'DB', 'BRZ', 'OL', 'ŚW', 'BK', 'JS', 'MD']),
                  'age_years', \${S}.ui('fs-a:' || c.id || c.k, 8, 145),
                  'site_type', \${S}.pick('fs-t:' || c.id || c.k, ARRAY['BMśw', 'BMśw', 'BŚw', 'LMśw', 'LMśw', 'Lśw', 'BMw', 'Ol', 'LŁ']),
                  'protective_category', CASE WHEN c.teryt IN ('3064011', '2862011', '2815011', '2807011', '0664011') THEN 'w granicach administracyjnych miasta'
                                              WHEN \${S}.u('fs-p:' || c.id || c.k) < 0.15 THEN \${S}.pick('fs-pc:' || c.id || c.k, ARRAY['wodochronny', 'glebochronny', 'ostoja zwierząt'])
                                              END,
                  'area_sqm', round(ST_Area(c.geom))),
                c.geom
         FROM cells c WHERE NOT ST_IsEmpty(c.geom) AND ST_Area(c.geom) > 200`),
    [rdlp],
  );
  await writeStage(ctx, 'forest_stands', 'out_forest_stands', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'forest stands cut from the generated forest land cover, with plausible forest addresses, species, ages and site types'),
  });
}

// ------------------------------------------------------------------------------- air quality

const STATIONS: ReadonlyArray<{ code: string; name: string; kind: string; at: LngLat }> = [
  { code: 'WpPoznPolanka', name: 'Poznań, ul. Polanka', kind: 'background_station', at: [16.969, 52.42] },
  { code: 'WpPoznDabrow', name: 'Poznań, ul. Dąbrowskiego', kind: 'traffic_station', at: [16.903, 52.415] },
  { code: 'WpPoznChwial', name: 'Poznań, ul. Chwiałkowskiego', kind: 'background_station', at: [16.925, 52.39] },
  { code: 'WpPoznSzwaj', name: 'Poznań, ul. Szwajcarska', kind: 'industrial_station', at: [17.02, 52.4] },
  { code: 'WpSwarzLiceal', name: 'Swarzędz, ul. Polna', kind: 'background_station', at: [17.08, 52.41] },
  { code: 'WpKornikBnin', name: 'Kórnik, Bnin', kind: 'background_station', at: [17.09, 52.23] },
  { code: 'WpLubonZwirk', name: 'Luboń, ul. Żwirki i Wigury', kind: 'traffic_station', at: [16.88, 52.345] },
  { code: 'WmOlsztPuszk', name: 'Olsztyn, ul. Puszkina', kind: 'background_station', at: [20.49, 53.78] },
  { code: 'WmOlsztWaszyng', name: 'Olsztyn, al. Wojska Polskiego', kind: 'traffic_station', at: [20.465, 53.775] },
  { code: 'WmOstrodaPilsud', name: 'Ostróda, ul. Piłsudskiego', kind: 'background_station', at: [19.97, 53.7] },
  { code: 'WmIlawaSienk', name: 'Iława, ul. Sienkiewicza', kind: 'background_station', at: [19.57, 53.596] },
  { code: 'WmBartoszBema', name: 'Bartoszyce, ul. Bema', kind: 'background_station', at: [20.81, 54.253] },
  { code: 'WmDywityLesna', name: 'Dywity, ul. Leśna', kind: 'background_station', at: [20.48, 53.82] },
  { code: 'LbZamoscHrubie', name: 'Zamość, ul. Hrubieszowska', kind: 'traffic_station', at: [23.27, 50.72] },
  { code: 'LbZamoscSzczeb', name: 'Zamość, Szczebrzeska', kind: 'background_station', at: [23.235, 50.715] },
  { code: 'LuKostrzOdrzan', name: 'Kostrzyn nad Odrą, ul. Graniczna', kind: 'industrial_station', at: [14.65, 52.59] },
];

const INDEX_LEVELS = ['very_good', 'good', 'moderate', 'sufficient', 'bad', 'very_bad'];

async function airQuality(ctx: GeneratorContext): Promise<void> {
  await createStage(ctx, 'out_air_quality');
  const rows: Sketch[] = STATIONS.map((s) => {
    const r = ctx.random(`aq:${s.code}`);
    const index = r.weighted<number>([[0, 3], [1, 5], [2, 3], [3, 1.5], [4, 0.7], [5, 0.2]]);
    const pm10 = Math.round((8 + index * 14 + r.range(0, 12)) * 10) / 10;
    return {
      id: s.code, kind: s.kind, name: s.name,
      props: {
        station_code: s.code, index_level: INDEX_LEVELS[index], index_value: index,
        pm10_ugm3: pm10, pm25_ugm3: Math.round(pm10 * r.range(0.55, 0.8) * 10) / 10,
        no2_ugm3: Math.round((s.kind === 'traffic_station' ? r.range(25, 55) : r.range(6, 28)) * 10) / 10,
        measured_on: daysBefore(ctx.asOf, 0),
      },
      geometry: point(s.at),
    };
  });
  await insertSketches(ctx, 'out_air_quality', rows);
  await clipStage(ctx, 'out_air_quality', 1);
  await writeStage(ctx, 'air_quality', 'out_air_quality', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'air-quality stations in the demo towns with GIOŚ-style codes; index values are generated for the reference date'),
  });
}

export const environmentFamily: GeneratorFamily = {
  name: 'environment',
  layers: ['env_layers', 'groundwater', 'land_cover', 'forest_stands', 'air_quality'],
  dependsOn: ['cadastre', 'hydrography'],
  async generate(ctx) {
    await ensureZones(ctx);
    await createFunctions(ctx);
    await createStage(ctx, 'out_env_layers');
    await loadReal(ctx);
    await drawAreas(ctx);
    await localSites(ctx);
    await floodZones(ctx);
    await wetlands(ctx);
    await writeEnvLayers(ctx);
    await groundwater(ctx);
    await landCover(ctx);
    await forestStands(ctx);
    await airQuality(ctx);
  },
};
