/**
 * transport: roads, transport_stops, planned_roads, planned_railways, cpk, hydrants,
 * industrial_areas (waterways: hydrography family).
 *
 * roads (generated, coverage = demo gminas):
 * - national and voivodeship roads sketched after the real network around each demo area: A2
 *   (motorway south of Poznań: Buk, Komorniki, Luboń, Krzesiny, Kleszczewo), S11 (Poznań western
 *   bypass through Tarnowo Podgórne and Dopiewo, north to Oborniki, south from Krzesiny to Kórnik),
 *   S5 (Komorniki - Stęszew south, A2 - Gniezno east), DK92 (trunk, Tarnowo Podgórne - Poznań -
 *   Swarzędz - Kostrzyn), DW430/431/196/307 (main); S7, S51 and DK16 (trunk) at Ostróda, Iława
 *   and Olsztyn, DK15, DK51 (main; Dywity, Bartoszyce: no trunk road near Bartoszyce, so the
 *   logistics scenario rejects its remote parcels), DK57; S17 and DK74 (trunk) at Zamość; DK22
 *   and DK31 (main) at Kostrzyn nad Odrą. Logistics ("within 5 km of a planned or trunk road")
 *   passes along A2/S11/S5/DK92, S7/DK16 and S17/DK74.
 * - the street network of the parcel layout (cadastre scratch `street`): streets become local
 *   roads (collective when longer than 1.2 km in towns, access when shorter than 250 m) and
 *   field tracks internal (unpaved) roads;
 * - powiat roads (collective, numbers like 2401P) linking each parcelled precinct to the nearest
 *   sketched road.
 * transport_stops: REAL railway stations of the whole country (PLRailMap, CC0; the few
 *   cross-border stations abroad are left out), plus generated
 *   tram stops along sketched tram routes of Poznań and Olsztyn (every 500 m) and bus stops (one
 *   per 400 m cell crossed by a street of a parcelled precinct; 40 % of the villages have no bus
 *   at all): town parcels are within 800 m of a stop, outer field strips and the houses of
 *   villages without a bus are not (urban_residential / housing_estate "near transit").
 * planned_roads: the Eastern Poznań bypass (S5/S11, planned), S11 Poznań - Oborniki (design),
 *   Mosina bypass (DW431, under construction), S16 Olsztyn - Biskupiec (tender), S51 Olsztyn -
 *   Bartoszyce (planned), Iława bypass (DK16), northern Zamość bypass, Kostrzyn nad Odrą bypass.
 * planned_railways: the CPK "Y" high-speed line's Poznań branch (from Kalisz through Kórnik and
 *   Kleszczewo to Poznań Główny), the Zieliniec - Kobylnica freight bypass (new line), line 353
 *   Iława - Ostróda - Olsztyn upgrade, line 72 Zamość - Hrubieszów and 203 at Kostrzyn (upgrades)
 *   drawn through the real stations.
 * cpk: the Y line corridor (2 km variant, 500 m selected) near Poznań, the Poznań Główny station
 *   site, a location-decision section, and a variant corridor south of Olsztyn.
 * hydrants along town and village streets (every 120-160 m), water tanks and suction points;
 * industrial_areas: the P / PU / P/U blocks dissolved per precinct (industrial and storage land),
 *   named industrial parks (Tarnowo Podgórne, Komorniki, Gądki, Jasin, Ostróda and Iława zones,
 *   Zamość) and technology parks (PPNT Poznań, OPNT Olsztyn).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { GeneratorContext, GeneratorFamily } from './family.js';
import {
  blob,
  clipStage,
  createStage,
  ensureZones,
  generatedSource,
  insertSketches,
  lineString,
  meander,
  point,
  polygon,
  writeStage,
  type LngLat,
  type Sketch,
} from './sketch.js';

const FAMILY = 'transport';

interface RoadDef {
  id: string;
  kind: 'motorway' | 'expressway' | 'trunk' | 'main' | 'collective';
  number: string;
  name?: string;
  category: 'national' | 'voivodeship' | 'powiat';
  lanes: number;
  speed: number;
  points: LngLat[];
}

export const ROADS: readonly RoadDef[] = [
  // Poznań
  { id: 'a2', kind: 'motorway', number: 'A2', name: 'Autostrada Wolności', category: 'national', lanes: 4, speed: 140,
    points: [[16.3, 52.325], [16.45, 52.333], [16.55, 52.343], [16.66, 52.346], [16.75, 52.341], [16.8, 52.336], [16.86, 52.331], [16.925, 52.333], [16.99, 52.34], [17.06, 52.355], [17.13, 52.368], [17.25, 52.36], [17.4, 52.342], [17.55, 52.33]] },
  { id: 's11-zachod', kind: 'expressway', number: 'S11', name: 'Zachodnia obwodnica Poznania', category: 'national', lanes: 4, speed: 120,
    points: [[16.8, 52.336], [16.795, 52.37], [16.78, 52.405], [16.775, 52.44], [16.8, 52.475], [16.83, 52.52], [16.835, 52.58], [16.815, 52.65]] },
  { id: 's11-poludnie', kind: 'expressway', number: 'S11', category: 'national', lanes: 4, speed: 120,
    points: [[16.99, 52.34], [17.03, 52.29], [17.07, 52.24], [17.12, 52.18], [17.2, 52.1]] },
  { id: 's5-poludnie', kind: 'expressway', number: 'S5', category: 'national', lanes: 4, speed: 120,
    points: [[16.8, 52.336], [16.76, 52.3], [16.7, 52.262], [16.66, 52.2], [16.62, 52.1]] },
  { id: 's5-wschod', kind: 'expressway', number: 'S5', category: 'national', lanes: 4, speed: 120,
    points: [[17.13, 52.368], [17.2, 52.4], [17.3, 52.44], [17.42, 52.48], [17.55, 52.52]] },
  { id: 'dk92', kind: 'trunk', number: 'DK92', category: 'national', lanes: 4, speed: 90,
    points: [[16.45, 52.495], [16.55, 52.48], [16.64, 52.465], [16.72, 52.445], [16.8, 52.425], [16.87, 52.412], [16.93, 52.405], [16.99, 52.407], [17.05, 52.404], [17.12, 52.399], [17.22, 52.394], [17.35, 52.375]] },
  { id: 'dw430', kind: 'main', number: 'DW430', category: 'voivodeship', lanes: 2, speed: 70,
    points: [[16.905, 52.385], [16.89, 52.355], [16.875, 52.32], [16.86, 52.29], [16.85, 52.25]] },
  { id: 'dw431', kind: 'main', number: 'DW431', category: 'voivodeship', lanes: 2, speed: 90,
    points: [[16.7, 52.265], [16.78, 52.255], [16.85, 52.247], [16.95, 52.243], [17.02, 52.245], [17.09, 52.247]] },
  { id: 'dw196', kind: 'main', number: 'DW196', category: 'voivodeship', lanes: 2, speed: 90,
    points: [[16.955, 52.445], [16.985, 52.5], [17.01, 52.55], [17.02, 52.6], [17.035, 52.66]] },
  { id: 'dw307', kind: 'main', number: 'DW307', category: 'voivodeship', lanes: 2, speed: 90,
    points: [[16.86, 52.385], [16.78, 52.376], [16.7, 52.368], [16.6, 52.36], [16.52, 52.356], [16.4, 52.35]] },
  { id: 'dk11', kind: 'main', number: 'DK11', category: 'national', lanes: 2, speed: 70,
    points: [[16.92, 52.44], [16.9, 52.5], [16.87, 52.56], [16.83, 52.62]] },
  // warmińsko-mazurskie
  { id: 's7', kind: 'expressway', number: 'S7', category: 'national', lanes: 4, speed: 120,
    points: [[20.4, 53.47], [20.28, 53.58], [20.16, 53.645], [20.04, 53.688], [19.99, 53.73], [19.9, 53.752], [19.84, 53.762], [19.72, 53.84], [19.58, 53.97]] },
  { id: 's51', kind: 'expressway', number: 'S51', category: 'national', lanes: 4, speed: 120,
    points: [[20.28, 53.58], [20.35, 53.66], [20.41, 53.71], [20.46, 53.735]] },
  { id: 'dk16', kind: 'trunk', number: 'DK16', category: 'national', lanes: 2, speed: 90,
    points: [[19.35, 53.56], [19.47, 53.575], [19.57, 53.585], [19.68, 53.62], [19.8, 53.655], [19.92, 53.69], [19.97, 53.696], [20.1, 53.715], [20.25, 53.74], [20.4, 53.76], [20.48, 53.772], [20.6, 53.79], [20.75, 53.81]] },
  { id: 'dk15', kind: 'main', number: 'DK15', category: 'national', lanes: 2, speed: 90,
    points: [[19.965, 53.695], [19.92, 53.64], [19.86, 53.58], [19.77, 53.52], [19.7, 53.48]] },
  { id: 'dk51', kind: 'main', number: 'DK51', category: 'national', lanes: 2, speed: 90,
    points: [[20.485, 53.79], [20.48, 53.85], [20.46, 53.92], [20.4, 54.02], [20.45, 54.08], [20.58, 54.13], [20.7, 54.19], [20.79, 54.235], [20.81, 54.255], [20.82, 54.3], [20.83, 54.38]] },
  { id: 'dk57', kind: 'main', number: 'DK57', category: 'national', lanes: 2, speed: 90,
    points: [[20.81, 54.25], [20.75, 54.17], [20.7, 54.1], [20.62, 54.0]] },
  { id: 'dw521', kind: 'main', number: 'DW521', category: 'voivodeship', lanes: 2, speed: 90,
    points: [[19.57, 53.6], [19.5, 53.65], [19.42, 53.72], [19.35, 53.78]] },
  { id: 'dw527', kind: 'main', number: 'DW527', category: 'voivodeship', lanes: 2, speed: 90,
    points: [[20.47, 53.79], [20.38, 53.82], [20.28, 53.86], [20.15, 53.9]] },
  // Zamość
  { id: 's17', kind: 'expressway', number: 'S17', category: 'national', lanes: 4, speed: 120,
    points: [[23.0, 50.93], [23.1, 50.83], [23.17, 50.76], [23.2, 50.73], [23.24, 50.69], [23.3, 50.65], [23.42, 50.56]] },
  { id: 'dk74', kind: 'trunk', number: 'DK74', category: 'national', lanes: 2, speed: 90,
    points: [[22.95, 50.68], [23.05, 50.695], [23.15, 50.707], [23.22, 50.713], [23.26, 50.718], [23.33, 50.73], [23.45, 50.74], [23.6, 50.76]] },
  { id: 'dw849', kind: 'main', number: 'DW849', category: 'voivodeship', lanes: 2, speed: 90,
    points: [[23.25, 50.72], [23.2, 50.64], [23.15, 50.58]] },
  // Kostrzyn nad Odrą
  { id: 'dk22', kind: 'main', number: 'DK22', category: 'national', lanes: 2, speed: 90,
    points: [[14.615, 52.588], [14.65, 52.595], [14.7, 52.61], [14.8, 52.625], [14.92, 52.66], [15.05, 52.7]] },
  { id: 'dk31', kind: 'main', number: 'DK31', category: 'national', lanes: 2, speed: 90,
    points: [[14.64, 52.6], [14.63, 52.65], [14.62, 52.7], [14.59, 52.78]] },
];

/** Tram routes (stops every 500 m): Poznań and Olsztyn. */
const TRAM_ROUTES: ReadonlyArray<{ id: string; routes: string; operator: string; points: LngLat[] }> = [
  { id: 'pzn-we', routes: '1,5,13', operator: 'MPK Poznań', points: [[16.83, 52.385], [16.87, 52.395], [16.9, 52.403], [16.925, 52.407], [16.95, 52.408], [16.98, 52.404], [17.02, 52.398], [17.05, 52.392]] },
  { id: 'pzn-ns', routes: '2,9,11', operator: 'MPK Poznań', points: [[16.915, 52.468], [16.92, 52.445], [16.925, 52.43], [16.928, 52.41], [16.92, 52.395], [16.905, 52.38], [16.895, 52.365]] },
  { id: 'pzn-pst', routes: '12,14,16', operator: 'MPK Poznań', points: [[16.93, 52.41], [16.94, 52.425], [16.95, 52.445], [16.955, 52.465]] },
  { id: 'pzn-rataje', routes: '6,13,18', operator: 'MPK Poznań', points: [[16.94, 52.402], [16.96, 52.39], [16.99, 52.382], [17.02, 52.386], [17.04, 52.378]] },
  { id: 'pzn-junikowo', routes: '7,8', operator: 'MPK Poznań', points: [[16.905, 52.4], [16.88, 52.39], [16.85, 52.383], [16.82, 52.38]] },
  { id: 'olsztyn-1', routes: '1,2,3', operator: 'MPK Olsztyn', points: [[20.455, 53.755], [20.47, 53.77], [20.49, 53.78], [20.505, 53.79], [20.52, 53.805]] },
  { id: 'olsztyn-2', routes: '4,5', operator: 'MPK Olsztyn', points: [[20.43, 53.8], [20.455, 53.79], [20.48, 53.782], [20.5, 53.77], [20.52, 53.755]] },
];

const PLANNED_ROADS: ReadonlyArray<{ id: string; kind: string; number?: string; name: string; status: string; year: number; programme: string; points: LngLat[] }> = [
  { id: 'wop', kind: 'expressway', number: 'S5/S11', name: 'Wschodnia obwodnica Poznania', status: 'planned', year: 2033, programme: 'Rządowy Program Budowy Dróg Krajowych do 2030 r. (z perspektywą do 2033 r.)',
    points: [[16.99, 52.61], [17.04, 52.55], [17.09, 52.5], [17.13, 52.45], [17.14, 52.41], [17.13, 52.37]] },
  { id: 's11-oborniki', kind: 'expressway', number: 'S11', name: 'S11 Poznań (Kiekrz) - Oborniki', status: 'design', year: 2030, programme: 'Rządowy Program Budowy Dróg Krajowych do 2030 r.',
    points: [[16.8, 52.475], [16.815, 52.53], [16.82, 52.6], [16.815, 52.65]] },
  { id: 'obw-mosina', kind: 'voivodeship_road', number: 'DW431', name: 'Obwodnica Mosiny', status: 'under_construction', year: 2027, programme: 'Wielkopolski Zarząd Dróg Wojewódzkich',
    points: [[16.8, 52.262], [16.83, 52.24], [16.87, 52.232], [16.91, 52.238]] },
  { id: 's16', kind: 'expressway', number: 'S16', name: 'S16 Olsztyn - Biskupiec', status: 'tender', year: 2029, programme: 'Rządowy Program Budowy Dróg Krajowych do 2030 r.',
    points: [[20.56, 53.77], [20.65, 53.8], [20.78, 53.83], [20.9, 53.86]] },
  { id: 's51-bartoszyce', kind: 'expressway', number: 'S51', name: 'S51 Olsztyn - Bartoszyce (Via Carpatia - odnoga)', status: 'planned', year: 2034, programme: 'Rządowy Program Budowy Dróg Krajowych (perspektywa 2033)',
    points: [[20.5, 53.82], [20.47, 53.9], [20.43, 53.98], [20.44, 54.05], [20.53, 54.1], [20.65, 54.16], [20.74, 54.21], [20.78, 54.24]] },
  { id: 'obw-ilawy', kind: 'national_road', number: 'DK16', name: 'Obwodnica Iławy w ciągu DK16', status: 'design', year: 2029, programme: 'Program budowy 100 obwodnic',
    points: [[19.48, 53.575], [19.52, 53.56], [19.58, 53.565], [19.63, 53.585]] },
  { id: 'obw-zamosc', kind: 'national_road', number: 'DK74', name: 'Północna obwodnica Zamościa', status: 'design', year: 2030, programme: 'Program budowy 100 obwodnic',
    points: [[23.17, 50.745], [23.22, 50.752], [23.28, 50.752], [23.33, 50.74]] },
  { id: 'obw-kostrzyn', kind: 'national_road', number: 'DK22', name: 'Obwodnica Kostrzyna nad Odrą', status: 'planned', year: 2031, programme: 'Program budowy 100 obwodnic',
    points: [[14.66, 52.57], [14.705, 52.588], [14.7, 52.62], [14.655, 52.64]] },
  { id: 'dp-kleszczewo', kind: 'local_road', name: 'Przebudowa drogi powiatowej Kleszczewo - Tulce', status: 'under_construction', year: 2027, programme: 'Rządowy Fundusz Rozwoju Dróg',
    points: [[17.16, 52.33], [17.1, 52.35], [17.04, 52.36]] },
];

/** Planned railways through real stations (names from rail/stations.csv) or sketched points. */
const PLANNED_RAIL: ReadonlyArray<{ id: string; kind: string; line?: string; name: string; status: string; speed: number; year: number; stations?: string[]; points?: LngLat[] }> = [
  { id: 'cpk-y-poznan', kind: 'high_speed_line', name: 'Linia dużych prędkości Sieradz - Kalisz - Poznań (CPK, "Y")', status: 'design', speed: 320, year: 2035,
    points: [[17.45, 51.95], [17.32, 52.05], [17.2, 52.15], [17.14, 52.23], [17.09, 52.29], [17.03, 52.34], [16.98, 52.375], [16.935, 52.395], [16.912, 52.402]] },
  { id: 'zieliniec-kobylnica', kind: 'new_line', line: '395', name: 'Linia kolejowa nr 395 Zieliniec - Kobylnica (obwodnica towarowa Poznania)', status: 'planned', speed: 100, year: 2032,
    points: [[16.985, 52.37], [17.02, 52.4], [17.05, 52.44], [17.06, 52.47]] },
  { id: 'l353-ilawa-olsztyn', kind: 'line_upgrade', line: '353', name: 'Modernizacja linii kolejowej nr 353 Iława - Olsztyn', status: 'tender', speed: 160, year: 2030,
    stations: ['Iława Główna', 'Ostróda', 'Olsztyn Zachodni', 'Olsztyn Główny'] },
  { id: 'l72-zamosc', kind: 'line_upgrade', line: '72', name: 'Rewitalizacja linii kolejowej nr 72 Zamość - Hrubieszów', status: 'design', speed: 120, year: 2029,
    points: [[23.239, 50.7135], [23.263, 50.717], [23.276, 50.7225], [23.35, 50.74], [23.5, 50.76]] },
  { id: 'l203-kostrzyn', kind: 'line_upgrade', line: '203', name: 'Modernizacja linii kolejowej nr 203 Kostrzyn - Gorzów Wielkopolski', status: 'planned', speed: 120, year: 2031,
    points: [[14.647, 52.5915], [14.7, 52.605], [14.8, 52.63], [14.95, 52.68]] },
];

async function roads(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_roads');
  await insertSketches(
    ctx,
    'out_roads',
    ROADS.map((r) => ({
      id: `road-${r.id}`, kind: r.kind, name: r.name ?? null,
      props: { road_number: r.number, road_category: r.category, lanes: r.lanes, surface: 'paved', max_speed_kmh: r.speed, major: true },
      geometry: lineString(meander(r.points, ctx.random(`road:${r.id}`), r.kind === 'motorway' || r.kind === 'expressway' ? 120 : 250, 3)),
    })),
  );
  // streets and field tracks of the parcel layout
  await db.query(
    sql(`INSERT INTO \${S}.out_roads (id, kind, name, teryt, props, geom)
         SELECT 'street-' || s.id,
                CASE WHEN s.kind = 'track' THEN 'internal'
                     WHEN s.style IN ('urban', 'suburban') AND ST_Length(s.geom) > 1200 THEN 'collective'
                     WHEN ST_Length(s.geom) < 250 THEN 'access' ELSE 'local' END,
                s.name, s.teryt,
                CASE WHEN s.kind = 'track' THEN jsonb_build_object('surface', 'unpaved')
                     ELSE jsonb_build_object('road_category', CASE WHEN s.style IN ('urban', 'suburban') AND ST_Length(s.geom) > 1200 THEN 'powiat' ELSE 'gmina' END,
                                             'lanes', 2, 'surface', CASE WHEN s.style = 'village' AND \${S}.u('surf:' || s.id) < 0.2 THEN 'unpaved' ELSE 'paved' END,
                                             'max_speed_kmh', CASE WHEN ST_Length(s.geom) < 250 THEN 30 ELSE 50 END) END,
                s.geom
         FROM \${S}.street s ORDER BY s.id`),
  );
  // powiat roads linking each parcelled precinct to the nearest sketched road (if within 9 km)
  const letter = `CASE substr(pr.teryt, 1, 2) WHEN '30' THEN 'P' WHEN '28' THEN 'N' WHEN '06' THEN 'L' ELSE 'F' END`;
  await db.query(
    sql(`INSERT INTO \${S}.out_roads (id, kind, name, teryt, props, geom)
         SELECT 'dp-' || x.id, 'collective', NULL, x.teryt,
                jsonb_build_object('road_number', x.num, 'road_category', 'powiat', 'lanes', 2, 'surface', 'paved', 'max_speed_kmh', 90),
                ST_MakeLine(x.c, x.to_pt)
         FROM (
           SELECT pr.id, pr.teryt, c.c, lpad(\${S}.ui('dp:' || pr.id, 1000, 4999)::text, 4, '0') || ${letter} AS num,
                  ST_ClosestPoint(r.geom, c.c) AS to_pt, ST_Distance(r.geom, c.c) AS d
           FROM \${S}.precinct pr
           CROSS JOIN LATERAL (SELECT ST_PointOnSurface(pr.geom) AS c) c
           CROSS JOIN LATERAL (SELECT o.geom FROM \${S}.out_roads o WHERE o.props ? 'major' ORDER BY o.geom <-> c.c LIMIT 1) r
           WHERE pr.selected AND pr.character <> 'urban'
         ) x
         WHERE x.d BETWEEN 300 AND 9000
         ORDER BY 1`),
  );
  await db.query(sql(`UPDATE \${S}.out_roads SET props = props - 'major'`));
  await clipStage(ctx, 'out_roads', 2);
  await db.query(sql(`CREATE INDEX ON \${S}.out_roads USING gist (geom)`));
  await writeStage(ctx, 'roads', 'out_roads', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'national and voivodeship roads sketched after the real network around the demo areas (A2, S5, S11, S7, S51, S17, DK92, DK16, DK74, ...), the streets and tracks of the generated parcel layout, powiat roads'),
  });
}

interface Station {
  name: string;
  plk: string;
  lat: number;
  lng: number;
  wheelchair: string;
}

function readStations(ctx: GeneratorContext): Station[] {
  const text = fs.readFileSync(path.join(ctx.dataDir, 'rail/stations.csv'), 'utf8').replace(/^\uFEFF/, '');
  const out: Station[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    // name,plk_ref,ibnr,lat,lon,wheelchair (names may be quoted)
    const m = /^("(?:[^"]|"")*"|[^,]*),([^,]*),([^,]*),([^,]*),([^,]*),?(.*)$/.exec(line);
    if (!m) continue;
    const name = m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!;
    out.push({ name, plk: m[2]!, lat: Number(m[4]), lng: Number(m[5]), wheelchair: m[6]!.trim() });
  }
  return out;
}

async function stops(ctx: GeneratorContext, stations: Station[]): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_transport_stops');
  // real railway stations (ids: PLK reference, else a running number in file order)
  const seen = new Set<string>();
  const rail: Sketch[] = [];
  stations.forEach((s, i) => {
    if (!Number.isFinite(s.lat) || !Number.isFinite(s.lng)) return;
    let id = s.plk && s.plk !== '0' ? `plk-${s.plk}` : `plrailmap-${i + 1}`;
    if (seen.has(id)) id = `plrailmap-${i + 1}`;
    seen.add(id);
    rail.push({
      id, kind: 'rail', name: s.name,
      props: { operator: 'PKP Polskie Linie Kolejowe', plk_ref: s.plk && s.plk !== '0' ? s.plk : null,
        wheelchair: s.wheelchair === 'yes' ? true : s.wheelchair === 'no' ? false : null, real: true },
      geometry: point([s.lng, s.lat]),
    });
  });
  await insertSketches(ctx, 'out_transport_stops', rail);
  // tram stops every 500 m along the tram routes
  await createStage(ctx, 'tram_route');
  await insertSketches(
    ctx,
    'tram_route',
    TRAM_ROUTES.map((t) => ({ id: t.id, kind: 'tram', name: null, props: { routes: t.routes, operator: t.operator }, geometry: lineString(meander(t.points, ctx.random(`tram:${t.id}`), 60, 2)) })),
  );
  await db.query(
    sql(`INSERT INTO \${S}.out_transport_stops (id, kind, name, teryt, props, geom)
         SELECT 'tram-' || t.id || '-' || n, 'tram', NULL, NULL,
                jsonb_build_object('operator', t.props ->> 'operator', 'routes', t.props ->> 'routes',
                                   'departures_per_day', \${S}.ui('tram-d:' || t.id || n, 180, 420), 'wheelchair', \${S}.u('tram-w:' || t.id || n) < 0.8),
                ST_LineInterpolatePoint(t.geom, least(1, (n - 0.5) * 500 / ST_Length(t.geom)))
         FROM \${S}.tram_route t CROSS JOIN LATERAL generate_series(1, greatest(1, round(ST_Length(t.geom) / 500)::int)) n
         ORDER BY 1`),
  );
  // bus stops: one per 400 m cell crossed by a street of a parcelled precinct
  await db.query(
    sql(`INSERT INTO \${S}.out_transport_stops (id, kind, name, teryt, props, geom)
         SELECT 'bus-' || x.teryt || '-' || x.cx || '-' || x.cy, 'bus', x.name, x.teryt,
                jsonb_build_object('operator', CASE WHEN x.teryt = '3064011' THEN 'MPK Poznań' WHEN x.teryt LIKE '3021%' THEN 'ZTM Poznań (linie podmiejskie)'
                                                    WHEN x.teryt = '2862011' THEN 'MPK Olsztyn' WHEN x.teryt IN ('0664011') THEN 'MZK Zamość'
                                                    WHEN x.style = 'village' THEN 'PKS' ELSE 'Komunikacja miejska ' || x.locality END,
                                   'routes', CASE WHEN x.style IN ('urban', 'suburban') THEN (100 + \${S}.ui('bus-r:' || x.cx || x.cy, 0, 99))::text || ',' || (100 + \${S}.ui('bus-r2:' || x.cx || x.cy, 0, 99))::text
                                                  ELSE (500 + \${S}.ui('bus-r:' || x.cx || x.cy, 0, 99))::text END,
                                   'departures_per_day', CASE x.style WHEN 'urban' THEN \${S}.ui('bus-d:' || x.cx || x.cy, 80, 260)
                                                                      WHEN 'suburban' THEN \${S}.ui('bus-d:' || x.cx || x.cy, 24, 90)
                                                                      ELSE \${S}.ui('bus-d:' || x.cx || x.cy, 4, 22) END,
                                   'wheelchair', \${S}.u('bus-w:' || x.cx || x.cy) < 0.6),
                x.pt
         FROM (
           SELECT DISTINCT ON (s.teryt, floor(ST_X(p.pt) / 400), floor(ST_Y(p.pt) / 400))
                  s.teryt, s.style, floor(ST_X(p.pt) / 400)::int AS cx, floor(ST_Y(p.pt) / 400)::int AS cy, p.pt,
                  coalesce(regexp_replace(s.name, '^(ul\\.|al\\.|os\\.) ', ''), pr.locality) AS name, pr.locality
           FROM \${S}.street s JOIN \${S}.precinct pr ON pr.id = s.precinct_id
           CROSS JOIN LATERAL (SELECT ST_LineInterpolatePoint(ST_GeometryN(s.geom, 1), f) AS pt FROM unnest(ARRAY[0.2, 0.5, 0.8]) f) p
           WHERE s.kind = 'street' AND (s.style <> 'village' OR \${S}.u('bus-village:' || s.region_id) < 0.6)
           ORDER BY s.teryt, floor(ST_X(p.pt) / 400), floor(ST_Y(p.pt) / 400),
                    ST_Distance(p.pt, ST_Point(floor(ST_X(p.pt) / 400) * 400 + 200, floor(ST_Y(p.pt) / 400) * 400 + 200, 2180)), s.id
         ) x
         ORDER BY 1`),
  );
  // generated stops only around the demo gminas; real stations only in Poland (PLRailMap lists a
  // few cross-border stations abroad)
  await db.query(
    sql(`DELETE FROM \${S}.out_transport_stops t WHERE NOT (t.props ? 'real') AND NOT ST_Intersects(t.geom, (SELECT geom FROM \${S}.p2_zone))`),
  );
  const { rowCount } = await db.query(
    sql(`DELETE FROM \${S}.out_transport_stops t WHERE t.props ? 'real' AND NOT ST_DWithin(t.geom, (SELECT geom FROM \${S}.p2_poland), 50)`),
  );
  ctx.log(`  transport_stops: ${rowCount ?? 0} railway stations outside Poland left out`);
  await db.query(sql(`UPDATE \${S}.out_transport_stops SET props = props - 'real'`));
  await writeStage(ctx, 'transport_stops', 'out_transport_stops', {
    coverage: null,
    source: {
      source_url: 'shared-data:rail/stations.csv; generated://tools/demo/generate/transport',
      files: ['rail/stations.csv'],
      licence: 'PLRailMap (2023), CC0',
      note: 'real railway stations of the whole country (a few are planned stations); bus and tram stops (ids bus-*, tram-*) in the demo gminas are generated by tools/demo, not real data',
    },
  });
}

async function planned(ctx: GeneratorContext, stations: Station[]): Promise<void> {
  const byName = new Map(stations.map((s) => [s.name, [s.lng, s.lat] as LngLat]));
  await createStage(ctx, 'out_planned_roads');
  await insertSketches(
    ctx,
    'out_planned_roads',
    PLANNED_ROADS.map((p) => ({
      id: `plan-road-${p.id}`, kind: p.kind, name: p.name,
      props: { road_number: p.number ?? null, status: p.status, expected_completion_year: p.year, programme: p.programme },
      geometry: lineString(meander(p.points, ctx.random(`plan-road:${p.id}`), 150, 3)),
    })),
  );
  await clipStage(ctx, 'out_planned_roads', 2);
  await writeStage(ctx, 'planned_roads', 'out_planned_roads', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'planned roads near the demo areas (eastern Poznań bypass, S11, S16, S51, bypasses of Mosina, Iława, Zamość and Kostrzyn nad Odrą): sketched corridors, names after the public programmes'),
  });
  await createStage(ctx, 'out_planned_railways');
  const rail: Sketch[] = [];
  for (const p of PLANNED_RAIL) {
    const pts = p.points ?? (p.stations ?? []).map((n) => byName.get(n)).filter((x): x is LngLat => x !== undefined);
    if (pts.length < 2) continue;
    rail.push({
      id: `plan-rail-${p.id}`, kind: p.kind, name: p.name,
      props: { line_number: p.line ?? null, status: p.status, design_speed_kmh: p.speed, expected_completion_year: p.year },
      geometry: lineString(meander(pts, ctx.random(`plan-rail:${p.id}`), p.kind === 'high_speed_line' ? 80 : 150, 3)),
    });
  }
  await insertSketches(ctx, 'out_planned_railways', rail);
  await clipStage(ctx, 'out_planned_railways', 2);
  await writeStage(ctx, 'planned_railways', 'out_planned_railways', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'planned railways near the demo areas (CPK "Y" line Poznań branch, Zieliniec - Kobylnica, upgrades of lines 353, 72 and 203) sketched through the real stations'),
  });
}

async function cpk(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_cpk');
  await db.query(
    sql(`INSERT INTO \${S}.out_cpk (id, kind, name, teryt, props, geom)
         SELECT 'cpk-y-poznan-wariant', 'rail_corridor', 'CPK: korytarz linii Kalisz - Poznań (wariant W1)', NULL,
                jsonb_build_object('status', 'variant', 'corridor_width_m', 2000), ST_Buffer(geom, 1000, 'quad_segs=6')
         FROM \${S}.out_planned_railways WHERE id = 'plan-rail-cpk-y-poznan'
         UNION ALL
         SELECT 'cpk-y-poznan-wybrany', 'rail_corridor', 'CPK: korytarz linii Kalisz - Poznań (wariant wybrany)', NULL,
                jsonb_build_object('status', 'selected', 'corridor_width_m', 500), ST_Buffer(geom, 250, 'quad_segs=6')
         FROM \${S}.out_planned_railways WHERE id = 'plan-rail-cpk-y-poznan'
         UNION ALL
         SELECT 'cpk-y-poznan-decyzja', 'location_decision_area', 'CPK: obszar decyzji lokalizacyjnej, odcinek Kórnik - Kleszczewo', NULL,
                jsonb_build_object('status', 'location_decision', 'decision_reference', 'WI-I.7820.' || \${S}.ui('cpk-dec', 1, 40) || '.2026'),
                ST_Buffer(ST_LineSubstring(ST_GeometryN(geom, 1), 0.55, 0.75), 120, 'quad_segs=4')
         FROM \${S}.out_planned_railways WHERE id = 'plan-rail-cpk-y-poznan'`),
  );
  await insertSketches(ctx, 'out_cpk', [
    { id: 'cpk-poznan-glowny', kind: 'station_site', name: 'CPK: węzeł Poznań Główny (przebudowa stacji)', props: { status: 'selected' },
      geometry: polygon(blob([16.912, 52.401], 650, 170, 20, ctx.random('cpk:pzg'), 0.05, 24)) },
    { id: 'cpk-olsztyn-wariant', kind: 'rail_corridor', name: 'CPK: korytarz linii Ciechanów - Olsztyn (wariant)', props: { status: 'variant', corridor_width_m: 2000 },
      geometry: polygon(blob([20.52, 53.64], 11000, 1000, 95, ctx.random('cpk:olsztyn'), 0.05, 40)) },
  ]);
  await clipStage(ctx, 'out_cpk', 3);
  await writeStage(ctx, 'cpk', 'out_cpk', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'CPK rail corridors (variant and selected) of the Poznań branch of the "Y" line, a location-decision section, the Poznań Główny station site and a variant corridor south of Olsztyn'),
  });
}

async function hydrants(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_hydrants');
  await db.query(
    sql(`INSERT INTO \${S}.out_hydrants (id, kind, name, teryt, props, geom)
         SELECT 'hyd-' || s.id || '-' || n, CASE WHEN \${S}.u('hyd-k:' || s.id || n) < 0.7 THEN 'pillar_hydrant' ELSE 'underground_hydrant' END, NULL, s.teryt,
                jsonb_build_object('diameter_mm', CASE WHEN \${S}.u('hyd-dm:' || s.id || n) < 0.75 THEN 80 ELSE 100 END,
                                   'flow_lps', CASE WHEN \${S}.u('hyd-dm:' || s.id || n) < 0.75 THEN 10 ELSE 15 END,
                                   'operator', CASE WHEN s.teryt = '3064011' OR s.teryt LIKE '3021%' THEN 'Aquanet S.A.'
                                                    WHEN s.teryt = '2862011' THEN 'PWiK Olsztyn' ELSE 'Zakład Wodociągów i Kanalizacji ' || coalesce(s.locality, '') END),
                ST_LineInterpolatePoint(ST_GeometryN(s.geom, 1), least(1, (n - 0.5) * step / ST_Length(ST_GeometryN(s.geom, 1))))
         FROM \${S}.street s
         CROSS JOIN LATERAL (SELECT CASE s.style WHEN 'urban' THEN 120 ELSE 160 END AS step) st
         CROSS JOIN LATERAL generate_series(1, greatest(1, floor(ST_Length(ST_GeometryN(s.geom, 1)) / st.step)::int)) n
         WHERE s.kind = 'street'
         UNION ALL
         SELECT 'tank-' || r.id, 'water_tank', 'Zbiornik przeciwpożarowy ' || coalesce(pr.locality, ''), r.teryt,
                jsonb_build_object('volume_m3', \${S}.pick('tank-v:' || r.id, ARRAY['50', '100', '150'])::int, 'operator', 'OSP ' || coalesce(pr.locality, '')),
                ST_PointOnSurface(r.geom)
         FROM \${S}.region r JOIN \${S}.precinct pr ON pr.id = r.precinct_id
         WHERE r.style = 'village' AND \${S}.u('tank:' || r.id) < 0.3
         UNION ALL
         SELECT 'suction-' || a.id, 'suction_point', 'Punkt czerpania wody ' || coalesce(a.name, ''), a.teryt,
                jsonb_build_object('flow_lps', 20, 'operator', 'Państwowa Straż Pożarna'),
                ST_LineInterpolatePoint(ST_ExteriorRing(ST_GeometryN(a.geom, 1)), \${S}.u('suction:' || a.id))
         FROM \${S}.hydro_area a
         ORDER BY 1`),
  );
  await clipStage(ctx, 'out_hydrants', 1);
  await writeStage(ctx, 'hydrants', 'out_hydrants', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'hydrants every 120-160 m along the streets of the generated layout, village fire-water tanks, suction points on lakes'),
  });
}

const PARKS: ReadonlyArray<{ id: string; kind: string; name: string; operator: string; centre: LngLat; a: number; b: number; rot: number; offered: number; rail: boolean }> = [
  { id: 'tarnowo-sady', kind: 'industrial_park', name: 'Tarnowo Podgórne - strefa przemysłowa Sady / Baranowo', operator: 'Gmina Tarnowo Podgórne', centre: [16.735, 52.455], a: 1800, b: 900, rot: 20, offered: 0.15, rail: false },
  { id: 'komorniki-plewiska', kind: 'industrial_park', name: 'Park logistyczny Komorniki - Plewiska', operator: 'Panattoni', centre: [16.8, 52.35], a: 1200, b: 600, rot: 10, offered: 0.25, rail: false },
  { id: 'kornik-gadki', kind: 'industrial_park', name: 'Centrum logistyczne Gądki', operator: 'Prologis', centre: [17.04, 52.315], a: 1600, b: 800, rot: 60, offered: 0.1, rail: true },
  { id: 'swarzedz-jasin', kind: 'industrial_park', name: 'Swarzędz - Jasin, strefa inwestycyjna', operator: 'Gmina Swarzędz', centre: [17.09, 52.39], a: 1000, b: 600, rot: 0, offered: 0.3, rail: true },
  { id: 'poznan-franowo', kind: 'industrial_park', name: 'Poznań Franowo - Antoninek', operator: 'Poznańska Spółka Inwestycyjna', centre: [17.01, 52.395], a: 1300, b: 700, rot: 10, offered: 0.05, rail: true },
  { id: 'ostroda-wsse', kind: 'industrial_park', name: 'Warmińsko-Mazurska SSE, podstrefa Ostróda', operator: 'Warmińsko-Mazurska Specjalna Strefa Ekonomiczna', centre: [19.99, 53.715], a: 900, b: 600, rot: 30, offered: 0.35, rail: true },
  { id: 'ilawa-pssse', kind: 'industrial_park', name: 'Pomorska SSE, podstrefa Iława', operator: 'Pomorska Specjalna Strefa Ekonomiczna', centre: [19.545, 53.585], a: 800, b: 500, rot: 0, offered: 0.4, rail: true },
  { id: 'zamosc-pp', kind: 'industrial_park', name: 'Zamojski Park Przemysłowy', operator: 'Miasto Zamość', centre: [23.285, 50.735], a: 700, b: 450, rot: 0, offered: 0.45, rail: true },
  { id: 'ppnt', kind: 'technology_park', name: 'Poznański Park Naukowo-Technologiczny', operator: 'Fundacja UAM', centre: [16.93, 52.44], a: 220, b: 140, rot: 0, offered: 0.05, rail: false },
  { id: 'opnt', kind: 'technology_park', name: 'Olsztyński Park Naukowo-Technologiczny', operator: 'Miasto Olsztyn', centre: [20.455, 53.757], a: 260, b: 160, rot: 30, offered: 0.2, rail: false },
];

async function industrialAreas(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_industrial_areas');
  await db.query(
    sql(`INSERT INTO \${S}.out_industrial_areas (id, kind, name, teryt, props, geom)
         SELECT 'ind-' || a.precinct_id || '-' || a.k || '-' || coalesce(d.path[1], 1), a.k, NULL, a.teryt,
                jsonb_build_object('rail_siding', \${S}.u('ind-rail:' || a.precinct_id || a.k || coalesce(d.path[1], 1)) < 0.15), d.geom
         FROM (SELECT precinct_id, min(teryt) AS teryt, k, ST_Union(ST_Buffer(geom, 6, 'quad_segs=2')) AS geom
               FROM (SELECT precinct_id, teryt, geom, CASE WHEN designation = 'P' THEN 'industrial_land' ELSE 'storage_land' END AS k
                     FROM \${S}.block WHERE designation IN ('P', 'PU', 'P/U')) b
               GROUP BY precinct_id, k) a
         CROSS JOIN LATERAL ST_Dump(ST_Buffer(a.geom, -6, 'quad_segs=2')) d
         ORDER BY 1`),
  );
  await insertSketches(
    ctx,
    'out_industrial_areas',
    PARKS.map((p) => ({
      id: `park-${p.id}`, kind: p.kind, name: p.name,
      props: { operator: p.operator, offered: p.offered, rail_siding: p.rail },
      geometry: polygon(blob(p.centre, p.a, p.b, p.rot, ctx.random(`park:${p.id}`), 0.15, 32)),
    })),
  );
  await db.query(
    sql(`UPDATE \${S}.out_industrial_areas SET props = (props - 'offered') || jsonb_build_object('area_sqm', round(ST_Area(geom)))
           || CASE WHEN props ? 'offered' THEN jsonb_build_object('available_area_sqm', round((ST_Area(geom) * (props ->> 'offered')::float8)::numeric, -2)) ELSE '{}'::jsonb END`),
  );
  await clipStage(ctx, 'out_industrial_areas', 3);
  await writeStage(ctx, 'industrial_areas', 'out_industrial_areas', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'industrial and storage land of the generated P / PU blocks, named industrial and technology parks sketched at their real locations'),
  });
}

export const transportFamily: GeneratorFamily = {
  name: 'transport',
  layers: ['roads', 'transport_stops', 'planned_roads', 'planned_railways', 'cpk', 'hydrants', 'industrial_areas'],
  dependsOn: ['cadastre', 'hydrography'],
  async generate(ctx) {
    await ensureZones(ctx);
    const stations = readStations(ctx);
    await roads(ctx);
    await stops(ctx, stations);
    await planned(ctx, stations);
    await cpk(ctx);
    await hydrants(ctx);
    await industrialAreas(ctx);
  },
};
