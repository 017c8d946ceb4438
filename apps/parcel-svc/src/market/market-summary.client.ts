import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MarketSubjects, TRANSACTIONS_RADIUS_DEFAULT_M, defaultTransactionsSince, type ListTransactionsRequest, type MarketSummaryView, type TransactionListView } from '@lp/contracts';
import { currentRequestContext, NatsRpcClient } from '@lp/messaging';
import { randomUUID } from 'node:crypto';
import { PARCEL_SVC_ENV, type ParcelSvcEnv } from '../config/parcel-svc.env.js';

const DEFAULT_TIMEOUT_MS = 5000;

/** include=market: asks market-svc (the owner of transactions) for land comparables around a parcel. */
@Injectable()
export class MarketSummaryClient implements OnApplicationShutdown {
  private client?: Promise<NatsRpcClient>;

  constructor(@Inject(PARCEL_SVC_ENV) private readonly env: ParcelSvcEnv) {}

  async summaryFor(parcelId: string): Promise<MarketSummaryView> {
    this.client ??= NatsRpcClient.connect(this.env.NATS_URL, 'parcel-svc-market');
    const context = currentRequestContext();
    // Stay within the caller's deadline when it sent one.
    const timeoutMs = context?.deadlineMs ? Math.max(100, context.deadlineMs - Date.now() - 50) : DEFAULT_TIMEOUT_MS;
    const since = defaultTransactionsSince(new Date());
    const request: ListTransactionsRequest = { parcel_id: parcelId, property_type: 'land', radius_m: TRANSACTIONS_RADIUS_DEFAULT_M, since, limit: 1 };
    const list = await (await this.client).call<TransactionListView>(MarketSubjects.transactionsList, request, {
      requestId: context?.requestId ?? randomUUID(),
      timeoutMs,
    });
    const base = { property_type: 'land' as const, radius_m: TRANSACTIONS_RADIUS_DEFAULT_M, since };
    if (list.coverage.status === 'missing') {
      const note = 'The transactions layer has no data in this gmina: the number of comparables and their median price are unknown, not zero.';
      return { ...base, coverage: [{ layer: 'transactions', status: 'missing', note }] };
    }
    const coverage = { layer: 'transactions', status: list.coverage.status };
    return { ...base, comparables: list.count, median_price_per_sqm_pln: list.median_price_per_sqm_pln, coverage: [coverage] };
  }

  async onApplicationShutdown(): Promise<void> {
    await (await this.client)?.close();
  }
}

