import type { SignalPlan } from '../signal-sql.js';
import { NUMBER_READ } from './column-coded.js';
import { SPARSE_READ_SOURCE, SparseNumbers, type NumberColumn } from './column-sparse.js';
import type { ColumnZone } from './column-zones.js';

/**
 * A float8 score sum closer than this to a rounding boundary (x.xx5) may round either way: in
 * PostgreSQL the exact numeric score decides there (pageOrderSql uses 1e-6); twice that here covers
 * the last bits in which two float8 sums of the same terms can differ.
 */
export const BOUNDARY = 2e-6;
/** Score × 100 runs from 0 to 10,000. */
export const KEY_SLOTS = 10_002;

/** One signal as the score pass needs it: its column's scale and the range of its values over the matched rows. */
export interface ScoredSignal {
  plan: SignalPlan;
  scale: number | undefined;
  min: number | null;
  max: number | null;
  /** Its column is held sparsely (column-sparse.ts). */
  sparse: boolean;
}

/**
 * Per matched row (positions `rows[0..n)` into the gmina's `values`, one array per signal): its
 * score × 100 in float8 as pageOrderSql computes it, as a key: `low * 2 + uncertain`, where `low` is
 * the key it rounds to (or, within BOUNDARY of a rounding boundary, the lower of the two it may
 * round to, `uncertain` 1). Each key is counted in `histogram`. Returns the highest key any of the
 * rows may round to (`low + uncertain`; -1 for no rows), so a later pass can skip a gmina whose
 * rows all fall below the page.
 */
export type ScorePass = (rows: Int32Array, n: number, values: readonly NumberColumn[], histogram: Float64Array, code: Int32Array) => number;

function literal(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return `(${String(value)})`;
}

/**
 * Compiles the score of the matched rows into one loop (a function built from source, as the filter
 * kernel): each signal's scale, range, direction and weight become constants, so a row costs its
 * few arithmetic operations and no lookups. The operations are those of the plain rule, in the same
 * order and on the same float8 values (`String(x)` of a double reads back as the same double), so
 * the sums are bit for bit the plain ones. The source holds only numbers checked to be finite.
 */
export function compileScorePass(signals: readonly ScoredSignal[], rankedWeight: number): ScorePass {
  const lines: string[] = [];
  signals.forEach((signal, j) => {
    const { plan, scale, min, max } = signal;
    if (max === null || min === null) return; // position 0: adds nothing
    const points = literal(100 * 100 * plan.weight);
    lines.push(`{ const raw = ${signal.sparse ? `sparse(v${j}, row)` : NUMBER_READ.read(`v${j}`, 'row')}; const value = ${scale ? `raw / ${literal(scale)}` : 'raw'};`);
    if (max === min) {
      lines.push(`  if (value === value) sum += (1 * ${points}) / ${literal(rankedWeight)}; }`);
      return;
    }
    const span = literal(max - min);
    const position = plan.direction === 'higher' ? `(value - ${literal(min)}) / ${span}` : `(${literal(max)} - value) / ${span}`;
    lines.push(`  if (value === value) sum += (${position} * ${points}) / ${literal(rankedWeight)}; }`);
  });
  const source = `
    ${signals.some((s) => s.sparse) ? SPARSE_READ_SOURCE : ''}
    ${signals.map((signal, j) => `const v${j} = values[${j}];${signal.sparse ? '' : ` ${NUMBER_READ.declare(`v${j}`)}`}`).join('\n')}
    let top = -1;
    for (let k = 0; k < n; k++) {
      const row = rows[k];
      let sum = 0;
      ${lines.join('\n      ')}
      const uncertain = Math.abs(sum - Math.floor(sum) - 0.5) < ${literal(BOUNDARY)};
      const low = Math.min(${KEY_SLOTS - 2}, Math.max(0, uncertain ? Math.floor(sum) : Math.floor(sum + 0.5)));
      histogram[low]++;
      code[k] = low * 2 + (uncertain ? 1 : 0);
      if (low + (uncertain ? 1 : 0) > top) top = low + (uncertain ? 1 : 0);
    }
    return top;`;
  return new Function('rows', 'n', 'values', 'histogram', 'code', source) as ScorePass;
}

/**
 * The highest key any row of a gmina may round to, from its signal columns' zones (column-zones.ts,
 * in the order of `signals`): the score pass run on one made-up row holding each signal's best value
 * in the gmina (its greatest for `higher`, least for `lower`; none where the column has no value,
 * as such a row scores). Every step of the score is monotonic in each value (scaling, a difference
 * over the span, a product and a quotient by positive constants, a sum), and so is the key, so no
 * row scores above it. A best value beyond the matched range's good end is taken as none: then no
 * matched row of the gmina has a value (each lies in the range) and each adds nothing, where the
 * made-up row would add a negative term.
 */
export function scoreBound(pass: ScorePass, signals: readonly ScoredSignal[]): (zones: readonly ColumnZone[]) => number {
  const best = signals.map(() => new Float64Array(1));
  // a sparse column's one row: present, or absent where the value is null
  const values: NumberColumn[] = best.map((value, j) => (signals[j]!.sparse ? new SparseNumbers(1, Uint32Array.of(1), Uint32Array.of(0), value) : value));
  const row = Int32Array.of(0);
  const histogram = new Float64Array(KEY_SLOTS);
  const code = new Int32Array(1);
  return (zones) => {
    signals.forEach((signal, j) => {
      const zone = zones[j]!;
      const { min, max, scale } = signal;
      let value = zone.max === -Infinity ? Number.NaN : signal.plan.direction === 'higher' ? zone.max : zone.min;
      const scaled = scale ? value / scale : value;
      if (min !== null && max !== null && (signal.plan.direction === 'higher' ? scaled < min : scaled > max)) value = Number.NaN;
      best[j]![0] = value;
      if (signal.sparse) (values[j] as SparseNumbers).presence[0] = value === value ? 1 : 0;
    });
    return pass(row, 1, values, histogram, code);
  };
}
