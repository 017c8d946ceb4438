import type { Atom } from '../atoms.js';
import { isMeaning, mark, previousAtom, type Reading } from './reading.js';

const PUBLIC_LAND = 'public_land_opportunity';

/**
 * Asset types, the whole country, result counts ("5 działek") and what cannot be searched; then
 * state-owned land, the scenario when nothing else is asked for and otherwise a criterion.
 * Returns the asset types that stand as scenarios, in order.
 */
export function readAssets(reading: Reading): Array<{ scenario: string; text: string }> {
  for (const atom of reading.atoms) readAssetAtom(reading, atom);
  const publicAssets = reading.assets.filter((asset) => asset.scenario === PUBLIC_LAND);
  const otherAssets = reading.assets.filter((asset) => asset.scenario !== PUBLIC_LAND);
  if (otherAssets.length > 0) {
    for (const asset of publicAssets) {
      reading.criteria.push({ type: 'near', target: 'state_land', layer: 'kowr_land', withinM: 0, explicit: true, text: asset.text });
      reading.notes.push({ id: 'state_land_criterion', text: asset.text });
    }
  }
  for (const target of reading.targets) {
    if (target.meaning.target !== 'state_land') continue;
    reading.criteria.push({ type: 'near', target: 'state_land', layer: 'kowr_land', withinM: 0, explicit: true, text: reading.text(target.start, target.end) });
  }
  return otherAssets.length > 0 ? otherAssets : publicAssets.slice(0, 1);
}

function readAssetAtom(reading: Reading, atom: Atom): void {
  const take = (): void => {
    reading.used.add(atom);
    mark(reading, atom.start, atom.end);
  };
  if (isMeaning(atom, 'asset')) {
    take();
    reading.assets.push({ scenario: atom.meaning.scenario, text: reading.text(atom.start, atom.end) });
  } else if (isMeaning(atom, 'country')) {
    take();
    reading.wholeCountry = true;
  } else if (isMeaning(atom, 'unsupported')) {
    take();
    reading.notes.push({ id: 'unsupported', what: atom.meaning.what, text: reading.text(atom.start, atom.end) });
  } else if (isMeaning(atom, 'count_noun')) {
    const number = previousAtom(reading, atom);
    if (number?.kind === 'number' && Number.isInteger(number.value) && number.value >= 1 && number.end === atom.start) {
      reading.used.add(atom);
      reading.used.add(number);
      mark(reading, number.start, atom.end);
      reading.criteria.push({ type: 'limit', value: number.value, text: reading.text(number.start, atom.end) });
    }
  }
}
