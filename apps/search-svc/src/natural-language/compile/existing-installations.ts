import type { TargetId } from '../lexicon/meanings.js';
import type { Atom } from './atoms.js';
import { MAX_GAP } from './reading/reading.js';

/**
 * The asset types whose existing installations a parcel can be near: wind, solar and biogas in
 * oze_installations, data centres in data_centers, warehouses and homes among the buildings.
 */
const INSTALLATION_OF: Readonly<Record<string, TargetId>> = {
  wind_farm_site: 'wind_installation',
  solar_farm_site: 'solar_installation',
  biogas_plant: 'biogas_installation',
  data_center_site: 'data_center',
  logistics_warehouse: 'warehouse_building',
  // "co najmniej 1 km od budynków mieszkalnych", "at least 700 m from houses": homes that stand there
  urban_residential_development: 'residential_building',
  housing_estate_site: 'residential_building',
};

/** Only connective words ("od", "of a"), at most MAX_GAP of them, as between a distance and its target. */
function onlyConnectives(from: number, to: number, connective: (index: number) => boolean): boolean {
  if (to < from || to - from > MAX_GAP) return false;
  for (let index = from; index < to; index++) if (!connective(index)) return false;
  return true;
}

/**
 * "do 2 km od farmy wiatrowej", "near a solar farm", "within 5 km of a data centre": an asset type
 * measured from, or after a near / away cue, is an installation that exists, not what the user means
 * to build. Such asset atoms become targets on oze_installations, in place (the atoms array the
 * reader and the understood / not understood lists share). Elsewhere an asset type stays a scenario.
 */
export function readExistingInstallations(atoms: Atom[], connective: (index: number) => boolean): void {
  for (let index = 1; index < atoms.length; index++) {
    const atom = atoms[index]!;
    if (atom.kind !== 'meaning' || atom.meaning.type !== 'asset') continue;
    const target = INSTALLATION_OF[atom.meaning.scenario];
    const previous = atoms[index - 1]!;
    if (!target || !onlyConnectives(previous.end, atom.start, connective)) continue;
    const measuredFrom = previous.kind === 'quantity' && previous.quantity.dimension === 'distance' && atom.start > previous.end;
    const cued = previous.kind === 'meaning' && previous.meaning.type === 'cue';
    if (measuredFrom || cued) atoms[index] = { kind: 'meaning', meaning: { type: 'target', target }, lang: atom.lang, start: atom.start, end: atom.end };
  }
}
