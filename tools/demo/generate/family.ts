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
 *   admin:     gmina(teryt, name, type_digit, powiat, voivodeship, detailed, geom)   every gmina of Poland
 *              powiat(teryt, name, detailed, geom), voivodeship(teryt, name, geom)
 *              demo_gmina(teryt, name, kind, powiat, voivodeship, industry, geom)  demo gminas of this scale, detailed
 *   cadastre:  unit(id, name, teryt, real, geom)                                     cadastral units
 *              precinct(id, unit, name, teryt, real, character, selected, locality, locality_simc, geom)
 *                         character urban|suburban|rural; selected = has parcels
 *              region(id, precinct_id, teryt, style, geom)                        style urban|suburban|village|fields
 *              block(id, region_id, precinct_id, teryt, style, block_type, designation, geom)
 *                         street blocks and field blocks; block_type plots|large|field
 *              parcel(key, id, teryt, precinct_id, block_id, style, designation, area_sqm, land_use_classes, geom)
 *              street(id, precinct_id, teryt, kind, name, locality, geom)          centre lines of the gaps between
 *                         blocks (MultiLineString): kind street (named in towns) | track (between fields)
 *   planning:  mpzp_plan(plan_id, teryt, plan_name, adopted_on, geom), mpzp_zone(id, plan_id, teryt, symbol, category, designation, geom)
 *   buildings: building(id, parcel_id, parcel_key, teryt, kind, function, floors, height_m, built_year, status, geom);
 *              parcel.vacant
 *   terrain:   elevation(x, y) -> metres, a SQL function on EPSG:2180 coordinates
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

/**
 * Families in run order: each after its dependencies (stable: list order among ready families).
 * With `only` (layer ids), just the families producing them and their transitive dependencies.
 */
export function orderFamilies(families: readonly GeneratorFamily[], only: ReadonlySet<string> | null): GeneratorFamily[] {
  const byName = new Map(families.map((f) => [f.name, f]));
  for (const f of families) {
    for (const d of f.dependsOn ?? []) if (!byName.has(d)) throw new Error(`family ${f.name} depends on unknown family ${d}`);
  }
  let wanted = new Set(families.map((f) => f.name));
  if (only) {
    const known = new Set(families.flatMap((f) => f.layers));
    for (const l of only) if (!known.has(l)) throw new Error(`--only: no family generates ${l}`);
    wanted = new Set();
    const add = (name: string): void => {
      if (wanted.has(name)) return;
      wanted.add(name);
      for (const d of byName.get(name)!.dependsOn ?? []) add(d);
    };
    for (const f of families) if (f.layers.some((l) => only.has(l))) add(f.name);
  }
  const done = new Set<string>();
  const ordered: GeneratorFamily[] = [];
  while (ordered.length < wanted.size) {
    const next = families.find((f) => wanted.has(f.name) && !done.has(f.name) && (f.dependsOn ?? []).every((d) => done.has(d)));
    if (!next) throw new Error('generator families have a dependency cycle');
    done.add(next.name);
    ordered.push(next);
  }
  return ordered;
}
