/**
 * A generator family: one module that generates a group of related layers (e.g. `planning`:
 * mpzp_plans, mpzp_zones, plan_ogolny_zones, studium_zones, psi). Families are registered in
 * families.ts and run one after another in dependency order by generate.ts.
 *
 * Rules for a family (so the output stays byte-identical for the same inputs):
 * - no Math.random, no Date.now: randomness from `ctx.random(key)` in Node, `<scratch>.u(key)` in SQL
 *   (a number in [0,1) from md5(seed | key)), dates from `ctx.asOf`;
 * - every query whose rows are written is ORDER BY a unique key;
 * - every SQL value is a bind parameter; only the scratch schema name (validated identifier) is
 *   interpolated, via `ctx.sql('... ${S}.parcel ...')` helpers or `ctx.scratch`;
 * - write features through `ctx.out` (GeoJSONSeq, coverage and source sidecars, counts).
 *
 * Scratch tables other families may read (EPSG:2180 geometry column `geom`, in `ctx.scratch`):
 *   admin:     gmina(teryt, name, type_digit, powiat, voivodeship, geom)  every gmina of Poland, simplified
 *              powiat(teryt, name, geom), voivodeship(teryt, name, geom)
 *              demo_gmina(teryt, name, kind, powiat, voivodeship, geom)  demo gminas of this scale, detailed
 *   cadastre:  precinct(id, unit, name, teryt, character, selected, geom)   character: urban|suburban|rural
 *              block(id, precinct_id, teryt, style, designation, geom)      layout blocks (street blocks, field blocks)
 *              parcel(id, teryt, precinct_id, block_id, style, designation, area_sqm, geom, ...)
 *              street(id, teryt, locality, name, geom)                     street centre lines of the layout (LineString)
 *   planning:  mpzp_zone(id, plan_id, teryt, symbol, category, geom), mpzp_plan(id, teryt, geom)
 *   buildings: building(id, parcel_id, teryt, kind, function, floors, height_m, built_year, geom); parcel.vacant
 *   terrain:   <scratch>.elevation(x, y) -> metres (SQL function, EPSG:2180 coordinates)
 * `designation` is the canonical land-use symbol of the block (MN, MW, MW/U, U, P, PU, R, ZL, ...),
 * the same world the local plans describe (also where a gmina has no plan).
 */
import type pg from 'pg';
import type { DemoGmina, Scale } from '../demo-area.js';
import type { RandomSource } from './random.js';
import type { OutputWriter } from './writer.js';

export interface GeneratorContext {
  /** Pool on DATABASE_URL; each connection has the seed set for `<scratch>.u(key)` */
  db: pg.Pool;
  /** Scratch schema name (a validated SQL identifier, default demo_gen), dropped at the end */
  scratch: string;
  /** Output directory writer: layers, sidecars, counts */
  out: OutputWriter;
  /** Demo gminas included at this scale */
  area: readonly DemoGmina[];
  scale: Scale;
  /** Shared real-data directory (`../shared/data` from the project root) */
  dataDir: string;
  seed: string;
  /** Deterministic random streams: `ctx.random('parcels:numbers:' + precinctId)` */
  random: RandomSource;
  /** Reference date YYYY-MM-DD ("today" of the data set) */
  asOf: string;
  /** Replaces every `${S}` in the text with the scratch schema name */
  sql(text: string): string;
  /** Progress line (stderr) */
  log(message: string): void;
}

export interface GeneratorFamily {
  /** Family name, unique (e.g. `planning`) */
  name: string;
  /**
   * Output layers (catalogue layer ids; `addresses` for the addresses file). `--only` selects
   * families by these names; families listed in dependsOn run too, but write nothing.
   */
  layers: string[];
  /** Families that must run first (their scratch tables are read) */
  dependsOn?: string[];
  generate(ctx: GeneratorContext): Promise<void>;
}
