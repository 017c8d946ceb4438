import { Injectable } from '@nestjs/common';
import {
  MarketSubjects,
  SearchSubjects,
  TRANSACTIONS_RADIUS_DEFAULT_M,
  defaultTransactionsSince,
  type ListTransactionsRequest,
  type MarketSummaryView,
  type ParcelPriceEstimateView,
} from '@lp/contracts';
import { FactsRepository } from '../facts/facts.repository.js';
import { OutboundRpc } from '../rpc/outbound-rpc.js';
import { isScenarioServiceUnavailable } from '../rpc/scenario-fit.client.js';

/** include=market: asks market-svc (the owner of transactions) for land comparables around a parcel. */
@Injectable()
export class MarketSummaryClient {
  constructor(
    private readonly rpc: OutboundRpc,
    private readonly layers: FactsRepository,
  ) {}

  async summaryFor(parcelId: string): Promise<MarketSummaryView> {
    const since = defaultTransactionsSince(new Date());
    const request: ListTransactionsRequest = { parcel_id: parcelId, property_type: 'land', radius_m: TRANSACTIONS_RADIUS_DEFAULT_M, since, limit: 1 };
    const [list, versions, estimate] = await Promise.all([
      this.rpc.call(MarketSubjects.transactionsList, request),
      this.layers.layerSources(),
      this.priceEstimate(parcelId),
    ]);
    const base = { property_type: 'land' as const, radius_m: TRANSACTIONS_RADIUS_DEFAULT_M, since };
    if (list.coverage.status === 'missing') {
      const note = 'The transactions layer has no data in this gmina: the number of comparables and their median price are unknown, not zero.';
      return { ...base, price_estimate: estimate, coverage: [{ layer: 'transactions', status: 'missing', note }] };
    }
    const coverage = { layer: 'transactions', status: list.coverage.status };
    // The figures rest on the served transactions: a report lists that layer among its sources
    // (and says so when it is generated), as it lists the layers of every facts block.
    const sources = [versions.get('transactions')].filter((source) => source !== undefined);
    return {
      ...base,
      comparables: list.count,
      median_price_per_sqm_pln: list.median_price_per_sqm_pln,
      land_type_medians: list.land_type_medians,
      price_estimate: estimate,
      coverage: [coverage],
      sources,
    };
  }

  /**
   * The estimate search-svc computes for its price filter, asked for this parcel (the rule lives
   * once, with search); unknown with the reason when search-svc cannot answer now.
   */
  private async priceEstimate(parcelId: string): Promise<ParcelPriceEstimateView> {
    try {
      return await this.rpc.call(SearchSubjects.parcelPriceEstimate, { parcel_id: parcelId });
    } catch (error) {
      if (isScenarioServiceUnavailable(error)) return { status: 'unknown', reason: 'The search service, which computes the estimate, did not answer: the price is unknown, not zero.' };
      throw error;
    }
  }
}
