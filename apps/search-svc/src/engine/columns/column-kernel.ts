import type { Expr } from './column-expr.js';
import type { ColumnKind } from './column-catalogue.js';
import { NUMBER_READ, type CodedNumbers } from './column-coded.js';
import { FRONT_TEST_SOURCE, type FrontValues } from './column-front.js';
import { SPARSE_READ_SOURCE, type SparseNumbers } from './column-sparse.js';

/**
 * One gmina's column summarised (a zone map): for a number column the least and greatest value of
 * its rows (nulls left out; none: `min` Infinity, `max` -Infinity), for a front the least distance
 * and the greatest value of any of its steps. A bound may be looser than the rows (a coded column's
 * dictionary may hold a value no row has left), never tighter: the kernel skips a gmina only where
 * the bounds prove that no row can match.
 */
export interface ColumnZone {
  min: number;
  max: number;
}

/** One gmina's columns as the kernel reads them. */
export type ColumnArray = Float64Array | CodedNumbers | SparseNumbers | Uint16Array | Uint8Array | FrontValues;

/** How the kernel resolves what an expression names. */
export interface KernelContext {
  kindOf(column: string): ColumnKind;
  /** The code of a text value in a code column (undefined: no row has it). */
  codeOf(column: string, value: string): number | undefined;
  /** The number of codes a code or set column has (0 included). */
  codeCount(column: string): number;
  /** The elements of a set column's code (null for code 0). */
  setOf(column: string, code: number): ReadonlySet<string> | null;
}

/**
 * Fills `out` with the positions of one gmina's rows whose predicate is true and returns how many.
 * `columns` in the order of `Kernel.columns`, `gminaFlags` in the order of `Kernel.gminaSets`
 * (1 where the gmina is in that set).
 */
export type KernelFn = (columns: readonly ColumnArray[], gminaFlags: Uint8Array, size: number, out: Int32Array) => number;

/**
 * Whether some row of a gmina may match, from its columns' zones (in the order of `Kernel.columns`;
 * column-zones.ts) and its flags: false only where no row can, so the gmina is skipped unread.
 */
export type PossibleFn = (zones: readonly ColumnZone[], gminaFlags: Uint8Array) => boolean;

export interface Kernel {
  run: KernelFn;
  possible: PossibleFn;
  /** The columns the kernel reads, in the order it takes them. */
  columns: string[];
  /** The gmina sets it tests, in the order it takes their flags. */
  gminaSets: ReadonlySet<string>[];
}

/**
 * Compiles a predicate into one loop over a gmina's rows (a function built from source, so the
 * loop has no closure call per row: a few nanoseconds a row and criterion). SQL's three-valued
 * logic is kept by writing, for every expression, when it is true and when it is false (null is
 * neither): a row is selected where the whole predicate is true, `NOT x` is true where x is false,
 * and a comparison with NaN (null) is neither in JavaScript as in SQL. The source holds only column
 * positions, lookup-table positions and numbers checked to be finite: no value of a request
 * reaches it as text.
 */
export function compileKernel(expr: Expr, context: KernelContext): Kernel {
  const columns: string[] = [];
  const tables: Uint8Array[] = [];
  const gminaSets: ReadonlySet<string>[] = [];
  const columnIndex = (name: string): number => {
    const index = columns.indexOf(name);
    return index < 0 ? columns.push(name) - 1 : index;
  };
  const columnRef = (name: string): string => `c${columnIndex(name)}`;
  const gminaIndex = new Map<ReadonlySet<string>, number>();
  /** The flag of a gmina set: one per set, shared by the loop and the zone test. */
  const gminaFlag = (teryts: ReadonlySet<string>): string => {
    let index = gminaIndex.get(teryts);
    if (index === undefined) gminaIndex.set(teryts, (index = gminaSets.push(teryts) - 1));
    return `g[${index}]`;
  };
  /** Row i's value (a sparse column's through its helper, NaN where null as in a dense one; a number column's dense or coded). */
  const column = (name: string): string => {
    const kind = context.kindOf(name);
    if (kind === 'sparse') return `sparse(${columnRef(name)}, i)`;
    return kind === 'number' ? NUMBER_READ.read(columnRef(name), 'i') : `${columnRef(name)}[i]`;
  };
  const number = (value: number): string => {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return `(${String(value)})`;
  };
  /** A lookup by code (0: null, never a member) into a new table: true where `member(code)`. */
  const lookup = (name: string, member: (code: number) => boolean): string => {
    const table = new Uint8Array(Math.max(context.codeCount(name), 1));
    for (let code = 1; code < table.length; code++) table[code] = member(code) ? 1 : 0;
    return `t${tables.push(table) - 1}[${column(name)}]`;
  };
  const NEGATED = { '<=': '>', '>=': '<', '<': '>=', '>': '<=', '=': '!==' } as const;

  /** JavaScript that holds exactly where the expression is true (`when` true) or false (`when` false). */
  const emit = (e: Expr, when: boolean): string => {
    switch (e.op) {
      case 'const':
        return e.value === null ? 'false' : String(e.value === when);
      case 'cmp': {
        const value = column(e.column);
        // NaN compares false every way but !==, so a null value is neither true nor false
        if (when) return `${value} ${e.cmp === '=' ? '===' : e.cmp} ${number(e.value)}`;
        return e.cmp === '=' ? `(${value} === ${value} && ${value} !== ${number(e.value)})` : `${value} ${NEGATED[e.cmp]} ${number(e.value)}`;
      }
      case 'isNull': {
        const kind = context.kindOf(e.column);
        const value = column(e.column);
        const isNull = kind === 'sparse' ? `!present(${columnRef(e.column)}, i)` : kind === 'number' ? `${value} !== ${value}` : `${value} === 0`;
        return when ? `(${isNull})` : `!(${isNull})`;
      }
      case 'bool':
        return `${column(e.column)} === ${when ? 2 : 1}`;
      case 'in': {
        const wanted = new Set(e.values.map((v) => context.codeOf(e.column, v)).filter((c): c is number => c !== undefined));
        return `${lookup(e.column, (code) => wanted.has(code) === when)} === 1`;
      }
      case 'overlaps': {
        const wanted = new Set(e.values);
        return `${lookup(e.column, (code) => [...(context.setOf(e.column, code) ?? [])].some((x) => wanted.has(x)) === when)} === 1`;
      }
      case 'front': {
        const test = `front(${columnRef(e.column)}, i, ${number(e.within)}, ${number(e.atLeast)})`;
        return when ? test : `!${test}`;
      }
      case 'gmina':
        return `${gminaFlag(e.teryts)} === ${when ? 1 : 0}`;
      case 'and':
      case 'or':
      case 'not':
        return connective(e, when, emit);
      case 'coalesce': {
        // where the argument is null, the fallback decides
        if (e.fallback !== when) return emit(e.arg, when);
        return `(${emit(e.arg, when)} || !(${emit(e.arg, true)} || ${emit(e.arg, false)}))`;
      }
    }
  };

  /**
   * JavaScript over the gmina's zones and flags that is false only where no row can make the
   * expression true (`when` true) or false (`when` false); `true` where the zones cannot tell.
   */
  const mayBe = (e: Expr, when: boolean): string => {
    switch (e.op) {
      case 'const':
      case 'gmina':
        // the same for every row of a gmina: exact
        return emit(e, when);
      case 'cmp': {
        const kind = context.kindOf(e.column);
        if (kind !== 'number' && kind !== 'sparse') return 'true';
        const z = `z[${columnIndex(e.column)}]`;
        const v = number(e.value);
        // a null row is neither true nor false, and a zone leaves nulls out
        if (e.cmp === '=') return when ? `(${z}.min <= ${v} && ${z}.max >= ${v})` : `!(${z}.min === ${v} && ${z}.max === ${v})`;
        const op = when ? e.cmp : NEGATED[e.cmp];
        return op === '>=' || op === '>' ? `${z}.max ${op} ${v}` : `${z}.min ${op} ${v}`;
      }
      case 'front': {
        const z = `z[${columnIndex(e.column)}]`;
        return when ? `(${z}.min <= ${number(e.within)} && ${z}.max >= ${number(e.atLeast)})` : 'true';
      }
      case 'and':
      case 'or':
      case 'not':
        return connective(e, when, mayBe);
      case 'coalesce':
        // a row whose argument is null takes the fallback, which the zones cannot rule out
        return e.fallback === when ? 'true' : mayBe(e.arg, when);
      default:
        return 'true';
    }
  };

  const body = emit(cheapestFirst(expr, context), true);
  const possible = new Function('z', 'g', `"use strict"; return ${mayBe(expr, true)};`) as PossibleFn;
  const source = `
    "use strict";
    ${FRONT_TEST_SOURCE}
    ${SPARSE_READ_SOURCE}
    return function kernel(columns, g, size, out) {
      ${columns.map((name, k) => `const c${k} = columns[${k}];${context.kindOf(name) === 'number' ? ` ${NUMBER_READ.declare(`c${k}`)}` : ''}`).join('\n')}
      ${tables.map((_, k) => `const t${k} = tables[${k}];`).join('\n')}
      let count = 0;
      for (let i = 0; i < size; i++) {
        if (${body}) out[count++] = i;
      }
      return count;
    };`;
  const run = new Function('tables', source)(tables) as KernelFn;
  return { run, possible, columns, gminaSets };
}

/**
 * AND, OR and NOT written for `when`, each argument by `write`: with SQL's three-valued logic an AND
 * is true where every argument is true and false where any is false, an OR the reverse, and NOT
 * swaps true and false. The row loop and the zone test translate the connectives alike.
 */
function connective(e: Extract<Expr, { op: 'and' | 'or' | 'not' }>, when: boolean, write: (arg: Expr, when: boolean) => string): string {
  if (e.op === 'not') return write(e.arg, !when);
  return `(${e.args.map((arg) => write(arg, when)).join((e.op === 'and') === when ? ' && ' : ' || ')})`;
}

/**
 * The expression with the arguments of every AND and OR in order of their cost a row, cheapest
 * first: the loop's `&&` and `||` stop at the first argument that decides, so a comparison of a
 * dense column settles most rows before a sparse read or a front's loop runs. SQL's AND and OR
 * commute and the kernel's tests have no side effects: the rows selected are the same.
 */
export function cheapestFirst(expr: Expr, context: Pick<KernelContext, 'kindOf'>): Expr {
  switch (expr.op) {
    case 'and':
    case 'or': {
      const args = expr.args.map((arg) => cheapestFirst(arg, context));
      const costs = new Map(args.map((arg) => [arg, rowCost(arg, context)]));
      return { op: expr.op, args: [...args].sort((a, b) => costs.get(a)! - costs.get(b)!) };
    }
    case 'not':
      return { op: 'not', arg: cheapestFirst(expr.arg, context) };
    case 'coalesce':
      return { ...expr, arg: cheapestFirst(expr.arg, context) };
    default:
      return expr;
  }
}

/** A rough cost of testing an expression on one row: a read of a dense column is 1. */
function rowCost(expr: Expr, context: Pick<KernelContext, 'kindOf'>): number {
  const read = (column: string): number => (context.kindOf(column) === 'sparse' ? 4 : 1);
  switch (expr.op) {
    case 'const':
    case 'gmina':
      return 0;
    case 'cmp':
    case 'isNull':
    case 'bool':
      return read(expr.column);
    case 'in':
    case 'overlaps':
      return read(expr.column) + 1;
    case 'front':
      // a loop over the row's steps, two arrays read a step
      return 12;
    case 'and':
    case 'or':
      return expr.args.reduce((sum, arg) => sum + rowCost(arg, context), 0);
    case 'not':
      return rowCost(expr.arg, context);
    case 'coalesce':
      // emitted up to three times where the fallback decides a null
      return 3 * rowCost(expr.arg, context);
  }
}
