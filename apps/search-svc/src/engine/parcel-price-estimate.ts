import { AppError, PRICE_ESTIMATE_CRITERION, PRICE_ESTIMATE_MIN_COMPARABLES, type ParcelPriceEstimateView } from '@lp/contracts';
import type { ParcelSearchService } from './parcel-search.service.js';
import type { SearchRepository } from './search.repository.js';

const TOO_FEW =
  `Fewer than ${PRICE_ESTIMATE_MIN_COMPARABLES} land transactions of the parcel's land type in its gmina over the three years before the newest land deed, ` +
  'or its land type cannot be proven (zoning unknown, or no land-use evidence): the price is unknown, not zero.';

/**
 * One parcel's estimated price by the very search that filters.price_estimate_pln runs, limited to
 * that parcel ("at least 0 zł" passes every parcel whose estimate is known), so parcel detail and
 * the report state what search judges, from one computation.
 */
export async function parcelPriceEstimate(engine: ParcelSearchService, repository: SearchRepository, parcelId: string): Promise<ParcelPriceEstimateView> {
  const teryt = await repository.parcelGmina(parcelId);
  if (teryt === null) throw AppError.notFound(`No parcel has the id ${parcelId}.`);
  const answer = await engine.search({ region: teryt, filters: { price_estimate_pln: { min: 0 } } }, { parcelIds: [parcelId] });
  if (answer.blocked) {
    const note = answer.coverage.find((c) => c.criterion === PRICE_ESTIMATE_CRITERION)?.note;
    return { status: 'unknown', reason: note ?? 'The transactions layer has no data in this gmina: the price is unknown, not zero.' };
  }
  const estimate = answer.results[0]?.price_estimate;
  return estimate ? { status: 'known', estimate } : { status: 'unknown', reason: TOO_FEW };
}
