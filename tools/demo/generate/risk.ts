/**
 * risk: mining_areas, aviation_obstacles, airspace.
 *
 * mining_areas: the documented Czempiń lignite deposit (under Mosina and Stęszew; informational
 *   deposit only), gravel mining at Bolechowo (Czerwonak) and near Kostrzyn (powiat poznański),
 *   oil and gas at Kostrzyn nad Odrą, gravel at Wysoka Wieś (Ostróda) and Bartoszyce, peat at
 *   Iława, sand at Zamość (all sketched, MIDAS-style ids), plus a gravel pit on the fields of
 *   about 12 % of the parcelled rural precincts: mining area, a 300 m mining terrain around it and
 *   the documented deposit, so the "mining" constraint topic hits some demo parcels.
 * aviation_obstacles: obstacle limitation surfaces (ICAO Annex 14 geometry) of Poznań-Ławica
 *   (EPPO, RWY 10/28), Poznań-Krzesiny (EPKS, military), Olsztyn-Mazury (EPSY, Szymany; its
 *   outer surfaces reach towards Olsztyn) and the small aerodromes Olsztyn-Dajtki (EPOD) and
 *   Zamość-Mokre (EPZM): inner horizontal (4 km stadium, 45 m), conical (+2 km, 45-145 m), outer
 *   horizontal (15 km, 150 m), approach surfaces in three sections (0-60 m, 60-150 m, 150 m),
 *   take-off climb and transitional surfaces; max_height_m is the lowest permitted height above
 *   ground under the surface. Registered obstacles: chimneys and masts in Poznań and Olsztyn,
 *   rural telecom masts, the turbines of the existing wind farms, the tallest generated buildings.
 * Surfaces and airspace are clipped to Poland only (not to the demo surroundings), so EPSY's
 * lie outside the coverage gminas (the coverage sidecar still lists the demo gminas).
 * airspace: EPPO CTR and TMA, EPKS MCTR, EPSY CTR and TMA (over Olsztyn), ATZ of the small
 *   aerodromes, the Biedrusko restricted area (EP R16, training ground north of Poznań), a danger
 *   area at Bartoszyce, a TSA and a TRA active around the reference date.
 */
import type { GeneratorContext, GeneratorFamily } from './family.js';
import { blob, clipStage, createStage, daysBefore, ensureZones, generatedSource, insertSketches, polygon, writeStage, type LngLat, type Sketch } from './sketch.js';

const FAMILY = 'risk';

const MINES: ReadonlyArray<{ id: string; kind: string; name: string; mineral: string; holder: string | null; until: string | null; centre: LngLat; a: number; b: number; rot: number; terrain?: number }> = [
  { id: 'czempin', kind: 'mineral_deposit', name: 'Złoże węgla brunatnego Czempiń', mineral: 'węgiel brunatny', holder: null, until: null, centre: [16.76, 52.2], a: 9000, b: 2800, rot: 100 },
  { id: 'bolechowo', kind: 'mining_area', name: 'Obszar górniczy Bolechowo', mineral: 'kruszywo naturalne (piaski i żwiry)', holder: 'Kopalnia Kruszywa Bolechowo Sp. z o.o.', until: '2034-12-31', centre: [16.995, 52.53], a: 700, b: 400, rot: 30, terrain: 400 },
  { id: 'kostrzyn-siedleczek', kind: 'mining_area', name: 'Obszar górniczy Siedleczek', mineral: 'kruszywo naturalne (piaski i żwiry)', holder: 'Żwirownia Siedleczek s.c.', until: '2031-06-30', centre: [17.2, 52.42], a: 450, b: 300, rot: 0, terrain: 300 },
  { id: 'kostrzyn-odra-ropa', kind: 'mining_area', name: 'Obszar górniczy Kostrzyn (ropa naftowa i gaz ziemny)', mineral: 'ropa naftowa i gaz ziemny', holder: 'ORLEN S.A.', until: '2045-12-31', centre: [14.7, 52.62], a: 2500, b: 1500, rot: 20, terrain: 800 },
  { id: 'wysoka-wies', kind: 'mining_area', name: 'Obszar górniczy Wysoka Wieś', mineral: 'kruszywo naturalne (piaski i żwiry)', holder: 'PPHU Kruszywa Ostróda', until: '2030-12-31', centre: [19.92, 53.66], a: 600, b: 350, rot: 45, terrain: 300 },
  { id: 'ilawa-torf', kind: 'mineral_deposit', name: 'Złoże torfu Iława-Gromoty', mineral: 'torf', holder: null, until: null, centre: [19.62, 53.57], a: 900, b: 500, rot: 10 },
  { id: 'bartoszyce', kind: 'mining_area', name: 'Obszar górniczy Bartoszyce-Wiatrowiec', mineral: 'kruszywo naturalne (piaski i żwiry)', holder: 'Przedsiębiorstwo Drogowe Bartoszyce', until: '2029-03-31', centre: [20.87, 54.22], a: 500, b: 350, rot: 60, terrain: 300 },
  { id: 'zamosc-plosk', kind: 'mining_area', name: 'Obszar górniczy Płoskie', mineral: 'piaski', holder: 'Kopalnia Piasku Płoskie', until: '2033-09-30', centre: [23.19, 50.745], a: 500, b: 300, rot: 0, terrain: 250 },
];

async function mining(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_mining_areas');
  const rows: Sketch[] = [];
  for (const m of MINES) {
    const r = ctx.random(`mine:${m.id}`);
    const midas = String(r.int(10000, 99999));
    const props = { mineral: m.mineral, licence_holder: m.holder, licence_valid_until: m.until, midas_id: midas };
    rows.push({ id: `midas-${m.id}`, kind: m.kind, name: m.name, props: { ...props, terrain: m.terrain ?? null }, geometry: polygon(blob(m.centre, m.a, m.b, m.rot, r, 0.2, 36)) });
  }
  await insertSketches(ctx, 'out_mining_areas', rows);
  // mining terrains around the sketched mining areas, deposits under them
  await db.query(
    sql(`INSERT INTO \${S}.out_mining_areas (id, kind, name, teryt, props, geom)
         SELECT id || '-teren', 'mining_terrain', replace(name, 'Obszar górniczy', 'Teren górniczy'), teryt, props - 'terrain', ST_Buffer(geom, (props ->> 'terrain')::float8, 'quad_segs=6')
         FROM \${S}.out_mining_areas WHERE kind = 'mining_area' AND props ? 'terrain' AND props ->> 'terrain' IS NOT NULL
         UNION ALL
         SELECT id || '-zloze', 'mineral_deposit', replace(name, 'Obszar górniczy', 'Złoże'), teryt, (props - 'terrain') - 'licence_holder' - 'licence_valid_until',
                ST_Buffer(geom, 80, 'quad_segs=4')
         FROM \${S}.out_mining_areas WHERE kind = 'mining_area'`),
  );
  // gravel pits on the fields of ~12 % of the parcelled rural precincts
  await db.query(
    sql(`INSERT INTO \${S}.out_mining_areas (id, kind, name, teryt, props, geom)
         SELECT 'midas-gen-' || x.precinct_id || k.suffix, k.kind, k.prefix || coalesce(x.locality, x.precinct_id), x.teryt,
                jsonb_build_object('mineral', 'kruszywo naturalne (piaski i żwiry)',
                                   'licence_holder', CASE WHEN k.kind <> 'mineral_deposit' THEN 'Żwirownia ' || coalesce(x.locality, '') || ' Sp. z o.o.' END,
                                   'licence_valid_until', CASE WHEN k.kind <> 'mineral_deposit' THEN (date '2027-01-01' + \${S}.ui('mine-u:' || x.precinct_id, 0, 6000))::text END,
                                   'midas_id', (\${S}.ui('mine-id:' || x.precinct_id, 10000, 99999))::text),
                ST_Buffer(x.pt, x.r + k.extra, 'quad_segs=8')
         FROM (
           SELECT DISTINCT ON (p.precinct_id) p.precinct_id, pr.locality, p.teryt, ST_PointOnSurface(p.geom) AS pt, 180 + 250 * \${S}.u('mine-r:' || p.precinct_id) AS r
           FROM \${S}.parcel p JOIN \${S}.precinct pr ON pr.id = p.precinct_id
           WHERE p.style = 'fields' AND pr.character = 'rural' AND \${S}.u('mine:' || p.precinct_id) < 0.12
           ORDER BY p.precinct_id, \${S}.u('mine-p:' || p.id)
         ) x
         CROSS JOIN (VALUES ('', 'mining_area', 'Obszar górniczy ', 0), ('-teren', 'mining_terrain', 'Teren górniczy ', 300), ('-zloze', 'mineral_deposit', 'Złoże kruszywa ', 120))
                    AS k(suffix, kind, prefix, extra)
         ORDER BY 1`),
  );
  await db.query(sql(`UPDATE \${S}.out_mining_areas SET props = props - 'terrain'`));
  await clipStage(ctx, 'out_mining_areas', 3);
  await writeStage(ctx, 'mining_areas', 'out_mining_areas', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'mining areas, terrains and deposits sketched near the demo areas (names after real places, MIDAS ids illustrative) and gravel pits on some generated field precincts'),
  });
}

interface Aerodrome {
  icao: string;
  name: string;
  arp: LngLat;
  /** true bearing of the runway, degrees */
  bearing: number;
  length: number;
  elevation: number;
  /** 'major': code 4 instrument runway; 'small': code 2 non-instrument */
  code: 'major' | 'small';
}

const AERODROMES: readonly Aerodrome[] = [
  { icao: 'EPPO', name: 'Poznań-Ławica', arp: [16.8263, 52.421], bearing: 104, length: 2504, elevation: 94, code: 'major' },
  { icao: 'EPKS', name: 'Poznań-Krzesiny', arp: [16.9664, 52.3317], bearing: 112, length: 2500, elevation: 77, code: 'major' },
  { icao: 'EPSY', name: 'Olsztyn-Mazury', arp: [20.9377, 53.4819], bearing: 10, length: 2000, elevation: 141, code: 'major' },
  { icao: 'EPOD', name: 'Olsztyn-Dajtki', arp: [20.4178, 53.7731], bearing: 10, length: 800, elevation: 133, code: 'small' },
  { icao: 'EPZM', name: 'Zamość-Mokre', arp: [23.2, 50.7], bearing: 90, length: 900, elevation: 215, code: 'small' },
];

type XY = [number, number];

/** Obstacle limitation surfaces of one aerodrome in local metres (x east, y north) around the ARP. */
function surfaces(a: Aerodrome): Array<{ id: string; kind: string; name: string; lowest: number; geometry: object }> {
  const b = (a.bearing * Math.PI) / 180;
  const u: XY = [Math.sin(b), Math.cos(b)];
  const n: XY = [Math.cos(b), -Math.sin(b)];
  const at = (o: XY, d: XY, s: number, w: number): XY => [o[0] + d[0] * s + n[0] * w, o[1] + d[1] * s + n[1] * w];
  const t1: XY = [-u[0] * (a.length / 2), -u[1] * (a.length / 2)];
  const t2: XY = [u[0] * (a.length / 2), u[1] * (a.length / 2)];
  const ring = (pts: XY[]) => [...pts, pts[0]!].map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
  const major = a.code === 'major';
  const out: Array<{ id: string; kind: string; name: string; lowest: number; geometry: object }> = [];
  // approach surfaces (to each threshold), in sections
  const approach = major
    ? { inner: 150, div: 0.15, sections: [[0, 3000, 0.02], [3000, 6600, 0.025], [6600, 15000, 0]] as const }
    : { inner: 40, div: 0.1, sections: [[0, 2500, 0.04]] as const };
  for (const [end, thr, dir] of [['a', t1, [-u[0], -u[1]] as XY], ['b', t2, u]] as const) {
    const o: XY = [thr[0] + dir[0] * 60, thr[1] + dir[1] * 60];
    let h = 0;
    approach.sections.forEach(([s0, s1, slope], i) => {
      const hw0 = approach.inner + approach.div * s0;
      const hw1 = approach.inner + approach.div * s1;
      const pts: XY[] = [
        [o[0] + dir[0] * s0 + n[0] * hw0, o[1] + dir[1] * s0 + n[1] * hw0],
        [o[0] + dir[0] * s1 + n[0] * hw1, o[1] + dir[1] * s1 + n[1] * hw1],
        [o[0] + dir[0] * s1 - n[0] * hw1, o[1] + dir[1] * s1 - n[1] * hw1],
        [o[0] + dir[0] * s0 - n[0] * hw0, o[1] + dir[1] * s0 - n[1] * hw0],
      ];
      out.push({ id: `${a.icao}-approach-${end}-${i + 1}`, kind: 'approach_surface', name: `${a.name}: powierzchnia podejścia, sekcja ${i + 1}`, lowest: h, geometry: { type: 'Polygon', coordinates: [ring(pts)] } });
      h += (s1 - s0) * slope;
    });
    // take-off climb in the opposite direction from the other end
    const inner = major ? 90 : 40;
    const finalHw = major ? 600 : 290;
    const len = major ? 15000 : 2500;
    const div = major ? 0.125 : 0.1;
    const other: XY = thr === t1 ? t2 : t1;
    const away: XY = [-dir[0], -dir[1]];
    const o2: XY = [other[0] + away[0] * 60, other[1] + away[1] * 60];
    const sFull = Math.min(len, (finalHw - inner) / div);
    const pts: XY[] = [
      at(o2, away, 0, inner), at(o2, away, sFull, finalHw), at(o2, away, len, finalHw),
      at(o2, away, len, -finalHw), at(o2, away, sFull, -finalHw), at(o2, away, 0, -inner),
    ];
    out.push({ id: `${a.icao}-takeoff-${end}`, kind: 'take_off_climb_surface', name: `${a.name}: powierzchnia wznoszenia po starcie`, lowest: 0, geometry: { type: 'Polygon', coordinates: [ring(pts)] } });
  }
  // transitional surfaces along both sides of the runway strip
  const strip = major ? 150 : 40;
  const width = (major ? 45 : 40) / (major ? 0.143 : 0.2);
  const s0 = -a.length / 2 - 60;
  const s1 = a.length / 2 + 60;
  const side = (sgn: number) =>
    ring([at([0, 0], u, s0, sgn * strip), at([0, 0], u, s1, sgn * strip), at([0, 0], u, s1, sgn * (strip + width)), at([0, 0], u, s0, sgn * (strip + width))]);
  out.push({ id: `${a.icao}-transitional`, kind: 'transitional_surface', name: `${a.name}: powierzchnia przejściowa`, lowest: 0, geometry: { type: 'MultiPolygon', coordinates: [[side(1)], [side(-1)]] } });
  // runway centre line: inner horizontal, conical and outer surfaces are derived in SQL
  out.push({ id: `${a.icao}-runway`, kind: 'runway', name: a.name, lowest: 0, geometry: { type: 'LineString', coordinates: [t1, t2] } });
  return out;
}

async function aviation(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_aviation_obstacles');
  const rows = AERODROMES.flatMap((a) =>
    surfaces(a).map((s) => ({ id: s.id, kind: s.kind, name: s.name, icao: a.icao, lng: a.arp[0], lat: a.arp[1], elev: a.elevation, major: a.code === 'major', lowest: s.lowest, geom: JSON.stringify(s.geometry) })),
  );
  await db.query(
    sql(`INSERT INTO \${S}.out_aviation_obstacles (id, kind, name, teryt, props, geom)
         SELECT x.id, x.kind, x.name, NULL,
                jsonb_build_object('aerodrome_icao', x.icao, 'surface_elevation_m', x.elev + x.lowest, 'max_height_m', x.lowest, 'major', x.major),
                ST_Translate(ST_SetSRID(ST_GeomFromGeoJSON(x.geom), 2180), ST_X(a.p), ST_Y(a.p))
         FROM json_to_recordset($1::json) AS x(id text, kind text, name text, icao text, lng float8, lat float8, elev float8, major boolean, lowest float8, geom text)
         CROSS JOIN LATERAL (SELECT ST_Transform(ST_SetSRID(ST_Point(x.lng, x.lat), 4326), 2180) AS p) a`),
    [JSON.stringify(rows)],
  );
  // inner horizontal (stadium around the runway), conical ring, outer horizontal (major only)
  await db.query(
    sql(`INSERT INTO \${S}.out_aviation_obstacles (id, kind, name, teryt, props, geom)
         SELECT r.props ->> 'aerodrome_icao' || '-inner-horizontal', 'inner_horizontal_surface', r.name || ': wewnętrzna powierzchnia pozioma', NULL,
                jsonb_build_object('aerodrome_icao', r.props ->> 'aerodrome_icao', 'surface_elevation_m', (r.props ->> 'surface_elevation_m')::float8 + 45, 'max_height_m', 45),
                ST_Buffer(r.geom, d.ih, 'quad_segs=16')
         FROM \${S}.out_aviation_obstacles r CROSS JOIN LATERAL (SELECT CASE WHEN (r.props ->> 'major')::boolean THEN 4000 ELSE 2000 END AS ih,
                                                                       CASE WHEN (r.props ->> 'major')::boolean THEN 2000 ELSE 700 END AS cw) d
         WHERE r.kind = 'runway'
         UNION ALL
         SELECT r.props ->> 'aerodrome_icao' || '-conical', 'conical_surface', r.name || ': powierzchnia stożkowa', NULL,
                jsonb_build_object('aerodrome_icao', r.props ->> 'aerodrome_icao', 'surface_elevation_m', (r.props ->> 'surface_elevation_m')::float8 + 45, 'max_height_m', 45),
                ST_Difference(ST_Buffer(r.geom, d.ih + d.cw, 'quad_segs=16'), ST_Buffer(r.geom, d.ih, 'quad_segs=16'))
         FROM \${S}.out_aviation_obstacles r CROSS JOIN LATERAL (SELECT CASE WHEN (r.props ->> 'major')::boolean THEN 4000 ELSE 2000 END AS ih,
                                                                       CASE WHEN (r.props ->> 'major')::boolean THEN 2000 ELSE 700 END AS cw) d
         WHERE r.kind = 'runway'
         UNION ALL
         SELECT r.props ->> 'aerodrome_icao' || '-outer-horizontal', 'outer_horizontal_surface', r.name || ': zewnętrzna powierzchnia pozioma', NULL,
                jsonb_build_object('aerodrome_icao', r.props ->> 'aerodrome_icao', 'surface_elevation_m', (r.props ->> 'surface_elevation_m')::float8 + 150, 'max_height_m', 150),
                ST_Difference(ST_Buffer(ST_Centroid(r.geom), 15000, 'quad_segs=16'), ST_Buffer(r.geom, 6000, 'quad_segs=16'))
         FROM \${S}.out_aviation_obstacles r WHERE r.kind = 'runway' AND (r.props ->> 'major')::boolean`),
  );
  await db.query(sql(`DELETE FROM \${S}.out_aviation_obstacles WHERE kind = 'runway'`));
  await db.query(sql(`UPDATE \${S}.out_aviation_obstacles SET props = props - 'major'`));
  // registered obstacles: named chimneys / masts, rural masts, wind turbines, the tallest buildings
  const named: Sketch[] = [
    { id: 'obst-ec-karolin', kind: 'registered_obstacle', name: 'Komin Elektrociepłowni Karolin', props: { obstacle_height_m: 160, obstacle_type: 'chimney', lighted: true, r: 12 }, geometry: { type: 'Point', coordinates: [16.958, 52.446] } },
    { id: 'obst-piatkowo', kind: 'registered_obstacle', name: 'Wieża telekomunikacyjna Poznań-Piątkowo', props: { obstacle_height_m: 120, obstacle_type: 'mast', lighted: true, r: 8 }, geometry: { type: 'Point', coordinates: [16.918, 52.466] } },
    { id: 'obst-ec-olsztyn', kind: 'registered_obstacle', name: 'Komin ciepłowni Olsztyn-Kortowo', props: { obstacle_height_m: 110, obstacle_type: 'chimney', lighted: true, r: 10 }, geometry: { type: 'Point', coordinates: [20.5, 53.8] } },
    { id: 'obst-rtcn-olsztyn', kind: 'registered_obstacle', name: 'Maszt RTCN Olsztyn-Pieczewo', props: { obstacle_height_m: 140, obstacle_type: 'mast', lighted: true, r: 8 }, geometry: { type: 'Point', coordinates: [20.525, 53.728] } },
  ];
  await insertSketches(ctx, 'out_aviation_obstacles', named);
  await db.query(
    sql(`UPDATE \${S}.out_aviation_obstacles SET geom = ST_Buffer(geom, (props ->> 'r')::float8, 'quad_segs=4'), props = props - 'r' WHERE props ? 'r'`),
  );
  await db.query(
    sql(`INSERT INTO \${S}.out_aviation_obstacles (id, kind, name, teryt, props, geom)
         SELECT 'obst-wt-' || substr(o.id, 10) || '-' || t, 'registered_obstacle', 'Turbina wiatrowa ' || coalesce(o.name, ''), o.teryt,
                jsonb_build_object('obstacle_height_m', 150 + 50 * \${S}.u('wt-h:' || o.id), 'obstacle_type', 'wind turbine', 'lighted', true),
                ST_Buffer(ST_Translate(o.geom, cos(a) * (t - 1) * 450, sin(a) * (t - 1) * 450), 8, 'quad_segs=4')
         FROM \${S}.out_oze_installations o
         CROSS JOIN LATERAL (SELECT 6.283 * \${S}.u('wt-a:' || o.id) AS a) x
         CROSS JOIN LATERAL generate_series(1, coalesce((o.props ->> 'turbine_count')::int, 1)) t
         WHERE o.kind = 'wind'
         UNION ALL
         SELECT 'obst-mast-' || x.precinct_id, 'registered_obstacle', 'Maszt telekomunikacyjny' || coalesce(' ' || x.locality, ''), x.teryt,
                jsonb_build_object('obstacle_height_m', 40 + 25 * \${S}.u('mast-h:' || x.precinct_id), 'obstacle_type', 'mast', 'lighted', \${S}.u('mast-l:' || x.precinct_id) < 0.5),
                ST_Buffer(x.pt, 4, 'quad_segs=2')
         FROM (SELECT DISTINCT ON (p.precinct_id) p.precinct_id, pr.locality, p.teryt, ST_PointOnSurface(p.geom) AS pt
               FROM \${S}.parcel p JOIN \${S}.precinct pr ON pr.id = p.precinct_id
               WHERE p.style = 'fields' AND \${S}.u('mast:' || p.precinct_id) < 0.3 ORDER BY p.precinct_id, \${S}.u('mast-p:' || p.id)) x
         UNION ALL
         SELECT 'obst-bld-' || b.id, 'registered_obstacle', 'Budynek wysoki', b.teryt,
                jsonb_build_object('obstacle_height_m', round(b.height_m::numeric, 1), 'obstacle_type', 'building', 'lighted', true), b.geom
         FROM \${S}.building b WHERE b.height_m >= 35
         ORDER BY 1`),
  );
  // surfaces are kept whole (clipped to Poland only): EPSY's lie beyond the demo gminas
  await clipStage(ctx, 'out_aviation_obstacles', 3, true);
  await writeStage(ctx, 'aviation_obstacles', 'out_aviation_obstacles', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'obstacle limitation surfaces of EPPO, EPKS, EPSY, EPOD and EPZM built from Annex 14 dimensions around sketched runways; registered obstacles'),
  });
}

async function airspace(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_airspace');
  const from = daysBefore(ctx.asOf, 1);
  const until = daysBefore(ctx.asOf, -6);
  const areas: Sketch[] = [
    { id: 'EPPO-CTR', kind: 'ctr', name: 'Poznań CTR', props: { designator: 'EPPO CTR', lower_limit_m: 0, upper_limit_m: 1066 }, geometry: polygon(blob([16.83, 52.42], 16000, 10000, 14, ctx.random('as:eppo-ctr'), 0.05, 40)) },
    { id: 'EPPO-TMA', kind: 'tma', name: 'Poznań TMA', props: { designator: 'EPPO TMA A', lower_limit_m: 1066, upper_limit_m: 2895 }, geometry: polygon(blob([16.9, 52.4], 42000, 34000, 0, ctx.random('as:eppo-tma'), 0.04, 48)) },
    { id: 'EPKS-MCTR', kind: 'mctr', name: 'Krzesiny MCTR', props: { designator: 'EPKS MCTR', lower_limit_m: 0, upper_limit_m: 1066 }, geometry: polygon(blob([16.97, 52.33], 11000, 8000, 22, ctx.random('as:epks'), 0.04, 40)) },
    { id: 'EPSY-CTR', kind: 'ctr', name: 'Szymany CTR', props: { designator: 'EPSY CTR', lower_limit_m: 0, upper_limit_m: 762 }, geometry: polygon(blob([20.94, 53.48], 12000, 9000, 80, ctx.random('as:epsy-ctr'), 0.04, 40)) },
    { id: 'EPSY-TMA', kind: 'tma', name: 'Szymany TMA', props: { designator: 'EPSY TMA', lower_limit_m: 762, upper_limit_m: 2895 }, geometry: polygon(blob([20.8, 53.6], 40000, 30000, 30, ctx.random('as:epsy-tma'), 0.04, 48)) },
    { id: 'EPOD-ATZ', kind: 'atz', name: 'Olsztyn-Dajtki ATZ', props: { designator: 'EPOD ATZ', lower_limit_m: 0, upper_limit_m: 740 }, geometry: polygon(blob([20.4178, 53.7731], 3700, 3700, 0, ctx.random('as:epod'), 0.01, 36)) },
    { id: 'EPZM-ATZ', kind: 'atz', name: 'Zamość-Mokre ATZ', props: { designator: 'EPZM ATZ', lower_limit_m: 0, upper_limit_m: 820 }, geometry: polygon(blob([23.2, 50.7], 3700, 3700, 0, ctx.random('as:epzm'), 0.01, 36)) },
    { id: 'EPR16', kind: 'restricted_area', name: 'Biedrusko (poligon)', props: { designator: 'EP R16', lower_limit_m: 0, upper_limit_m: 3050 }, geometry: polygon(blob([16.955, 52.555], 6000, 4200, 25, ctx.random('as:r16'), 0.08, 40)) },
    { id: 'EPD35', kind: 'danger_area', name: 'Bartoszyce (strzelnica)', props: { designator: 'EP D35', lower_limit_m: 0, upper_limit_m: 1500 }, geometry: polygon(blob([20.86, 54.28], 2500, 1800, 40, ctx.random('as:d35'), 0.06, 32)) },
    { id: 'EPTS51', kind: 'temporary_segregated_area', name: 'TSA Krzesiny 51', props: { designator: 'EP TSA51', lower_limit_m: 1500, upper_limit_m: 6100, active_from: from, active_until: until }, geometry: polygon(blob([17.3, 52.3], 20000, 12000, 10, ctx.random('as:tsa'), 0.05, 40)) },
    { id: 'EPTR25', kind: 'temporary_reserved_area', name: 'TRA Olsztyn 25', props: { designator: 'EP TRA25', lower_limit_m: 2000, upper_limit_m: 7000, active_from: from, active_until: until }, geometry: polygon(blob([20.65, 54.0], 22000, 14000, 40, ctx.random('as:tra'), 0.05, 40)) },
  ];
  await insertSketches(ctx, 'out_airspace', areas);
  // the MCTR is cut out of the CTR (they are adjacent, not stacked)
  await db.query(
    sql(`UPDATE \${S}.out_airspace c SET geom = ST_Difference(c.geom, m.geom) FROM \${S}.out_airspace m WHERE c.id = 'EPPO-CTR' AND m.id = 'EPKS-MCTR'`),
  );
  await clipStage(ctx, 'out_airspace', 3, true);
  await writeStage(ctx, 'airspace', 'out_airspace', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'controlled and restricted airspace around the demo areas (designators after the AIP, shapes sketched); temporary areas active around the reference date'),
  });
}

export const riskFamily: GeneratorFamily = {
  name: 'risk',
  layers: ['mining_areas', 'aviation_obstacles', 'airspace'],
  dependsOn: ['cadastre', 'buildings', 'energy'],
  async generate(ctx) {
    await ensureZones(ctx);
    await mining(ctx);
    await aviation(ctx);
    await airspace(ctx);
  },
};
