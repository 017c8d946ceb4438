import type { Criterion } from '../criteria.js';
import { TARGET_LAYERS } from '../target-layers.js';
import { gapOk, isMeaning, mark, type QuantityAtom, type Reading } from './reading.js';

type Dimension = QuantityAtom['quantity']['dimension'];
type LoneReader = (reading: Reading, atom: QuantityAtom, source: string) => void;

/**
 * Quantities no target took, read by what they measure: an area is the parcel's, megawatts are grid
 * capacity, a percentage is slope, kilovolts a substation; then voltage words standing alone
 * ("średnie napięcie": MV lines near, "wysokie napięcie": a substation of that voltage).
 */
export function readLoneQuantities(reading: Reading): void {
  for (const atom of reading.quantities) {
    if (reading.used.has(atom)) continue;
    mark(reading, atom.start, atom.end);
    const read = LONE[atom.quantity.dimension];
    if (!read) continue;
    reading.used.add(atom);
    read(reading, atom, reading.text(atom.start, atom.end));
  }
  readLoneVoltageWords(reading);
}

const LONE: Partial<Record<Dimension, LoneReader>> = {
  area: (reading, atom, source) => reading.criteria.push(areaCriterion(reading, atom, source)),
  power: ({ criteria, notes }, { quantity: q }, source) => {
    const mw = q.min ?? q.value;
    criteria.push({ type: 'near', target: 'grid_capacity', layer: 'grid_capacity', withinM: TARGET_LAYERS.grid_capacity.withinM, explicit: false, where: { available_mw_gte: mw }, text: source });
    notes.push({ id: 'power_as_capacity', text: source, mw });
  },
  percent: ({ criteria, notes }, { quantity: q }, source) => {
    if (q.comparator === 'min') {
      notes.push({ id: 'min_slope', text: source });
      return;
    }
    criteria.push({ type: 'slope', max: q.max ?? q.value, explicit: true, text: source });
    notes.push({ id: 'percent_as_slope', text: source, pct: q.max ?? q.value });
  },
  voltage: ({ criteria, notes }, { quantity: q }, source) => {
    const substation = TARGET_LAYERS.substation;
    criteria.push({ type: 'near', target: 'substation', layer: substation.layer, withinM: substation.withinM, explicit: false, where: { voltage_kv_gte: q.value }, text: source });
    notes.push({ id: 'default_substation', km: substation.withinM / 1000, kv: q.value });
  },
  // "at least 1100 kWh/kWp": the yield of the PV grid cell the parcel lies on (a number replaces the scenario's)
  solar_yield: ({ criteria, notes }, { quantity: q }, source) => {
    if (q.comparator === 'max') {
      notes.push({ id: 'max_yield', text: source });
      return;
    }
    criteria.push({ type: 'near', target: 'solar_yield', layer: 'solar_irradiance', withinM: 0, explicit: true, where: { yield_kwh_kwp_gte: q.min ?? q.value }, text: source });
  },
  price: ({ criteria, notes }, { quantity: q }, source) => {
    // a price for the whole parcel ("do 200 tys. zł") bounds its estimate; a price per m² has no filter (ranked cheapest gmina first)
    const bounds = PER_AREA.test(source) ? undefined : priceBounds(q);
    if (bounds) {
      criteria.push({ type: 'price_estimate', ...bounds, text: source });
      notes.push({ id: 'price_estimate', text: source });
      return;
    }
    criteria.push({ type: 'rank', signal: 'price_per_sqm_pln', weight: 50, reason: 'price_limit', text: source });
    notes.push({ id: 'price_limit', text: source });
  },
  // "20 km od Poznania": a circle around a place is no region a search takes
  distance: (reading, atom, source) => {
    const next = reading.atoms[reading.atoms.indexOf(atom) + 1];
    if (next?.kind === 'place' && gapOk(reading, atom.end, next.start)) reading.notes.push({ id: 'distance_from_place', text: reading.text(atom.start, next.end) });
    else reading.notes.push({ id: 'distance_without_target', text: source });
  },
};

/** Words that make a price one per square metre ("50 zł/m²", "100 PLN per sqm"). */
const PER_AREA = /(m2|m²|m\s*2|mkw|m\s*kw|metr|sqm|sq\s*m|square)/i;

/** A whole-parcel price as estimate bounds; a bare or "about" price says no bound (ranked instead). */
function priceBounds(q: QuantityAtom['quantity']): { min?: number; max?: number } | undefined {
  if (q.comparator === 'max') return { max: q.max ?? q.value };
  if (q.comparator === 'min') return { min: q.min ?? q.value };
  if (q.comparator === 'range') return { min: q.min!, max: q.max! };
  return undefined;
}

/** "co najmniej 2 ha", "około 1000 m²" (±20 %, stated), "1–3 ha", a bare area as a minimum (stated). */
function areaCriterion(reading: Reading, { quantity: q }: QuantityAtom, source: string): Criterion {
  const criterion: Criterion = { type: 'area', reading: q.comparator, text: source };
  if (q.comparator === 'about') {
    criterion.min = Math.round(q.value * 0.8);
    criterion.max = Math.round(q.value * 1.2);
    reading.notes.push({ id: 'about_area', text: source, min: criterion.min, max: criterion.max });
  } else if (q.comparator === 'max') {
    criterion.max = q.value;
  } else if (q.comparator === 'range') {
    criterion.min = q.min!;
    criterion.max = q.max!;
  } else {
    criterion.min = q.value;
    if (q.comparator === 'bare') reading.notes.push({ id: 'bare_area', text: source, sqm: q.value });
  }
  return criterion;
}

function readLoneVoltageWords(reading: Reading): void {
  for (const atom of reading.atoms) {
    if (!isMeaning(atom, 'voltage') || reading.used.has(atom)) continue;
    reading.used.add(atom);
    mark(reading, atom.start, atom.end);
    const source = reading.text(atom.start, atom.end);
    if (atom.meaning.level === 'mv') {
      const line = TARGET_LAYERS.power_line;
      reading.criteria.push({ type: 'near', target: 'power_line', layer: 'power_lines', withinM: line.withinM, explicit: false, kinds: ['mv_line', 'mv_cable'], text: source });
      reading.notes.push({ id: 'default_distance', text: source, m: line.withinM });
    } else {
      const substation = TARGET_LAYERS.substation;
      reading.criteria.push({ type: 'near', target: 'substation', layer: 'power_substations', withinM: substation.withinM, explicit: false, where: { voltage_kv_gte: atom.meaning.kv }, text: source });
      reading.notes.push({ id: 'default_substation', km: substation.withinM / 1000, kv: atom.meaning.kv });
    }
  }
}
