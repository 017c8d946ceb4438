import type { StageColumn } from '../../storage/layer-storage.repository.js';
import type { SourceProfile, ValueExpression } from './source-profile.js';

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
  const geometry =
    typeof map.geometry === 'object'
      ? `(SELECT ST_PointOnSurface(p.geom) FROM layer_pub.parcels p WHERE p.id = ${compiler.compile(map.geometry.parcelPoint)} LIMIT 1)`
      : map.geometry === 'pointOnSurface'
        ? 'ST_PointOnSurface(r.geom)'
        : 'r.geom';
  const select = outputs.map(([name, sql]) => `${sql} AS ${quoteIdentifier(name)}`).join(',\n       ');
  const kept = map.exclude.map((rule) => `NOT COALESCE(${compiler.compile(rule.value)} ~ ${compiler.compile({ constant: rule.matches })}, false)`);
  return {
    sql: `SELECT ${select},\n       ${geometry} AS geom\n  FROM layer_stage.${rawTable} r${kept.length > 0 ? `\n WHERE ${kept.join(' AND ')}` : ''}`,
    params: compiler.params,
    missing: [...compiler.missing].sort(),
  };
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
      return `COALESCE(${this.param(JSON.stringify(expression.table))}::jsonb ->> ${code}, ${code})`;
    }
    if ('rules' in expression) {
      const input = this.compile(expression.rules);
      const cases = expression.match.map(([pattern, value]) => `WHEN ${input} ~ ${this.param(pattern)} THEN ${this.param(value)}`);
      return `CASE ${cases.join(' ')} ELSE ${input} END`;
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
