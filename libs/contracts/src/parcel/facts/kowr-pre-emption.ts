/**
 * The statutory pre-emption right of KOWR for the State Treasury (art. 3 ustawy z dnia 11 kwietnia
 * 2003 r. o kształtowaniu ustroju rolnego): agricultural land of at least 0.3 ha, unless a local plan
 * designates it for another use. One rule for the parcel's regulations block and for the search
 * criterion "no state-agricultural pre-emption", so the two never disagree on a parcel.
 */

/** EGiB land-use classes of agricultural land (R arable, Ł meadow, Ps pasture, S orchard, ...), as a pattern JavaScript and PostgreSQL (`~`) read alike. */
export const KOWR_AGRICULTURAL_CLASS_PATTERN = '^(R|Ł|Ps|S|Br|Wsr|W|Lzr|N)(\\s|-|$)';

/** The act applies to agricultural properties of at least 0.3 ha. */
export const KOWR_PRE_EMPTION_MIN_SQM = 3000;

/** The only local-plan category that leaves agricultural land agricultural; any other designates it for another use. */
export const KOWR_PLAN_CATEGORY_KEEPING_RIGHT = 'agricultural';

const AGRICULTURAL_CLASS = new RegExp(KOWR_AGRICULTURAL_CLASS_PATTERN);

export interface KowrPreEmptionFacts {
  /** The parcel's EGiB classes, trimmed ("R IVb", "Ł III") */
  landUseClasses: readonly string[];
  areaSqm: number | null;
  /** Category of the local-plan zone covering most of the parcel; null when no plan applies or its zones are unknown */
  mpzpCategory: string | null;
}

/** The parcel's classes that make it agricultural land. */
export function kowrAgriculturalClasses(landUseClasses: readonly string[]): string[] {
  return landUseClasses.filter((c) => AGRICULTURAL_CLASS.test(c));
}

/** Whether a sale of the parcel would trigger KOWR's statutory pre-emption right. */
export function kowrPreEmptionApplies(facts: KowrPreEmptionFacts): boolean {
  const plannedForOtherUse = facts.mpzpCategory !== null && facts.mpzpCategory !== KOWR_PLAN_CATEGORY_KEEPING_RIGHT;
  return kowrAgriculturalClasses(facts.landUseClasses).length > 0 && facts.areaSqm !== null && facts.areaSqm >= KOWR_PRE_EMPTION_MIN_SQM && !plannedForOtherUse;
}
