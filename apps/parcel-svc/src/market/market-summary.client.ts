import { Injectable } from '@nestjs/common';
import { MarketSubjects, TRANSACTIONS_RADIUS_DEFAULT_M, defaultTransactionsSince, type ListTransactionsRequest, type MarketSummaryView } from '@lp/contracts';
import { FactsRepository } from '../facts/facts.repository.js';
import { OutboundRpc } from '../rpc/outbound-rpc.js';

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
    const [list, versions] = await Promise.all([this.rpc.call(MarketSubjects.transactionsList, request), this.layers.layerSources()]);
    const base = { property_type: 'land' as const, radius_m: TRANSACTIONS_RADIUS_DEFAULT_M, since };
    if (list.coverage.status === 'missing') {
      const note = 'The transactions layer has no data in this gmina: the number of comparables and their median price are unknown, not zero.';
      return { ...base, coverage: [{ layer: 'transactions', status: 'missing', note }] };
    }
    const coverage = { layer: 'transactions', status: list.coverage.status };
    // The figures rest on the served transactions: a report lists that layer among its sources
    // (and says so when it is generated), as it lists the layers of every facts block.
    const sources = [versions.get('transactions')].filter((source) => source !== undefined);
    return { ...base, comparables: list.count, median_price_per_sqm_pln: list.median_price_per_sqm_pln, land_type_medians: list.land_type_medians, coverage: [coverage], sources };
  }
}
