import { kowrAgriculturalClasses, kowrPreEmptionApplies, type PreEmptionView } from '@lp/contracts';

const FOREST_CLASS = /^Ls(\s|$)/;
/** Local-plan categories that designate land for public purposes (art. 109 ust. 1 pkt 4 u.g.n.). */
const PUBLIC_PURPOSE_CATEGORIES = new Set(['public_services', 'transport', 'infrastructure']);

export interface PreEmptionFacts {
  landUseClasses: string[];
  areaSqm: number;
  /** Category of the local-plan zone, when the plan and its zones are known */
  mpzpCategory: string | null;
  /** Whether a local plan applies at all (null when unknown) */
  inLocalPlan: boolean | null;
  inNationalPark: boolean;
  forestPct: number;
}

/** Statutory pre-emption rights a sale of the parcel would trigger, from the facts we hold. */
export function preEmptionRights(facts: PreEmptionFacts): PreEmptionView[] {
  const rights: PreEmptionView[] = [];
  // the search criterion "no state-agricultural pre-emption" reads the same rule (libs/contracts)
  if (kowrPreEmptionApplies(facts)) {
    const agricultural = kowrAgriculturalClasses(facts.landUseClasses);
    rights.push({
      holder: 'Krajowy Ośrodek Wsparcia Rolnictwa (KOWR), for the State Treasury',
      basis: 'art. 3 ustawy z dnia 11 kwietnia 2003 r. o kształtowaniu ustroju rolnego',
      reason: `agricultural land (EGiB classes ${agricultural.join(', ')}) of at least 0.3 ha${facts.inLocalPlan ? ' not designated for other use in the local plan' : ''}`,
    });
  }
  const forestClasses = facts.landUseClasses.filter((c) => FOREST_CLASS.test(c));
  if (forestClasses.length > 0 || facts.forestPct >= 10 || facts.mpzpCategory === 'forest') {
    rights.push({
      holder: 'Skarb Państwa, represented by Państwowe Gospodarstwo Leśne Lasy Państwowe',
      basis: 'art. 37a ustawy z dnia 28 września 1991 r. o lasach',
      reason: forestClasses.length > 0 ? `forest land (EGiB classes ${forestClasses.join(', ')})` : facts.mpzpCategory === 'forest' ? 'designated as forest in the local plan' : `forest stands cover ${facts.forestPct} % of the parcel`,
    });
  }
  if (facts.inNationalPark) {
    rights.push({
      holder: 'Skarb Państwa, represented by the director of the national park',
      basis: 'art. 10 ust. 3 ustawy z dnia 16 kwietnia 2004 r. o ochronie przyrody',
      reason: 'the parcel lies within a national park',
    });
  }
  if (facts.mpzpCategory !== null && PUBLIC_PURPOSE_CATEGORIES.has(facts.mpzpCategory)) {
    rights.push({
      holder: 'the gmina',
      basis: 'art. 109 ust. 1 pkt 4 ustawy z dnia 21 sierpnia 1997 r. o gospodarce nieruchomościami',
      reason: `the local plan designates the parcel for public purposes (${facts.mpzpCategory})`,
    });
  }
  return rights;
}

/** "R IVb,R IVa" → ["R IVb", "R IVa"] */
export function splitLandUseClasses(value: string | null): string[] {
  return (value ?? '').split(',').map((c) => c.trim()).filter((c) => c.length > 0);
}
