/**
 * buildings: footprints on the parcels (layer buildings) and then the parcels layer itself, whose
 * `vacant` attribute says whether a footprint lies on the parcel.
 *
 * Each parcel's block designation decides what stands on it: houses set back from the street on
 * MN plots (about 55 % built in towns, some with a garage), tenement rows along the street on
 * urban MW plots, slabs on estates, halls covering half a plot on P / PU / P/U land (low-rise: the
 * brownfield scenario), farmsteads (house and barn) in villages, an occasional barn on a field
 * strip. Footprints are rectangles in the parcel's grid frame, clipped 0.5 m inside the parcel.
 * Floors: 1-12 in central Poznań, 1-3 for houses elsewhere, 2-5 for blocks of flats elsewhere.
 */
import { coverageGminas } from '../demo-area.js';
import type { GeneratorContext, GeneratorFamily } from './family.js';
import type { Random } from './random.js';

interface ParcelRow {
  key: string;
  id: string;
  teryt: string;
  precinct_id: string;
  style: string;
  block_type: string;
  designation: string;
  row_i: number;
  cx0: number;
  cx1: number;
  py0: number;
  py1: number;
  nrows: number;
  voivodeship: string;
}

interface Footprint {
  parcel_key: string;
  no: number;
  kind: string;
  function: string;
  floors: number;
  floors_underground: number;
  height_m: number;
  built_year: number;
  status: string;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const POZNAN_CENTRE_PRECINCTS = new Set(['306401_1.0051', '306401_1.0021', '306401_1.0061']);

const FUNCTION: Record<string, string> = {
  single_family: 'residential',
  multi_family: 'residential',
  commercial: 'commercial',
  office: 'office',
  industrial: 'industrial',
  warehouse: 'warehouse',
  agricultural: 'agricultural',
  public: 'public',
  garage: 'garage',
  other: 'other',
};

function year(r: Random, ranges: ReadonlyArray<readonly [number, number, number]>): number {
  const [from, to] = r.weighted(ranges.map(([a, b, w]) => [[a, b] as const, w] as const));
  return r.int(from, to);
}

/** Footprints of one parcel in its rotated grid frame (front = the street side of the plot). */
function footprints(p: ParcelRow, r: Random, asOfYear: number): Footprint[] {
  const W = p.cx1 - p.cx0;
  const D = p.py1 - p.py0;
  const frontIsLow = p.nrows === 1 || p.row_i === 0;
  const out: Footprint[] = [];
  const centre = POZNAN_CENTRE_PRECINCTS.has(p.precinct_id);
  const poznan = p.teryt === '3064011';
  const urban = p.style === 'urban';
  /** A rectangle `w` wide, `d` deep, `setback` from the front, `offset` from the plot's centre line along the street. */
  const place = (w: number, d: number, setback: number, offset = 0): Pick<Footprint, 'x0' | 'x1' | 'y0' | 'y1'> => {
    const cx = (p.cx0 + p.cx1) / 2 + offset;
    const y0 = frontIsLow ? p.py0 + setback : p.py1 - setback - d;
    return { x0: cx - w / 2, x1: cx + w / 2, y0, y1: y0 + d };
  };
  const add = (kind: string, floors: number, rect: Pick<Footprint, 'x0' | 'x1' | 'y0' | 'y1'>, built: number, extra: Partial<Footprint> = {}) => {
    if (rect.x1 - rect.x0 < 4 || rect.y1 - rect.y0 < 4) return;
    const underConstruction = built >= asOfYear - 1 && r.chance(0.5);
    out.push({
      parcel_key: p.key,
      no: out.length + 1,
      kind,
      function: FUNCTION[kind]!,
      floors,
      floors_underground: extra.floors_underground ?? 0,
      height_m: Math.round((floors * 3 + (kind === 'single_family' ? r.range(2.5, 4) : r.range(0.8, 2))) * 10) / 10,
      built_year: underConstruction ? asOfYear : built,
      status: underConstruction ? 'under_construction' : 'existing',
      ...rect,
    });
  };
  const d = p.designation;
  const houseYear = (): number =>
    p.style === 'village'
      ? year(r, [[1890, 1945, 3], [1946, 1989, 4], [1990, 2015, 3], [2016, asOfYear - 1, 2]])
      : year(r, [[1925, 1970, 2], [1971, 1999, 3], [2000, 2015, 4], [2016, asOfYear - 1, 4]]);
  const house = (builtP: number, kind = 'single_family') => {
    if (!r.chance(builtP)) return;
    const w = Math.min(W - 6, r.range(9, 14));
    const dd = Math.min(D - 14, r.range(10, 16));
    if (w < 6 || dd < 6) return;
    const floors = r.weighted([[1, 30], [2, 55], [3, 15]]);
    add(kind, floors, place(w, dd, r.range(5, 8), r.range(-1, 1) * Math.max(0, (W - 6 - w) / 2)), houseYear(), {
      floors_underground: r.chance(0.3) ? 1 : 0,
    });
    if (kind === 'single_family' && r.chance(0.2) && W - w > 12) {
      add('garage', 1, place(6, 6, r.range(5, 8) + dd + 3, (w / 2 + 4) * (r.chance(0.5) ? 1 : -1)), houseYear());
    }
  };
  const flatsFloors = (): number => (poznan && urban ? (centre ? r.int(4, 8) : r.int(4, 12)) : r.int(2, 5));
  switch (d) {
    case 'MN':
      house(urban ? 0.5 : p.style === 'village' ? 0.72 : 0.52);
      break;
    case 'MN/U':
      house(0.6, r.chance(0.25) ? 'commercial' : 'single_family');
      break;
    case 'RM':
      if (r.chance(0.8)) {
        house(1);
        const bw = Math.min(W - 4, r.range(12, 22));
        const bd = r.range(14, 24);
        if (D > 60) add('agricultural', 1, place(bw, bd, D - bd - r.range(4, 8)), year(r, [[1900, 1970, 2], [1971, 2020, 3]]));
      }
      break;
    case 'MW':
    case 'MW/U':
      if (p.block_type === 'plots' && urban) {
        if (!r.chance(0.62)) break;
        const kind = d === 'MW/U' && r.chance(0.3) ? 'commercial' : 'multi_family';
        const built = centre ? year(r, [[1880, 1939, 6], [1950, 1989, 2], [1990, asOfYear - 1, 2]]) : year(r, [[1900, 1939, 2], [1950, 1989, 4], [1990, asOfYear - 1, 4]]);
        add(kind, centre && built < 1940 ? r.int(3, 5) : flatsFloors(), place(W - 0.2, Math.min(D * 0.6, r.range(12, 16)), 0.2), built, { floors_underground: 1 });
      } else {
        if (!r.chance(0.8)) break;
        const built = year(r, [[1960, 1989, 5], [1990, 2009, 2], [2010, asOfYear - 1, 3]]);
        const floors = flatsFloors();
        const depth = r.range(11, 14);
        if (D > 2 * depth + 25 && W > 40) {
          add('multi_family', floors, place(W * r.range(0.6, 0.8), depth, r.range(8, 12)), built, { floors_underground: 1 });
          add('multi_family', floors, place(W * r.range(0.5, 0.8), depth, D - depth - r.range(8, 12)), built, { floors_underground: 1 });
        } else {
          add('multi_family', floors, place(Math.max(8, W * r.range(0.6, 0.85)), Math.min(depth, D - 10), r.range(5, 10)), built, { floors_underground: 1 });
        }
      }
      break;
    case 'U':
      if (r.chance(0.6)) {
        const floors = poznan && urban ? r.int(2, 6) : r.int(1, 3);
        add(r.chance(0.6) ? 'commercial' : 'office', floors, place(W * r.range(0.5, 0.8), Math.min(D * 0.55, r.range(15, 30)), r.range(3, 10)), year(r, [[1960, 1999, 2], [2000, asOfYear - 1, 3]]));
      }
      break;
    case 'UC':
      if (r.chance(0.8)) add('commercial', 1, place(W * r.range(0.6, 0.8), D * r.range(0.45, 0.65), r.range(15, 30)), year(r, [[1995, asOfYear - 1, 1]]));
      break;
    case 'UO':
    case 'UZ':
    case 'UK':
      if (r.chance(0.9)) add('public', d === 'UK' ? 1 : r.int(2, 4), place(W * r.range(0.35, 0.6), D * r.range(0.3, 0.45), r.range(8, 20)), year(r, [[1900, 1989, 3], [1990, asOfYear - 1, 2]]));
      break;
    case 'US':
      if (r.chance(0.5)) add('public', 1, place(Math.min(W * 0.5, 45), Math.min(D * 0.4, 30), r.range(10, 20)), year(r, [[1970, asOfYear - 1, 1]]));
      break;
    case 'P':
    case 'PU':
    case 'P/U':
      if (r.chance(0.7)) {
        const kind = r.chance(0.55) ? 'industrial' : 'warehouse';
        add(kind, r.chance(0.8) ? 1 : 2, place(W * r.range(0.5, 0.8), D * r.range(0.45, 0.7), r.range(8, 15)), year(r, [[1955, 1989, 4], [1990, 2009, 3], [2010, asOfYear - 1, 3]]));
        if (d !== 'P' && r.chance(0.3) && W > 40) add('office', 2, place(Math.min(20, W * 0.25), 12, 2, -W * 0.3), year(r, [[1990, asOfYear - 1, 1]]));
      }
      break;
    case 'RU':
      if (r.chance(0.7)) add('agricultural', 1, place(W * r.range(0.4, 0.6), D * r.range(0.3, 0.5), r.range(10, 20)), year(r, [[1960, 2020, 1]]));
      break;
    case 'R':
      if (r.chance(p.style === 'fields' ? 0.06 : 0.03) && D > 30 && W > 14) add('agricultural', 1, place(Math.min(W - 4, r.range(10, 18)), r.range(12, 20), r.range(5, 15)), year(r, [[1900, 2020, 1]]));
      break;
    default:
      break; // ZL, ZP, ZC, RZ, RO, EF: none
  }
  return out;
}

const SOIL: Record<string, { arable: string[]; grass: string[] }> = {
  '30': { arable: ['R IIIa', 'R IIIb', 'R IVa', 'R IVa', 'R IVb', 'R IVb', 'R V', 'R VI'], grass: ['Ł III', 'Ł IV', 'Ps IV', 'Ps V'] },
  '28': { arable: ['R IIIa', 'R IIIb', 'R IIIb', 'R IVa', 'R IVa', 'R IVb', 'R V'], grass: ['Ł III', 'Ł IV', 'Ps III', 'Ps IV'] },
  '06': { arable: ['R I', 'R II', 'R II', 'R IIIa', 'R IIIa', 'R IIIb', 'R IVa'], grass: ['Ł II', 'Ł III', 'Ps III'] },
  '08': { arable: ['R IVa', 'R IVb', 'R V', 'R V', 'R VI'], grass: ['Ł IV', 'Ł V', 'Ps IV', 'Ps V'] },
};

function landUse(p: ParcelRow, built: boolean, r: Random): string {
  const soil = SOIL[p.voivodeship] ?? SOIL['30']!;
  const arable = () => r.pick(soil.arable);
  switch (p.designation) {
    case 'R':
    case 'EF':
      return r.chance(0.35) ? [...new Set([arable(), arable()])].join(',') : r.chance(0.15) ? `${arable()},${r.pick(soil.grass)}` : arable();
    case 'RZ':
      return r.pick(soil.grass);
    case 'RO':
      return `S-${arable()}`;
    case 'ZL':
      return r.pick(['Ls IV', 'Ls V', 'Ls V', 'Ls VI', 'Lz-R V']);
    case 'RM':
      return built ? `Br-${arable()},${arable()}` : arable();
    case 'RU':
      return built ? 'Br' : arable();
    case 'P':
    case 'PU':
    case 'P/U':
      return built || r.chance(0.5) ? 'Ba' : 'Bp';
    case 'ZP':
    case 'ZC':
    case 'US':
      return 'Bz';
    case 'U':
    case 'UC':
    case 'UO':
    case 'UZ':
    case 'UK':
      return built ? 'Bi' : 'Bp';
    default:
      // housing: built 'B'; vacant plots in towns 'Bp', elsewhere often still farmland
      if (built) return 'B';
      return p.style === 'urban' || r.chance(0.4) ? 'Bp' : arable();
  }
}

async function generateBuildings(ctx: GeneratorContext): Promise<void> {
  const { db, sql } = ctx;
  const asOfYear = Number(ctx.asOf.slice(0, 4));
  const { rows } = await db.query<ParcelRow>(
    sql(`SELECT p.key, p.id, p.teryt, p.precinct_id, p.style, p.block_type, p.designation, p.row_i, p.cx0, p.cx1, p.py0, p.py1, b.nrows,
                substr(p.teryt, 1, 2) AS voivodeship
         FROM \${S}.parcel p JOIN \${S}.block b ON b.id = p.block_id ORDER BY p.key`),
  );
  const all: Footprint[] = [];
  const uses: Array<{ key: string; land_use_classes: string }> = [];
  for (const p of rows) {
    const r = ctx.random(`building:${p.key}`);
    const fps = footprints(p, r, asOfYear);
    all.push(...fps);
    uses.push({ key: p.key, land_use_classes: landUse(p, fps.length > 0, ctx.random(`land-use:${p.key}`)) });
  }
  await db.query(
    sql(`CREATE TABLE \${S}.footprint (parcel_key text, no integer, kind text, function text, floors integer, floors_underground integer,
           height_m float8, built_year integer, status text, x0 float8, x1 float8, y0 float8, y1 float8)`),
  );
  const chunk = 20_000;
  for (let i = 0; i < all.length; i += chunk) {
    await db.query(
      sql(`INSERT INTO \${S}.footprint SELECT * FROM json_to_recordset($1::json) AS x(parcel_key text, no integer, kind text, function text,
             floors integer, floors_underground integer, height_m float8, built_year integer, status text, x0 float8, x1 float8, y0 float8, y1 float8)`),
      [JSON.stringify(all.slice(i, i + chunk))],
    );
  }
  for (let i = 0; i < uses.length; i += chunk) {
    await db.query(
      sql(`UPDATE \${S}.parcel p SET land_use_classes = x.land_use_classes FROM json_to_recordset($1::json) AS x(key text, land_use_classes text) WHERE p.key = x.key`),
      [JSON.stringify(uses.slice(i, i + chunk))],
    );
  }
  await db.query(
    sql(`CREATE TABLE \${S}.building AS
         SELECT p.id || '.' || f.no || '_BUD' AS id, p.id AS parcel_id, p.key AS parcel_key, p.teryt, f.kind, f.function, f.floors, f.floors_underground,
                f.height_m, f.built_year, f.status, d.geom::geometry(Polygon, 2180) AS geom
         FROM \${S}.footprint f JOIN \${S}.parcel p ON p.key = f.parcel_key
         CROSS JOIN LATERAL (SELECT ST_Rotate(ST_MakeEnvelope(f.x0, f.y0, f.x1, f.y1, 2180), p.theta, p.ox, p.oy) AS rect) c
         CROSS JOIN LATERAL ST_Dump(CASE WHEN NOT p.clipped AND f.x0 > p.cx0 AND f.x1 < p.cx1 AND f.y0 > p.py0 AND f.y1 < p.py1 THEN c.rect
                                         ELSE ST_CollectionExtract(ST_Intersection(c.rect, ST_Buffer(p.geom, -0.5)), 3) END) d
         WHERE ST_Area(d.geom) >= 16`),
  );
  // a clipped footprint may fall apart: keep the largest piece per id
  await db.query(
    sql(`DELETE FROM \${S}.building b USING \${S}.building b2 WHERE b.id = b2.id AND (ST_Area(b.geom), b.geom::text) < (ST_Area(b2.geom), b2.geom::text)`),
  );
  await db.query(sql(`ALTER TABLE \${S}.building ADD PRIMARY KEY (id)`));
  await db.query(sql(`CREATE INDEX ON \${S}.building (parcel_key)`));
  await db.query(sql(`CREATE INDEX ON \${S}.building (teryt)`));
  await db.query(sql(`CREATE INDEX ON \${S}.building USING gist (geom)`));
  await db.query(sql(`UPDATE \${S}.parcel p SET vacant = NOT EXISTS (SELECT 1 FROM \${S}.building b WHERE b.parcel_key = p.key)`));

  const layer = ctx.out.layer('buildings', {
    coverage: coverageGminas(ctx.scale),
    source: { source_url: 'generated://tools/demo/generate/buildings', note: 'generated by tools/demo, not real data' },
  });
  await ctx.out.writeQuery(
    db,
    layer,
    sql(`SELECT ST_AsGeoJSON(ST_Transform(geom, 4326), 7) AS geometry,
                json_build_object('id', id, 'kind', kind, 'name', NULL, 'teryt', teryt, 'building_id', id, 'function', function, 'floors', floors,
                  'floors_underground', floors_underground, 'height_m', height_m, 'area_sqm', round(ST_Area(geom)::numeric, 0),
                  'built_year', built_year, 'status', status) AS properties
         FROM \${S}.building ORDER BY id`),
  );
  layer.close();
}

/**
 * Cumulative shares of the registration groups drawn for demo parcels (about the national mix of
 * parcels: mostly natural persons, then gminas, commercial companies and the State Treasury); the
 * first 3 % get none, as parcels whose register extract we lack (ownership unknown).
 */
const REGISTRATION_GROUP_SHARES: ReadonlyArray<[number, string | null]> = [
  [0.03, null],
  [0.63, '7'],
  [0.71, '4'],
  [0.74, '5'],
  [0.79, '1'],
  [0.81, '2'],
  [0.83, '3'],
  [0.84, '6'],
  [0.87, '8'],
  [0.88, '9'],
  [0.885, '10'],
  [0.9, '11'],
  [0.905, '12'],
  [0.915, '13'],
  [0.92, '14'],
  [0.99, '15'],
  [1, '16'],
];

/** The demo's registration group of a parcel from its draw `d.own` (a fixed draw per parcel id, so the same seed gives the same groups). */
function registrationGroupSql(): string {
  const cases = REGISTRATION_GROUP_SHARES.map(([upTo, group]) => `WHEN d.own < ${upTo} THEN ${group === null ? 'NULL' : `'${group}'`}`);
  return `CASE ${cases.join(' ')} ELSE '16' END`;
}

async function writeParcels(ctx: GeneratorContext): Promise<void> {
  const layer = ctx.out.layer('parcels', {
    coverage: coverageGminas(ctx.scale),
    source: {
      source_url: 'generated://tools/demo/generate/cadastre',
      note:
        'generated by tools/demo, not real data: parcels laid out inside the real precincts of Poznań, powiat poznański and Kostrzyn nad Odrą and in generated precincts elsewhere; ' +
        'their registration groups (registration_group, ownership) are generated too, none for 3 % of parcels',
    },
  });
  await ctx.out.writeQuery(
    ctx.db,
    layer,
    ctx.sql(`SELECT ST_AsGeoJSON(ST_Transform(geom, 4326), 7) AS geometry,
                    json_build_object('id', id, 'kind', 'parcel', 'name', NULL, 'teryt', teryt, 'parcel_id', id, 'parcel_number', number,
                      'precinct_id', precinct_id, 'area_sqm', area_sqm, 'land_use_classes', land_use_classes, 'map_sheet', sheet, 'vacant', vacant,
                      'registration_group', ${registrationGroupSql()}) AS properties
             FROM \${S}.parcel CROSS JOIN LATERAL (SELECT \${S}.u('registration_group:' || id) AS own) d ORDER BY id`),
  );
  layer.close();
}

export const buildingsFamily: GeneratorFamily = {
  name: 'buildings',
  layers: ['buildings', 'parcels'],
  dependsOn: ['cadastre'],
  async generate(ctx) {
    await generateBuildings(ctx);
    await writeParcels(ctx);
  },
};
