import { Injectable } from '@nestjs/common';
import { MarketSubjects, TRANSACTIONS_RADIUS_DEFAULT_M, defaultTransactionsSince, type ListTransactionsRequest, type MarketSummaryView } from '@lp/contracts';
import { OutboundRpc } from '../rpc/outbound-rpc.js';

/** include=market: asks market-svc (the owner of transactions) for land comparables around a parcel. */
@Injectable()
export class MarketSummaryClient {
  constructor(private readonly rpc: OutboundRpc) {}

  async summaryFor(parcelId: string): Promise<MarketSummaryView> {
    const since = defaultTransactionsSince(new Date());
    const request: ListTransactionsRequest = { parcel_id: parcelId, property_type: 'land', radius_m: TRANSACTIONS_RADIUS_DEFAULT_M, since, limit: 1 };
    const list = await this.rpc.call(MarketSubjects.transactionsList, request);
    const base = { property_type: 'land' as const, radius_m: TRANSACTIONS_RADIUS_DEFAULT_M, since };
    if (list.coverage.status === 'missing') {
      const note = 'The transactions layer has no data in this gmina: the number of comparables and their median price are unknown, not zero.';
      return { ...base, coverage: [{ layer: 'transactions', status: 'missing', note }] };
    }
    const coverage = { layer: 'transactions', status: list.coverage.status };
    return { ...base, comparables: list.count, median_price_per_sqm_pln: list.median_price_per_sqm_pln, coverage: [coverage] };
  }
}
