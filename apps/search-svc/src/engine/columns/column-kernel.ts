import type { Expr } from './column-expr.js';
import type { ColumnKind } from './column-catalogue.js';

/** One gmina's columns as the kernel reads them. */
export type ColumnArray = Float64Array | Uint16Array | Uint8Array;

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

export interface Kernel {
  run: KernelFn;
  /** The columns the kernel reads, in the order it takes them. */
  columns: string[];
  /** The gmina sets it tests, in the order it takes their flags. */
  gminaSets: ReadonlySet<string>[];
}

const TRUE = 1;
const FALSE = 0;
const NULL = 2;

/**
 * Compiles a predicate into one loop over a gmina's rows (a function built from source, so the
 * loop has no closure call per row: about 1 to 3 ns a row and criterion). The source holds only
 * column positions, lookup-table positions and numbers checked to be finite: no value of a
 * request reaches it as text. Truth values are 1 true, 0 false, 2 null, as SQL's.
 */
export function compileKernel(expr: Expr, context: KernelContext): Kernel {
  const columns: string[] = [];
  const tables: Uint8Array[] = [];
  const gminaSets: ReadonlySet<string>[] = [];
  let temps = 0;
  const columnRef = (name: string): string => {
    let index = columns.indexOf(name);
    if (index < 0) index = columns.push(name) - 1;
    return `c${index}[i]`;
  };
  const temp = (): string => `x${temps++}`;
  const number = (value: number): string => {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return `(${String(value)})`;
  };
  const table = (lookup: Uint8Array): string => `t${tables.push(lookup) - 1}`;

  const emit = (e: Expr): string => {
    switch (e.op) {
      case 'const':
        return String(e.value === null ? NULL : e.value ? TRUE : FALSE);
      case 'cmp': {
        const x = temp();
        const op = e.cmp === '=' ? '===' : e.cmp;
        return `((${x} = ${columnRef(e.column)}) !== ${x} ? ${NULL} : (${x} ${op} ${number(e.value)} ? ${TRUE} : ${FALSE}))`;
      }
      case 'isNull':
        return context.kindOf(e.column) === 'number' ? `(${columnRef(e.column)} !== ${columnRef(e.column)} ? ${TRUE} : ${FALSE})` : `(${columnRef(e.column)} === 0 ? ${TRUE} : ${FALSE})`;
      case 'bool': {
        const x = temp();
        return `((${x} = ${columnRef(e.column)}) === 0 ? ${NULL} : ${x} - 1)`;
      }
      case 'in': {
        const lookup = new Uint8Array(Math.max(context.codeCount(e.column), 1));
        for (const value of e.values) {
          const code = context.codeOf(e.column, value);
          if (code !== undefined) lookup[code] = 1;
        }
        const x = temp();
        return `((${x} = ${columnRef(e.column)}) === 0 ? ${NULL} : ${table(lookup)}[${x}])`;
      }
      case 'overlaps': {
        const wanted = new Set(e.values);
        const lookup = new Uint8Array(Math.max(context.codeCount(e.column), 1));
        for (let code = 1; code < lookup.length; code++) {
          const elements = context.setOf(e.column, code);
          lookup[code] = elements !== null && [...elements].some((element) => wanted.has(element)) ? 1 : 0;
        }
        const x = temp();
        return `((${x} = ${columnRef(e.column)}) === 0 ? ${NULL} : ${table(lookup)}[${x}])`;
      }
      case 'gmina':
        return `g[${gminaSets.push(e.teryts) - 1}]`;
      case 'and':
        return e.args.map(emit).reduce((a, b) => `and3(${a}, ${b})`);
      case 'or':
        return e.args.map(emit).reduce((a, b) => `or3(${a}, ${b})`);
      case 'not': {
        const x = temp();
        return `((${x} = ${emit(e.arg)}) === ${NULL} ? ${NULL} : ${TRUE} - ${x})`;
      }
      case 'coalesce': {
        const x = temp();
        return `((${x} = ${emit(e.arg)}) === ${NULL} ? ${e.fallback ? TRUE : FALSE} : ${x})`;
      }
    }
  };

  const body = emit(expr);
  const source = `
    "use strict";
    const and3 = (a, b) => (a === 0 || b === 0 ? 0 : a === 2 || b === 2 ? 2 : 1);
    const or3 = (a, b) => (a === 1 || b === 1 ? 1 : a === 2 || b === 2 ? 2 : 0);
    return function kernel(columns, g, size, out) {
      ${columns.map((_, k) => `const c${k} = columns[${k}];`).join('\n')}
      ${tables.map((_, k) => `const t${k} = tables[${k}];`).join('\n')}
      ${Array.from({ length: temps }, (_, k) => `let x${k};`).join(' ')}
      let count = 0;
      for (let i = 0; i < size; i++) {
        if (${body} === ${TRUE}) out[count++] = i;
      }
      return count;
    };`;
  const run = new Function('tables', source)(tables) as KernelFn;
  return { run, columns, gminaSets };
}
