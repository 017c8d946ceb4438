/**
 * services: services_poi and heritage_sites.
 *
 * services_poi: placed where people live. For each kind, the demo area is cut into cells of a
 * kind-specific size (school 1.8 km and 80 houses, kindergarten 0.9 km, shop 0.6 km, supermarket
 * 1.5 km, ...); a cell with at least N houses (single- and multi-family buildings) gets one POI, at the
 * building of a fitting kind (public, commercial, office) nearest the houses' centre of the cell.
 * So towns are dense (every town parcel has a school within 1.5 km) while small villages, a
 * quarter of the suburban and rural precincts (no school of their own) and field strips far from
 * a school fail housing_estate_site's "near a school". Hospitals and
 * universities: named ones in Poznań, Olsztyn and Zamość, plus one hospital per county town.
 *
 * heritage_sites:
 * - historic urban layouts of the old towns (Poznań, Olsztyn, Bartoszyce, Ostróda, Iława,
 *   Kostrzyn nad Odrą's fortress town), Poznań's Ostrów Tumski and Zamość's old town (monument of
 *   history; Zamość also a UNESCO World Heritage site), the cultural park of Poznań's old town;
 * - registered monuments: about 15 % of the oldest buildings (before 1939) within 700 m of the
 *   town centres, as their parcels; churches and manors (public buildings) in some villages;
 * - industrial heritage on Poznań's production land: three to six parcels with halls in P / PU
 *   blocks are registered monuments, so brownfield_redevelopment ("not heritage") rejects them;
 * - historic parks (Park Sołacki, Kórnik arboretum, Rogalin), manor parks on some village green
 *   blocks, archaeological sites (hillforts, settlements, barrows) on about 40 % of the
 *   parcelled rural precincts.
 */
import type { GeneratorContext, GeneratorFamily } from './family.js';
import { blob, clipStage, createStage, ensureZones, generatedSource, insertSketches, point, polygon, writeStage, type LngLat, type Sketch } from './sketch.js';

const FAMILY = 'services';

/** [kind, cell size m, min houses in the cell, preferred building kinds, public] */
const POI_RULES: ReadonlyArray<readonly [string, number, number, readonly string[], boolean]> = [
  ['school', 1800, 80, ['public'], true],
  ['kindergarten', 900, 45, ['public', 'commercial'], true],
  ['nursery', 1600, 120, ['public', 'commercial'], true],
  ['clinic', 1500, 90, ['public', 'office'], false],
  ['pharmacy', 1000, 60, ['commercial'], false],
  ['shop', 600, 12, ['commercial'], false],
  ['supermarket', 1500, 150, ['commercial'], false],
  ['post_office', 2000, 120, ['public', 'commercial', 'office'], true],
  ['bank', 2200, 250, ['office', 'commercial'], false],
  ['library', 2500, 150, ['public'], true],
  ['sports_centre', 2500, 200, ['public'], true],
  ['fire_station', 4000, 30, ['public'], true],
  ['police', 5000, 200, ['public', 'office'], true],
];

const NAMED_POI: ReadonlyArray<{ id: string; kind: string; name: string; operator: string; at: LngLat }> = [
  { id: 'uam', kind: 'university', name: 'Uniwersytet im. Adama Mickiewicza w Poznaniu', operator: 'UAM', at: [16.924, 52.408] },
  { id: 'uam-morasko', kind: 'university', name: 'UAM, Kampus Morasko', operator: 'UAM', at: [16.925, 52.466] },
  { id: 'pp', kind: 'university', name: 'Politechnika Poznańska, Kampus Warta', operator: 'Politechnika Poznańska', at: [16.95, 52.403] },
  { id: 'ue', kind: 'university', name: 'Uniwersytet Ekonomiczny w Poznaniu', operator: 'UEP', at: [16.905, 52.41] },
  { id: 'up', kind: 'university', name: 'Uniwersytet Przyrodniczy w Poznaniu', operator: 'UPP', at: [16.905, 52.428] },
  { id: 'ump', kind: 'university', name: 'Uniwersytet Medyczny w Poznaniu', operator: 'UMP', at: [16.91, 52.398] },
  { id: 'uwm', kind: 'university', name: 'Uniwersytet Warmińsko-Mazurski w Olsztynie, Kortowo', operator: 'UWM', at: [20.455, 53.759] },
  { id: 'az', kind: 'university', name: 'Akademia Zamojska', operator: 'Akademia Zamojska', at: [23.25, 50.72] },
  { id: 'h-pzn-1', kind: 'hospital', name: 'Szpital Kliniczny im. H. Święcickiego', operator: 'UMP', at: [16.905, 52.402] },
  { id: 'h-pzn-2', kind: 'hospital', name: 'Szpital Miejski im. F. Raszei', operator: 'Miasto Poznań', at: [16.895, 52.412] },
  { id: 'h-pzn-3', kind: 'hospital', name: 'Szpital Wojewódzki w Poznaniu', operator: 'Samorząd Województwa Wielkopolskiego', at: [16.97, 52.43] },
  { id: 'h-pzn-4', kind: 'hospital', name: 'Szpital Kliniczny Przemienienia Pańskiego', operator: 'UMP', at: [16.94, 52.405] },
  { id: 'h-olsztyn-1', kind: 'hospital', name: 'Wojewódzki Szpital Specjalistyczny w Olsztynie', operator: 'Samorząd Województwa Warmińsko-Mazurskiego', at: [20.5, 53.767] },
  { id: 'h-olsztyn-2', kind: 'hospital', name: 'Szpital Miejski w Olsztynie', operator: 'Miasto Olsztyn', at: [20.475, 53.783] },
  { id: 'h-ostroda', kind: 'hospital', name: 'Szpital w Ostródzie', operator: 'Powiat Ostródzki', at: [19.96, 53.702] },
  { id: 'h-ilawa', kind: 'hospital', name: 'Powiatowy Szpital im. Władysława Biegańskiego w Iławie', operator: 'Powiat Iławski', at: [19.575, 53.6] },
  { id: 'h-bartoszyce', kind: 'hospital', name: 'Szpital Powiatowy w Bartoszycach', operator: 'Powiat Bartoszycki', at: [20.815, 54.255] },
  { id: 'h-zamosc', kind: 'hospital', name: 'Szpital Wojewódzki im. Papieża Jana Pawła II w Zamościu', operator: 'Samorząd Województwa Lubelskiego', at: [23.27, 50.73] },
  { id: 'h-kostrzyn', kind: 'hospital', name: 'Szpital w Kostrzynie nad Odrą', operator: 'Powiat Gorzowski', at: [14.655, 52.592] },
  { id: 'h-mosina', kind: 'hospital', name: 'Szpital w Puszczykowie', operator: 'Powiat Poznański', at: [16.86, 52.29] },
];

const NAME_PREFIX: Record<string, string> = {
  school: 'Szkoła Podstawowa nr', kindergarten: 'Przedszkole nr', nursery: 'Żłobek', clinic: 'Przychodnia', pharmacy: 'Apteka',
  shop: 'Sklep', supermarket: '', post_office: 'Urząd Pocztowy', bank: '', library: 'Biblioteka Publiczna', sports_centre: 'Ośrodek Sportu i Rekreacji',
  fire_station: 'Ochotnicza Straż Pożarna', police: 'Komisariat Policji',
};

async function servicesPoi(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_services_poi');
  const rules = POI_RULES.map(([kind, size, min, prefer, pub]) => ({ kind, size, min, prefer, pub, prefix: NAME_PREFIX[kind] ?? '' }));
  await db.query(sql(`DROP TABLE IF EXISTS \${S}.svc_house`));
  await db.query(
    sql(`CREATE TABLE \${S}.svc_house AS SELECT teryt, ST_PointOnSurface(geom) AS pt FROM \${S}.building WHERE kind IN ('single_family', 'multi_family')`),
  );
  await db.query(
    sql(`INSERT INTO \${S}.out_services_poi (id, kind, name, teryt, props, geom)
         WITH r AS (SELECT * FROM json_to_recordset($1::json) AS x(kind text, size float8, min integer, prefer text[], pub boolean, prefix text)),
         cells AS (
           SELECT r.kind, r.size, r.min, r.prefer, r.pub, r.prefix, h.teryt,
                  floor((ST_X(h.pt) + r.size * \${S}.u('svc-ox:' || r.kind)) / r.size)::int AS cx,
                  floor((ST_Y(h.pt) + r.size * \${S}.u('svc-oy:' || r.kind)) / r.size)::int AS cy,
                  count(*) AS n, ST_Centroid(ST_Collect(h.pt)) AS c
           FROM r CROSS JOIN \${S}.svc_house h
           GROUP BY r.kind, r.size, r.min, r.prefer, r.pub, r.prefix, h.teryt, cx, cy
           HAVING count(*) >= r.min
         )
         SELECT 'poi-' || c.kind || '-' || c.teryt || '-' || c.cx || '-' || c.cy, c.kind,
                CASE WHEN c.kind = 'supermarket' THEN \${S}.pick('svc-brand:' || c.cx || c.cy, ARRAY['Biedronka', 'Lidl', 'Dino', 'Netto', 'Kaufland', 'Carrefour'])
                     WHEN c.kind = 'bank' THEN \${S}.pick('svc-brand:' || c.cx || c.cy, ARRAY['PKO Bank Polski', 'Bank Pekao', 'Santander Bank Polska', 'ING Bank Śląski', 'Bank Spółdzielczy'])
                     WHEN c.kind = 'shop' THEN \${S}.pick('svc-brand:' || c.cx || c.cy, ARRAY['Żabka', 'Lewiatan', 'Sklep spożywczy', 'Delikatesy Centrum', 'Groszek'])
                     WHEN c.kind IN ('school', 'kindergarten') THEN c.prefix || ' ' || \${S}.ui('svc-no:' || c.kind || c.cx || c.cy, 1, 60) || ' w ' || coalesce(pr.locality, '')
                     ELSE trim(c.prefix || ' ' || coalesce(pr.locality, '')) END,
                c.teryt,
                jsonb_build_object('public', c.pub,
                                   'operator', CASE WHEN c.pub THEN 'Gmina ' || coalesce(g.name, '') END,
                                   'register_id', CASE WHEN c.kind IN ('school', 'kindergarten', 'nursery') THEN lpad(\${S}.ui('svc-rspo:' || c.kind || c.cx || c.cy, 1000, 299999)::text, 6, '0')
                                                       WHEN c.kind = 'clinic' THEN lpad(\${S}.ui('svc-rpwdl:' || c.cx || c.cy, 1, 99999999)::text, 12, '0') END),
                coalesce(b.pt, ST_Translate(c.c, 15, 15))
         FROM cells c
         JOIN \${S}.demo_gmina g ON g.teryt = c.teryt
         LEFT JOIN LATERAL (SELECT ST_PointOnSurface(bb.geom) AS pt FROM \${S}.building bb
                            WHERE bb.kind = ANY (c.prefer) AND ST_DWithin(bb.geom, c.c, c.size * 0.7)
                            ORDER BY bb.geom <-> c.c, bb.id LIMIT 1) b ON true
         LEFT JOIN LATERAL (SELECT p.id, p.locality, p.character FROM \${S}.precinct p WHERE p.selected AND ST_Intersects(p.geom, c.c) LIMIT 1) pr ON true
         -- a quarter of the suburban / rural precincts have no school of their own (pupils commute)
         WHERE NOT (c.kind = 'school' AND pr.character IS DISTINCT FROM 'urban' AND \${S}.u('noschool:' || coalesce(pr.id, c.teryt)) < 0.25)
         ORDER BY 1`),
    [JSON.stringify(rules)],
  );
  await insertSketches(
    ctx,
    'out_services_poi',
    NAMED_POI.map((p) => ({
      id: `poi-${p.id}`, kind: p.kind, name: p.name,
      props: { operator: p.operator, public: true },
      geometry: point(p.at),
    })),
  );
  await clipStage(ctx, 'out_services_poi', 1);
  await writeStage(ctx, 'services_poi', 'out_services_poi', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'schools, shops, clinics and other services placed where the generated houses are (denser in towns); named universities and hospitals at their real towns'),
  });
}

const LAYOUTS: ReadonlyArray<{ id: string; kind: string; name: string; reg: string; date: string; dating: string; centre: LngLat; a: number; b: number; rot: number }> = [
  { id: 'pzn-stare-miasto', kind: 'historic_urban_layout', name: 'Zespół urbanistyczny Starego Miasta w Poznaniu', reg: 'A-1', date: '1956-10-25', dating: 'XIII-XVIII w.', centre: [16.9338, 52.4085], a: 430, b: 330, rot: 10 },
  { id: 'pzn-park-kulturowy', kind: 'cultural_park', name: 'Park Kulturowy Stare Miasto w Poznaniu', reg: 'PK-1', date: '2021-06-22', dating: 'XIII-XX w.', centre: [16.934, 52.4085], a: 560, b: 430, rot: 10 },
  { id: 'pzn-ostrow-tumski', kind: 'monument_of_history', name: 'Poznań - historyczny zespół miasta (Ostrów Tumski)', reg: 'PH-2008', date: '2008-11-28', dating: 'X-XV w.', centre: [16.9475, 52.4125], a: 480, b: 230, rot: 25 },
  { id: 'zamosc-unesco', kind: 'world_heritage_site', name: 'Stare Miasto w Zamościu (UNESCO)', reg: 'UNESCO 564', date: '1992-12-14', dating: '1580-1600', centre: [23.2525, 50.7175], a: 520, b: 400, rot: 0 },
  { id: 'zamosc-ph', kind: 'monument_of_history', name: 'Zamość - zespół Starego Miasta', reg: 'PH-1994', date: '1994-09-08', dating: 'XVI-XVIII w.', centre: [23.2525, 50.7175], a: 600, b: 470, rot: 0 },
  { id: 'olsztyn-stare-miasto', kind: 'historic_urban_layout', name: 'Zespół urbanistyczny Starego Miasta w Olsztynie', reg: 'A-4', date: '1957-03-12', dating: 'XIV w.', centre: [20.4775, 53.7775], a: 300, b: 210, rot: 30 },
  { id: 'bartoszyce-stare-miasto', kind: 'historic_urban_layout', name: 'Układ urbanistyczny Starego Miasta w Bartoszycach', reg: 'A-1024', date: '1958-05-02', dating: 'XIV w.', centre: [20.81, 54.2535], a: 260, b: 180, rot: 15 },
  { id: 'ostroda-zamek', kind: 'registered_monument', name: 'Zamek krzyżacki w Ostródzie', reg: 'A-1520', date: '1959-11-03', dating: 'XIV w.', centre: [19.958, 53.6995], a: 80, b: 60, rot: 0 },
  { id: 'ilawa-stare-miasto', kind: 'historic_urban_layout', name: 'Układ urbanistyczny Starego Miasta w Iławie', reg: 'A-3361', date: '1986-07-15', dating: 'XIV w.', centre: [19.568, 53.596], a: 220, b: 160, rot: 0 },
  { id: 'kostrzyn-twierdza', kind: 'archaeological_site', name: 'Stare Miasto - Twierdza Kostrzyn', reg: 'C-211', date: '1976-04-20', dating: 'XVI-XX w.', centre: [14.645, 52.584], a: 420, b: 300, rot: 20 },
  { id: 'pzn-park-solacki', kind: 'historic_park', name: 'Park Sołacki w Poznaniu', reg: 'A-364', date: '1982-03-10', dating: '1908-1914', centre: [16.912, 52.424], a: 420, b: 150, rot: 60 },
  { id: 'kornik-arboretum', kind: 'historic_park', name: 'Zespół zamkowo-parkowy w Kórniku (Arboretum)', reg: 'A-201', date: '1970-08-22', dating: 'XV-XIX w.', centre: [17.088, 52.245], a: 420, b: 280, rot: 80 },
  { id: 'rogalin', kind: 'historic_park', name: 'Zespół pałacowo-parkowy w Rogalinie', reg: 'A-87', date: '1957-02-14', dating: 'XVIII w.', centre: [16.934, 52.234], a: 600, b: 400, rot: 30 },
];

async function heritage(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  await createStage(ctx, 'out_heritage_sites');
  const rows: Sketch[] = LAYOUTS.map((l) => ({
    id: `nid-${l.id}`, kind: l.kind, name: l.name,
    props: { register_number: l.reg, inscribed_on: l.date, dating: l.dating },
    geometry: polygon(blob(l.centre, l.a, l.b, l.rot, ctx.random(`heritage:${l.id}`), 0.12, 32)),
  }));
  await insertSketches(ctx, 'out_heritage_sites', rows);
  const centres = JSON.stringify([
    { teryt: '3064011', lng: 16.934, lat: 52.4085 }, { teryt: '2862011', lng: 20.4775, lat: 53.7775 }, { teryt: '2815011', lng: 19.958, lat: 53.6995 },
    { teryt: '2807011', lng: 19.568, lat: 53.596 }, { teryt: '2801011', lng: 20.81, lat: 54.2535 }, { teryt: '0664011', lng: 23.2525, lat: 50.7175 },
    { teryt: '0801011', lng: 14.645, lat: 52.59 }, { teryt: '3021083', lng: 17.128, lat: 52.398 }, { teryt: '3021093', lng: 17.088, lat: 52.247 },
  ]);
  const reg = `CASE substr(b.teryt, 1, 2) WHEN '30' THEN 'A-' WHEN '28' THEN 'A-' ELSE 'A/' END`;
  // old buildings near the town centres, old churches / manors in villages: their parcels
  await db.query(
    sql(`INSERT INTO \${S}.out_heritage_sites (id, kind, name, teryt, props, geom)
         SELECT DISTINCT ON (p.id) 'nid-' || b.id, 'registered_monument',
                CASE WHEN b.kind = 'public' THEN \${S}.pick('her-n:' || b.id, ARRAY['Kościół parafialny', 'Dawna szkoła', 'Ratusz', 'Budynek dawnej poczty'])
                     WHEN b.kind = 'multi_family' THEN 'Kamienica' ELSE \${S}.pick('her-n:' || b.id, ARRAY['Dom mieszkalny', 'Willa', 'Dwór', 'Budynek dawnego młyna']) END
                || coalesce(' w ' || pr.locality, ''), b.teryt,
                jsonb_build_object('register_number', ${reg} || \${S}.ui('her-r:' || b.id, 100, 3999),
                                   'inscribed_on', (date '1955-01-01' + \${S}.ui('her-d:' || b.id, 0, 24000))::text,
                                   'dating', CASE WHEN b.built_year < 1800 THEN 'XVIII w.' WHEN b.built_year < 1850 THEN 'I poł. XIX w.'
                                                  WHEN b.built_year < 1900 THEN 'II poł. XIX w.' ELSE b.built_year::text END),
                p.geom
         FROM \${S}.building b
         JOIN \${S}.parcel p ON p.id = b.parcel_id
         LEFT JOIN \${S}.precinct pr ON pr.id = p.precinct_id
         LEFT JOIN json_to_recordset($1::json) AS c(teryt text, lng float8, lat float8) ON c.teryt = b.teryt
         WHERE b.built_year < 1939 AND b.kind IN ('multi_family', 'single_family', 'public')
           AND ((c.teryt IS NOT NULL AND ST_DWithin(b.geom, ST_Transform(ST_SetSRID(ST_Point(c.lng, c.lat), 4326), 2180), 700) AND \${S}.u('her:' || b.id) < 0.15)
                OR (b.kind = 'public' AND p.style = 'village' AND \${S}.u('her-v:' || b.id) < 0.35))
         ORDER BY p.id, b.id`),
    [centres],
  );
  // industrial heritage on Poznań production land (brownfield: "not heritage" rejects these)
  await db.query(
    sql(`INSERT INTO \${S}.out_heritage_sites (id, kind, name, teryt, props, geom)
         SELECT 'nid-ind-' || x.parcel_id, 'registered_monument', x.name, '3064011',
                jsonb_build_object('register_number', 'A-' || \${S}.ui('her-ir:' || x.parcel_id, 300, 999), 'inscribed_on', (date '1985-01-01' + \${S}.ui('her-id:' || x.parcel_id, 0, 12000))::text,
                                   'dating', \${S}.pick('her-idt:' || x.parcel_id, ARRAY['1898-1900', '1905-1907', '1911', 'ok. 1925'])),
                x.geom
         FROM (
           SELECT DISTINCT ON (p.id) p.id AS parcel_id, p.geom,
                  \${S}.pick('her-in:' || p.id, ARRAY['Zespół dawnej fabryki H. Cegielskiego - hala', 'Dawna rzeźnia miejska', 'Dawny browar', 'Dawna gazownia - budynek retort', 'Dawna elektrownia miejska', 'Zespół dawnej fabryki maszyn rolniczych']) AS name,
                  \${S}.u('her-ip:' || p.id) AS r
           FROM \${S}.parcel p JOIN \${S}.building b ON b.parcel_id = p.id
           WHERE p.teryt = '3064011' AND p.designation IN ('P', 'PU', 'P/U') AND b.kind IN ('industrial', 'warehouse')
           ORDER BY p.id, b.id
         ) x
         ORDER BY x.r LIMIT 6`),
  );
  // manor parks on some village green blocks; archaeological sites on rural fields
  await db.query(
    sql(`INSERT INTO \${S}.out_heritage_sites (id, kind, name, teryt, props, geom)
         SELECT 'nid-park-' || b.id, 'historic_park', 'Park dworski' || coalesce(' w ' || pr.locality, ''), b.teryt,
                jsonb_build_object('register_number', 'A-' || \${S}.ui('her-pr:' || b.id, 100, 3999), 'inscribed_on', (date '1960-01-01' + \${S}.ui('her-pd:' || b.id, 0, 20000))::text,
                                   'dating', \${S}.pick('her-pdt:' || b.id, ARRAY['XIX w.', 'poł. XIX w.', 'pocz. XX w.'])),
                b.geom
         FROM \${S}.block b JOIN \${S}.precinct pr ON pr.id = b.precinct_id
         WHERE b.designation IN ('ZP', 'UK') AND b.style = 'village' AND \${S}.u('her-park:' || b.id) < 0.4
         UNION ALL
         SELECT 'nid-arch-' || x.precinct_id || '-' || x.n, 'archaeological_site',
                \${S}.pick('her-an:' || x.precinct_id || x.n, ARRAY['Grodzisko wczesnośredniowieczne', 'Osada wielokulturowa', 'Cmentarzysko kurhanowe', 'Osada kultury łużyckiej']) || coalesce(' w ' || x.locality, ''),
                x.teryt,
                jsonb_build_object('register_number', 'C-' || \${S}.ui('her-ar:' || x.precinct_id || x.n, 10, 999), 'inscribed_on', (date '1965-01-01' + \${S}.ui('her-ad:' || x.precinct_id || x.n, 0, 20000))::text,
                                   'dating', \${S}.pick('her-adt:' || x.precinct_id || x.n, ARRAY['IX-XI w.', 'epoka brązu', 'okres wpływów rzymskich', 'neolit'])),
                ST_Buffer(ST_PointOnSurface(x.geom), 40 + 110 * \${S}.u('her-arr:' || x.precinct_id || x.n), 'quad_segs=6')
         FROM (
           SELECT p.precinct_id, n, pr.locality, p.teryt, p.geom,
                  row_number() OVER (PARTITION BY p.precinct_id, n ORDER BY \${S}.u('her-ap:' || p.id || n)) AS k
           FROM \${S}.parcel p JOIN \${S}.precinct pr ON pr.id = p.precinct_id CROSS JOIN generate_series(1, 2) n
           WHERE p.style = 'fields' AND \${S}.u('her-a:' || p.precinct_id || n) < 0.4 / n
         ) x WHERE x.k = 1
         ORDER BY 1`),
  );
  await clipStage(ctx, 'out_heritage_sites', 3);
  await writeStage(ctx, 'heritage_sites', 'out_heritage_sites', {
    coverage: ctx.area.map((g) => g.teryt),
    source: generatedSource(FAMILY, 'old towns and named monuments sketched at their real places (register numbers illustrative), monuments on generated parcels, archaeological sites'),
  });
}

export const servicesFamily: GeneratorFamily = {
  name: 'services',
  layers: ['services_poi', 'heritage_sites'],
  dependsOn: ['cadastre', 'buildings'],
  async generate(ctx) {
    await ensureZones(ctx);
    await servicesPoi(ctx);
    await heritage(ctx);
  },
};
