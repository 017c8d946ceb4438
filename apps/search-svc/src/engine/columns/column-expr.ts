/**
 * A criterion of the search as a predicate over the in-memory columns of one gmina, with SQL's
 * three-valued logic: a null column value (NaN in a number column, code 0 in a code column) makes a
 * comparison null, `NOT null` is null, `AND`/`OR` follow SQL, and a row is matched only where the
 * whole WHERE is true. Each expression mirrors one predicate of filter-sql.ts; the engine's property
 * test holds them equal over generated requests.
 */
export type Expr =
  | { op: 'const'; value: boolean | null }
  /** A number column compared with a constant (null when the value is null). */
  | { op: 'cmp'; column: string; cmp: '<=' | '>=' | '<' | '>' | '='; value: number }
  | { op: 'isNull'; column: string }
  /** A code column (text) is one of the values (null when the value is null). */
  | { op: 'in'; column: string; values: readonly string[] }
  /** A boolean column's value. */
  | { op: 'bool'; column: string }
  /** A text-array column shares an element with the values (`&&`; null when the array is null). */
  | { op: 'overlaps'; column: string; values: readonly string[] }
  /** A step of a front column (index-columns.ts FrontColumn) within `within` metres offers at least `atLeast` (never null). */
  | { op: 'front'; column: string; within: number; atLeast: number }
  /** The row's gmina is one of these (a constant per gmina). */
  | { op: 'gmina'; teryts: ReadonlySet<string> }
  | { op: 'and'; args: Expr[] }
  | { op: 'or'; args: Expr[] }
  | { op: 'not'; arg: Expr }
  | { op: 'coalesce'; arg: Expr; fallback: boolean };

export const TRUE: Expr = { op: 'const', value: true };

export function and(...args: Expr[]): Expr {
  return args.length === 1 ? args[0]! : { op: 'and', args };
}

export function or(...args: Expr[]): Expr {
  return args.length === 1 ? args[0]! : { op: 'or', args };
}

export function not(arg: Expr): Expr {
  return { op: 'not', arg };
}

/** The columns an expression reads. */
export function columnsOf(expr: Expr, into: Set<string> = new Set()): Set<string> {
  switch (expr.op) {
    case 'cmp':
    case 'isNull':
    case 'in':
    case 'bool':
    case 'overlaps':
    case 'front':
      into.add(expr.column);
      break;
    case 'and':
    case 'or':
      expr.args.forEach((arg) => columnsOf(arg, into));
      break;
    case 'not':
    case 'coalesce':
      columnsOf(expr.arg, into);
      break;
    case 'const':
    case 'gmina':
      break;
  }
  return into;
}
