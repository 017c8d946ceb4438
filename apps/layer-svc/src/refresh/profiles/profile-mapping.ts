import type { StageColumn } from '../../storage/layer-storage.repository.js';
import type { SourceProfile, ValueExpression } from './source-profile.js';

/** Column the loader tags every raw row with: the GDAL layer (or WFS feature type) it came from. */
const SOURCE_LAYER = '_layer';

/** A column GDAL made in the raw staging table; lists (GML multi-valued xlink attributes) are ARRAY. */
export type RawColumn = StageColumn;

/** The SELECT that turns raw register rows into the pipeline's staging contract, with its parameters. */
export interface CompiledMapping {
  sql: string;
  params: unknown[];
  /** Columns the profile needs that the source does not have. */
  missing: string[];
}

const NUMBER = `'^[-+]?[0-9]+([.,][0-9]+)?$'`;

/** Column of a mapped row naming how many served substations its name, powiat and voltage match. */
export const SUBSTATION_CANDIDATES = '_substation_candidates';
/** Column of a mapped row saying what it names (name, powiat, voltage), for the report of unmatched rows. */
export const SUBSTATION_ROW = '_substation_row';

/**
 * A substation name as operators and mappers write it, reduced to the place: lower case without
 * Polish diacritics, voltages (`110/15 kV`) and the words for a substation (`GPZ`, `stacja
 * elektroenergetyczna`, `SE`, `RPZ`) left out, punctuation as single spaces.
 */
export function normalisedSubstationName(sql: string): string {
  const plain = `translate(lower(${sql}), 'ąćęłńóśźż', 'acelnoszz')`;
  const noVoltage = `regexp_replace(${plain}, '[0-9]+([.,][0-9]+)?(\\s*/\\s*[0-9]+([.,][0-9]+)?)*\\s*kv', ' ', 'g')`;
  const noWords = `regexp_replace(${noVoltage}, '\\m(gpz|rpz|gpo|sto|se|ss|stacja|elektroenergetyczna|transformatorowa|rozdzielnia)\\M', ' ', 'g')`;
  return `btrim(regexp_replace(${noWords}, '[^a-z0-9]+', ' ', 'g'))`;
}

/**
 * Compiles a profile's mapping into one `SELECT ... FROM layer_stage.<raw> r` producing the columns
 * the refresh pipeline reads (`id`, `kind`, `name`, `teryt`, one column per attribute, `geom`).
 * Column names come from the profile (kept in the repository) and are only used when the source
 * has them; every value from the profile is a bound parameter.
 */
export function compileMapping(profile: SourceProfile, rawTable: string, columns: readonly RawColumn[]): CompiledMapping {
  const compiler = new ExpressionCompiler(new Map(columns.map((column) => [column.name, column.type])));
  const { map } = profile;
  const outputs: Array<[string, string]> = [
    ['id', compiler.compile(map.id)],
    ['kind', compiler.compile(map.kind)],
    ['name', map.name ? compiler.compile(map.name) : 'NULL::text'],
    ['teryt', map.teryt ? compiler.compile(map.teryt) : 'NULL::text'],
    ...Object.entries(map.attributes).map(([name, expression]): [string, string] => [name, compiler.compile(expression)]),
  ];
  let geometry = map.geometry === 'pointOnSurface' ? 'ST_PointOnSurface(r.geom)' : 'r.geom';
  if (typeof map.geometry === 'object' && 'parcelPoint' in map.geometry) {
    geometry = `(SELECT ST_PointOnSurface(p.geom) FROM layer_pub.parcels p WHERE p.id = ${compiler.compile(map.geometry.parcelPoint)} LIMIT 1)`;
  }
  if (typeof map.geometry === 'object' && 'substationPoint' in map.geometry) {
    const matches = substationMatch(compiler, map.geometry.substationPoint);
    geometry = `(SELECT (array_agg(s.geom))[1] FROM layer_pub.power_substations s WHERE ${matches} HAVING count(*) = 1)`;
    const { name, area, voltageKv } = map.geometry.substationPoint;
    const described = [`'name ' || COALESCE(${compiler.compile(name)}, '(none)')`];
    if (area) described.push(`'area ' || COALESCE(${compiler.compile(area)}, '(none)')`);
    if (voltageKv) described.push(`COALESCE(${compiler.compile(voltageKv)}, '(no voltage)') || ' kV'`);
    outputs.push([SUBSTATION_CANDIDATES, `(SELECT count(*) FROM layer_pub.power_substations s WHERE ${matches})`]);
    outputs.push([SUBSTATION_ROW, `concat_ws(', ', ${described.join(', ')})`]);
  }
  const select = outputs.map(([name, sql]) => `${sql} AS ${quoteIdentifier(name)}`).join(',\n       ');
  const kept = map.exclude.map((rule) => `NOT COALESCE(${compiler.compile(rule.value)} ~ ${compiler.compile({ constant: rule.matches })}, false)`);
  return {
    sql: `SELECT ${select},\n       ${geometry} AS geom\n  FROM layer_stage.${rawTable} r${kept.length > 0 ? `\n WHERE ${kept.join(' AND ')}` : ''}`,
    params: compiler.params,
    missing: [...compiler.missing].sort(),
  };
}

/** The served substations a row names: same place name, in its powiat and at its voltage when it gives them. */
function substationMatch(compiler: ExpressionCompiler, match: { name: ValueExpression; area?: ValueExpression; voltageKv?: ValueExpression }): string {
  const conditions = [`${normalisedSubstationName('s.name')} = ${normalisedSubstationName(compiler.compile(match.name))}`];
  if (match.area) {
    // Each of a comma-separated list: a voivodeship or powiat TERYT the substation's gmina lies in,
    // or a powiat's name (`poznański`, `powiat poznański`, `Poznań`).
    // Cast, so that `= ANY(...)` reads it as one array rather than as a subquery of rows.
    const areas = `(SELECT array_agg(lower(regexp_replace(btrim(a), '^powiat\\s+', '', 'i'))) FROM unnest(string_to_array(${compiler.compile(match.area)}, ',')) AS a)::text[]`;
    conditions.push(
      `(${areas} IS NULL OR left(s.teryt, 2) = ANY(${areas}) OR left(s.teryt, 4) = ANY(${areas})
        OR left(s.teryt, 4) IN (SELECT b.id FROM layer_pub.admin_bounds b WHERE b.kind = 'powiat' AND lower(b.name) = ANY(${areas})))`,
    );
  }
  if (match.voltageKv) {
    const voltage = compiler.compile(match.voltageKv);
    conditions.push(
      `(${voltage} IS NULL OR NOT ${voltage} ~ ${NUMBER} OR trim_scale(replace(${voltage}, ',', '.')::numeric)::text = ANY(string_to_array(s.voltages::text, '/')))`,
    );
  }
  return conditions.join(' AND ');
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class ExpressionCompiler {
  readonly params: unknown[] = [];
  readonly missing = new Set<string>();

  constructor(private readonly columns: Map<string, string>) {}

  compile(expression: ValueExpression): string {
    if ('field' in expression) return this.column(expression.field, expression.optional);
    if ('constant' in expression) return expression.constant === null ? 'NULL::text' : this.param(String(expression.constant));
    if ('codes' in expression) {
      const raw = typeof expression.codes === 'string' ? this.column(expression.codes, expression.optional) : this.compile(expression.codes);
      const code = expression.lastSegment ? `regexp_replace(${raw}, '^.*[/#]', '')` : raw;
      // An unknown code is kept as it is, so validation names it instead of a silent null.
      const otherwise = expression.otherwise ? this.compile(expression.otherwise) : code;
      return `COALESCE(${this.param(JSON.stringify(expression.table))}::jsonb ->> ${code}, ${otherwise})`;
    }
    if ('rules' in expression) {
      const input = this.compile(expression.rules);
      const cases = expression.match.map(([pattern, value]) => `WHEN ${input} ~ ${this.param(pattern)} THEN ${this.param(value)}`);
      return `CASE ${cases.join(' ')} ELSE ${expression.otherwise ? this.compile(expression.otherwise) : input} END`;
    }
    if ('numbers' in expression) return this.numbers(expression);
    if ('bands' in expression) {
      const value = this.compile(expression.bands);
      const bands = [...expression.from].sort((a, b) => b[0] - a[0]);
      const cases = bands.map(([threshold, label]) => `WHEN replace(b.x, ',', '.')::numeric >= ${this.param(threshold)}::numeric THEN ${this.param(label)}`);
      // The value once, in a subquery: it may itself be a subquery (OSM's numbers).
      return `(SELECT CASE WHEN b.x ~ ${NUMBER} THEN CASE ${cases.join(' ')} END END FROM (SELECT ${value} AS x) b)`;
    }
    if ('join' in expression) {
      return `NULLIF(concat_ws(${this.param(expression.separator)}, ${expression.join.map((part) => this.compile(part)).join(', ')}), '')`;
    }
    if ('replace' in expression) return `regexp_replace(${this.compile(expression.replace)}, ${this.param(expression.pattern)}, ${this.param(expression.with)}, 'g')`;
    if ('extract' in expression) return `NULLIF(substring(${this.compile(expression.extract)} from ${this.param(expression.pattern)}), '')`;
    if ('osmElement' in expression) {
      const id = this.column('osm_id');
      const wayOfArea = this.column('osm_way_id', true);
      const element = `CASE r.${SOURCE_LAYER} WHEN 'points' THEN 'node/' || ${id} WHEN 'lines' THEN 'way/' || ${id}
                        WHEN 'multipolygons' THEN COALESCE('way/' || ${wayOfArea}, 'relation/' || ${id}) ELSE 'relation/' || ${id} END`;
      return expression.prefix ? `${this.param(expression.prefix)} || ${element}` : element;
    }
    if ('capture' in expression) return `substring(${this.column(expression.capture)} from ${this.param(expression.pattern)})`;
    if ('slice' in expression) return `NULLIF(substr(${this.column(expression.slice)}, ${Number(expression.from)}, ${Number(expression.length)}), '')`;
    if ('template' in expression) return this.template(expression.template);
    // GDAL writes a GeoPackage DateTime as text with slashes (2024/10/02 00:00:00+02), GML keeps ISO dashes.
    if ('date' in expression) return `translate(substring(${this.column(expression.date, expression.optional)} from 1 for 10), '/', '-')`;
    if ('scaled' in expression) {
      const value = this.column(expression.scaled, expression.optional);
      return `CASE WHEN ${value} ~ ${NUMBER} THEN (replace(${value}, ',', '.')::numeric * ${this.param(expression.factor)}::numeric)::text ELSE ${value} END`;
    }
    if ('ratio' in expression) {
      const [top, bottom] = expression.ratio.map((part) => this.compile(part));
      return `CASE WHEN ${top} ~ ${NUMBER} AND ${bottom} ~ ${NUMBER} AND replace(${bottom}, ',', '.')::numeric > 0
                   THEN round(replace(${top}, ',', '.')::numeric / replace(${bottom}, ',', '.')::numeric, 2)::text END`;
    }
    if ('firstOf' in expression) return `COALESCE(${expression.firstOf.map((part) => this.compile(part)).join(', ')})`;
    if ('geometryArea' in expression) return `round(ST_Area(r.geom)::numeric, 1)::text`;
    if ('terytParent' in expression) {
      const code = this.column(expression.terytParent);
      return `CASE WHEN ${code} ~ '^[0-9]{7}$' THEN substr(${code}, 1, 4) WHEN ${code} ~ '^[0-9]{4}$' THEN substr(${code}, 1, 2) END`;
    }
    const unit = this.column(expression.gminaFromUnitId);
    const type = `substr(${unit}, 8, 1)`;
    return `CASE WHEN ${unit} ~ '^[0-9]{6}_[0-9]' THEN substr(${unit}, 1, 6) ||
              CASE WHEN ${type} IN ('4', '5') THEN '3' WHEN ${type} IN ('8', '9') THEN '1' ELSE ${type} END END`;
  }

  /**
   * OSM's `;`-separated values as numbers: each value's number times its unit's factor (or the
   * plain factor when it has no unit); values that are no number, or of another unit, are skipped.
   */
  private numbers(expression: Extract<ValueExpression, { numbers: unknown }>): string {
    const input = this.compile(expression.numbers);
    const factor = this.param(expression.factor ?? 1);
    const units = this.param(JSON.stringify(expression.units ?? {}));
    const values = `SELECT COALESCE((${units}::jsonb ->> lower(m[2]))::numeric, CASE WHEN m[2] = '' THEN ${factor}::numeric END) * replace(m[1], ',', '.')::numeric AS v
                      FROM regexp_split_to_table(${input}, '\\s*;\\s*') AS part, regexp_match(part, '^\\s*([0-9]+(?:[.,][0-9]+)?)\\s*([A-Za-z]*)\\s*$') AS m
                     WHERE m IS NOT NULL`;
    if (expression.pick === 'list') {
      return `(SELECT string_agg(trim_scale(v)::text, '/' ORDER BY v DESC) FROM (SELECT DISTINCT v FROM (${values}) n WHERE v IS NOT NULL) d)`;
    }
    return `(SELECT trim_scale(${expression.pick}(v))::text FROM (${values}) n)`;
  }

  /** The trimmed text of a column, null when empty; a list (GML multi-valued property) joined with commas. */
  private column(name: string, optional = false): string {
    const type = this.columns.get(name);
    if (type === undefined) {
      if (!optional) this.missing.add(name);
      return 'NULL::text';
    }
    const text = type === 'ARRAY' ? `array_to_string(r.${quoteIdentifier(name)}, ',')` : `r.${quoteIdentifier(name)}::text`;
    return `NULLIF(btrim(${text}), '')`;
  }

  private template(template: string): string {
    const parts = template.split(/(\{[^{}]+\})/).filter((part) => part !== '');
    const values = parts.map((part) => (/^\{[^{}]+\}$/.test(part) ? { sql: this.column(part.slice(1, -1)), column: true } : { sql: this.param(part), column: false }));
    const columns = values.filter((value) => value.column).map((value) => `${value.sql} IS NULL`);
    return `CASE WHEN ${columns.join(' OR ')} THEN NULL ELSE concat(${values.map((value) => value.sql).join(', ')}) END`;
  }

  private param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}::text`;
  }
}
