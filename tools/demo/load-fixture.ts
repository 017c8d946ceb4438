/**
 * The small fixture the stack starts with until the generated demo dataset lands: the
 * administrative units above Poznań and a handful of parcels in one precinct, in every id form
 * (plain numbers, numbers with '/', a map sheet `AR_`). Loaded once; a second run does nothing.
 */
import pg from 'pg';

const RUN_ID = 'fixture-0001';
const SOURCE_URL = 'fixture://tools/demo/load-fixture (generated, not real cadastre data)';

/** Parcels on a grid of 60 m x 40 m plots starting at a point in Poznań (EPSG:2180 metres). */
const ORIGIN_2180 = { x: 357_300, y: 506_200 };
const PLOT = { width: 60, depth: 40 };
const NUMBERS = ['1', '2', '3', '4', '5', '6', '7', '8', '100/1', '100/2', '100/3', '101', '102/5', '103', '104', '105/12'];
const SHEET_NUMBERS = ['45/7', '46', '47/1', '47/2'];

async function main(): Promise<void> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: url, application_name: 'demo-fixture' });
  await client.connect();
  try {
    const existing = await client.query<{ n: string }>(`SELECT count(*) AS n FROM layer.parcels WHERE source_run_id = $1`, [RUN_ID]);
    if (Number(existing.rows[0]?.n ?? 0) > 0) {
      console.log('fixture: already loaded');
      return;
    }
    await client.query('BEGIN');
    const units: Array<[string, string, string, string, string | null]> = [
      ['30', 'voivodeship', 'wielkopolskie', 'województwo', null],
      ['3064', 'powiat', 'Poznań', 'miasto na prawach powiatu', '30'],
      ['3064011', 'gmina', 'Poznań', 'gmina miejska', '3064'],
    ];
    for (const [teryt, level, name, unitType, parent] of units) {
      await client.query(
        `INSERT INTO layer.admin_units (teryt, level, name, unit_type, parent_teryt, source_run_id, fetched_at, source_url)
         VALUES ($1, $2, $3, $4, $5, $6, now(), $7) ON CONFLICT (teryt) DO NOTHING`,
        [teryt, level, name, unitType, parent, RUN_ID, SOURCE_URL],
      );
    }
    const plots = [
      ...NUMBERS.map((number) => ({ sheet: null as string | null, number })),
      ...SHEET_NUMBERS.map((number) => ({ sheet: 'AR_3', number })),
    ];
    for (const [index, plot] of plots.entries()) {
      const x = ORIGIN_2180.x + (index % 5) * PLOT.width;
      const y = ORIGIN_2180.y + Math.floor(index / 5) * PLOT.depth;
      const precinctId = '306401_1.0012';
      const parcelId = plot.sheet ? `${precinctId}.${plot.sheet}.${plot.number}` : `${precinctId}.${plot.number}`;
      await client.query(
        `INSERT INTO layer.parcels (parcel_id, teryt, precinct_id, precinct_name, sheet, number, area_sqm, geom,
                                    source_run_id, fetched_at, source_url, source_bbox)
         SELECT $1, '3064011', $2, 'Jeżyce', $3, $4, ST_Area(g), g, $5, now(), $6,
                ST_Transform(ST_Envelope(ST_Buffer(g, 500)), 4326)
         FROM (SELECT ST_Multi(ST_MakeEnvelope($7::float8, $8::float8, $7::float8 + $9::float8, $8::float8 + $10::float8, 2180)) AS g) AS plot`,
        [parcelId, precinctId, plot.sheet, plot.number, RUN_ID, SOURCE_URL, x, y, PLOT.width - 0.5, PLOT.depth - 0.5],
      );
    }
    await client.query('COMMIT');
    console.log(`fixture: loaded ${plots.length} parcels in precinct 306401_1.0012 (Poznań)`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(`fixture: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
