import { CodedNumbers } from './column-coded.js';
import { FrontValues } from './column-front.js';
import type { ColumnArray, ColumnZone } from './column-kernel.js';
import { SparseNumbers } from './column-sparse.js';

export type { ColumnZone } from './column-kernel.js';

/** No bound at all: for columns that are not numbers (codes, sets, flags). */
const UNBOUNDED: ColumnZone = { min: -Infinity, max: Infinity };

/** Computed once per column array (a chunk's arrays never change: a reload makes new ones). */
const zones = new WeakMap<ColumnArray, ColumnZone>();

/** The zone of one gmina's column. */
export function zoneOf(column: ColumnArray): ColumnZone {
  let zone = zones.get(column);
  if (!zone) {
    zone = computeZone(column);
    zones.set(column, zone);
  }
  return zone;
}

function computeZone(column: ColumnArray): ColumnZone {
  if (column instanceof Float64Array) return bounds(column);
  if (column instanceof CodedNumbers) return bounds(column.values);
  if (column instanceof SparseNumbers) return bounds(column.values);
  if (column instanceof FrontValues) return { min: column.nearestStepM, max: bounds(column.values).max };
  return UNBOUNDED;
}

/** The least and greatest of the values, NaN (null) left out. */
function bounds(values: Float64Array): ColumnZone {
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < values.length; k++) {
    const value = values[k]!;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}
