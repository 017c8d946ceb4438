/**
 * admin: the REAL administrative units of Poland (layer admin_bounds) and the scratch tables every
 * other family builds on (gmina, powiat, voivodeship, demo_gmina).
 *
 * Names and current codes: admin/teryt-current (2,479 gminas, 380 powiats, 16 voivodeships).
 * Geometry: the national simplified files joined on the first 6 / 4 / 2 digits (85 gminas changed
 * their type digit since), replaced by the detailed regional boundaries where we have them
 * (powiat poznański and Poznań, warmińsko-mazurskie, lubuskie, kujawsko-pomorskie). A simplified
 * neighbour of a detailed unit loses the part the detailed one covers, so units do not overlap.
 * The two gminas created after the geometry (1207132 Szczawa, 2002162 Grabówka) have no boundary
 * of their own in the data: they are listed in manifest.json (`admin_units_without_geometry`) and
 * not written as features; their predecessors' (Kamienica, Supraśl) old boundaries still cover them.
 */
import path from 'node:path';
import { GMINA_UNIT_TYPE } from '../demo-area.js';
import { insertPolygons, readFeatures } from './db.js';
import type { GeneratorContext, GeneratorFamily } from './family.js';

const FILES = {
  teryt: ['admin/teryt-current/wojewodztwa.geojson', 'admin/teryt-current/powiaty.geojson', 'admin/teryt-current/gminy.geojson'],
  national: ['admin/national/wojewodztwa.json', 'admin/national/powiaty.geojson', 'admin/national/gminy.geojson'],
  regional: [
    'admin/regional/mesip_gminy.geojson',
    'admin/regional/28_gminy_wgs.geojson',
    'admin/regional/28_powiaty_wgs.geojson',
    'admin/regional/lubuskie_gminy.geojson',
    'admin/regional/gminy_wgs84.geojson',
    'admin/regional/powiaty_wgs84.geojson',
  ],
};

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

interface Unit {
  teryt: string;
  name: string;
}

function currentUnits(ctx: GeneratorContext, file: string): Unit[] {
  return readFeatures(path.join(ctx.dataDir, file)).map((f) => ({
    teryt: str(f.properties?.['TERYT']).replace('_', ''),
    name: str(f.properties?.['Nazwa']),
  }));
}

async function load(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const file = (rel: string) => path.join(ctx.dataDir, rel);
  for (const t of ['src_nat_woj', 'src_nat_pow', 'src_nat_gmi', 'src_det_gmi', 'src_det_pow']) {
    await db.query(sql(`CREATE TABLE \${S}.${t} (key text, name text, geom geometry(MultiPolygon, 2180))`));
  }
  const rec = (rel: string, key: (p: Record<string, unknown>) => string, name: (p: Record<string, unknown>) => string) =>
    readFeatures(file(rel)).map((f) => ({ key: key(f.properties ?? {}), name: name(f.properties ?? {}), geometry: f.geometry }));
  await insertPolygons(db, sql('${S}.src_nat_woj'), rec('admin/national/wojewodztwa.json', (p) => str(p['JPT_KOD_JE']).padStart(2, '0'), (p) => str(p['JPT_NAZWA_'])));
  await insertPolygons(db, sql('${S}.src_nat_pow'), rec('admin/national/powiaty.geojson', (p) => str(p['terc']).slice(0, 4), (p) => str(p['name'])));
  await insertPolygons(db, sql('${S}.src_nat_gmi'), rec('admin/national/gminy.geojson', (p) => str(p['terc']).slice(0, 6), (p) => str(p['name'])));
  // detailed gminas, keyed on 6 digits (kujawsko-pomorskie has no type digit)
  await insertPolygons(db, sql('${S}.src_det_gmi'), [
    ...rec('admin/regional/mesip_gminy.geojson', (p) => str(p['teryt']).slice(0, 6), (p) => str(p['nazwa'])),
    ...rec('admin/regional/28_gminy_wgs.geojson', (p) => str(p['jpt_kod_je']).slice(0, 6), (p) => str(p['jpt_nazwa_'])),
    ...rec('admin/regional/lubuskie_gminy.geojson', (p) => str(p['kod']).slice(0, 6), (p) => str(p['nazwa'])),
    ...rec('admin/regional/gminy_wgs84.geojson', (p) => str(p['kod']).slice(0, 6), (p) => str(p['nazwa'])),
  ]);
  await insertPolygons(db, sql('${S}.src_det_pow'), [
    ...rec('admin/regional/28_powiaty_wgs.geojson', (p) => str(p['jpt_kod_je']).slice(0, 4), (p) => str(p['jpt_nazwa_'])),
    ...rec('admin/regional/powiaty_wgs84.geojson', (p) => str(p['kod']).slice(0, 4), (p) => str(p['nazwa'])),
  ]);
  // powiats built from detailed gminas: powiat poznański (3021), Poznań (3064) and lubuskie
  await db.query(
    sql(`INSERT INTO \${S}.src_det_pow (key, name, geom)
         SELECT substr(key, 1, 4), NULL, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(geom ORDER BY key, ST_AsBinary(geom))), 3))
         FROM \${S}.src_det_gmi
         WHERE (key LIKE '3021%' OR key LIKE '3064%' OR key LIKE '08%')
           AND substr(key, 1, 4) NOT IN (SELECT key FROM \${S}.src_det_pow)
         GROUP BY substr(key, 1, 4)`),
  );

  // current units (names, codes)
  await db.query(sql(`CREATE TABLE \${S}.cur_unit (teryt text PRIMARY KEY, name text NOT NULL)`));
  const units = FILES.teryt.flatMap((f) => currentUnits(ctx, f));
  await db.query(sql(`INSERT INTO \${S}.cur_unit SELECT * FROM json_to_recordset($1::json) AS x(teryt text, name text)`), [JSON.stringify(units)]);

  // gminas: detailed where available, else simplified minus what detailed neighbours cover
  await db.query(
    sql(`CREATE TABLE \${S}.gmina AS
         SELECT c.teryt, c.name, right(c.teryt, 1) AS type_digit, substr(c.teryt, 1, 4) AS powiat, substr(c.teryt, 1, 2) AS voivodeship,
                coalesce(d.geom, n.geom) AS geom, d.geom IS NOT NULL AS detailed
         FROM \${S}.cur_unit c
         LEFT JOIN \${S}.src_det_gmi d ON d.key = substr(c.teryt, 1, 6)
         LEFT JOIN \${S}.src_nat_gmi n ON n.key = substr(c.teryt, 1, 6)
         WHERE length(c.teryt) = 7`),
  );
  await db.query(sql(`CREATE INDEX ON \${S}.gmina USING gist (geom)`));
  await db.query(
    sql(`UPDATE \${S}.gmina g SET geom = ST_Multi(ST_CollectionExtract(ST_Difference(g.geom, o.u), 3))
         FROM (SELECT s.teryt, ST_Union(d.geom ORDER BY d.teryt) AS u FROM \${S}.gmina s JOIN \${S}.gmina d
                 ON d.detailed AND NOT s.detailed AND ST_Intersects(s.geom, d.geom) GROUP BY s.teryt) o
         WHERE g.teryt = o.teryt`),
  );
  await db.query(
    sql(`CREATE TABLE \${S}.powiat AS
         SELECT c.teryt, c.name, coalesce(d.geom, n.geom) AS geom, d.geom IS NOT NULL AS detailed
         FROM \${S}.cur_unit c
         LEFT JOIN \${S}.src_det_pow d ON d.key = c.teryt
         LEFT JOIN \${S}.src_nat_pow n ON n.key = c.teryt
         WHERE length(c.teryt) = 4`),
  );
  await db.query(sql(`CREATE INDEX ON \${S}.powiat USING gist (geom)`));
  await db.query(
    sql(`UPDATE \${S}.powiat g SET geom = ST_Multi(ST_CollectionExtract(ST_Difference(g.geom, o.u), 3))
         FROM (SELECT s.teryt, ST_Union(d.geom ORDER BY d.teryt) AS u FROM \${S}.powiat s JOIN \${S}.powiat d
                 ON d.detailed AND NOT s.detailed AND ST_Intersects(s.geom, d.geom) GROUP BY s.teryt) o
         WHERE g.teryt = o.teryt`),
  );
  await db.query(
    sql(`CREATE TABLE \${S}.voivodeship AS
         SELECT c.teryt, c.name, n.geom FROM \${S}.cur_unit c LEFT JOIN \${S}.src_nat_woj n ON n.key = c.teryt
         WHERE length(c.teryt) = 2`),
  );
  await db.query(sql(`CREATE INDEX ON \${S}.voivodeship USING gist (geom)`));

  // the demo gminas of this scale
  const demo = ctx.area.map((g) => ({ teryt: g.teryt, kind: g.kind, industry: g.industry }));
  await db.query(
    sql(`CREATE TABLE \${S}.demo_gmina AS
         SELECT g.teryt, g.name, x.kind, g.powiat, g.voivodeship, x.industry, g.geom
         FROM json_to_recordset($1::json) AS x(teryt text, kind text, industry float8)
         JOIN \${S}.gmina g USING (teryt)`),
    [JSON.stringify(demo)],
  );
  await db.query(sql(`ALTER TABLE \${S}.demo_gmina ADD PRIMARY KEY (teryt)`));
  await db.query(sql(`CREATE INDEX ON \${S}.demo_gmina USING gist (geom)`));
  const { rows } = await db.query<{ teryt: string; name: string }>(sql(`SELECT teryt, name FROM \${S}.demo_gmina`));
  const found = new Map(rows.map((r) => [r.teryt, r.name]));
  for (const g of ctx.area) {
    if (!found.has(g.teryt)) throw new Error(`demo gmina ${g.teryt} ${g.name} has no boundary`);
    if (found.get(g.teryt) !== g.name) ctx.log(`  warning: demo gmina ${g.teryt} is named ${found.get(g.teryt)} in TERYT, ${g.name} in demo-area.ts`);
  }
}

async function writeAdminBounds(ctx: GeneratorContext): Promise<void> {
  const { db, sql, out } = ctx;
  const layer = out.layer('admin_bounds', {
    coverage: null,
    source: {
      source_url: 'shared-data:admin/teryt-current (names, codes); admin/national and admin/regional (geometry)',
      files: [...FILES.teryt, ...FILES.national, ...FILES.regional],
      licence: 'PRG, GUGiK (public domain); TERYT, GUS; simplified national gminas from a GPL-3.0 repository; regional files: no licence stated',
      note: 'real data: current TERYT codes and names; detailed boundaries for powiat poznański, Poznań, warmińsko-mazurskie, lubuskie and kujawsko-pomorskie, simplified elsewhere',
    },
  });
  const gminaTypes = JSON.stringify(GMINA_UNIT_TYPE);
  await out.writeQuery(
    db,
    layer,
    sql(`SELECT ST_AsGeoJSON(ST_Transform(u.geom, 4326), 7) AS geometry,
                json_build_object(
                  'id', u.teryt, 'kind', u.kind, 'name', u.name, 'teryt', u.teryt,
                  'unit_type', u.unit_type, 'parent_teryt', u.parent, 'area_sqm', round(ST_Area(u.geom)::numeric, 0)
                ) AS properties
         FROM (
           SELECT teryt, 'voivodeship' AS kind, name, 'województwo' AS unit_type, NULL::text AS parent, geom FROM \${S}.voivodeship
           UNION ALL
           SELECT teryt, 'powiat', name,
                  CASE WHEN substr(teryt, 3, 2)::int >= 61 THEN 'miasto na prawach powiatu' ELSE 'powiat' END,
                  substr(teryt, 1, 2), geom FROM \${S}.powiat
           UNION ALL
           SELECT teryt, 'gmina', name, ($1::json ->> type_digit), powiat, geom FROM \${S}.gmina
         ) u
         WHERE u.geom IS NOT NULL AND NOT ST_IsEmpty(u.geom)
         ORDER BY length(u.teryt), u.teryt`),
    [gminaTypes],
  );
  layer.close();
  const missing = await db.query<{ teryt: string; name: string; type_digit: string; powiat: string }>(
    sql(`SELECT teryt, name, type_digit, powiat FROM \${S}.gmina WHERE geom IS NULL OR ST_IsEmpty(geom) ORDER BY teryt`),
  );
  out.manifestExtras.set(
    'admin_units_without_geometry',
    missing.rows.map((r) => ({
      teryt: r.teryt,
      kind: 'gmina',
      name: r.name,
      unit_type: GMINA_UNIT_TYPE[r.type_digit] ?? null,
      parent_teryt: r.powiat,
      note: 'new gmina: no boundary in the shared data; its area is still inside the old boundary of the gmina it was split from',
    })),
  );
}

export const adminFamily: GeneratorFamily = {
  name: 'admin',
  layers: ['admin_bounds'],
  async generate(ctx) {
    await load(ctx);
    await writeAdminBounds(ctx);
  },
};
