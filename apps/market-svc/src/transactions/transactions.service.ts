import { Injectable } from '@nestjs/common';
import {
  AppError,
  TRANSACTIONS_LIMIT_DEFAULT,
  TRANSACTIONS_RADIUS_DEFAULT_M,
  defaultTransactionsSince,
  type ListTransactionsRequest,
  type TransactionListView,
} from '@lp/contracts';
import { TransactionsRepository, type TransactionFilter } from './transactions.repository.js';

/** YYYY-MM-DD of a date in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

@Injectable()
export class TransactionsService {
  constructor(private readonly transactions: TransactionsRepository) {}

  /** Transactions around a parcel or in a region, newest first, with the median and the coverage. */
  async list(request: ListTransactionsRequest, now = new Date()): Promise<TransactionListView> {
    const hasParcel = request.parcel_id !== undefined;
    const hasRegion = request.region !== undefined;
    if (hasParcel === hasRegion) {
      throw AppError.invalid(
        hasParcel
          ? 'Send either parcel_id or region, not both.'
          : 'Send exactly one of parcel_id (transactions around the parcel) or region (a TERYT code of 2, 4 or 7 digits).',
      );
    }
    const today = utcDay(now);
    if (request.since !== undefined && request.since > today) {
      throw AppError.invalid(`since must not be in the future (today is ${today} UTC).`);
    }
    const filter: TransactionFilter = {
      since: request.since ?? defaultTransactionsSince(now),
      propertyType: request.property_type ?? null,
      limit: request.limit ?? TRANSACTIONS_LIMIT_DEFAULT,
    };

    if (request.parcel_id !== undefined) {
      const parcelId = request.parcel_id;
      const gmina = await this.transactions.findParcelGmina(parcelId);
      if (gmina === null) throw AppError.notFound(`No parcel has the id ${parcelId}.`);
      const radius = request.radius_m ?? TRANSACTIONS_RADIUS_DEFAULT_M;
      const [list, status] = await Promise.all([this.transactions.listNearParcel(parcelId, radius, filter), this.transactions.coverageStatus(gmina)]);
      return { ...list, coverage: { layer: 'transactions', status: status ?? 'missing' } };
    }

    const region = request.region!;
    const status = await this.transactions.coverageStatus(region);
    if (status === null) throw AppError.notFound(`No voivodeship, powiat or gmina has the TERYT code ${region}.`);
    const list = await this.transactions.listInRegion(region, filter);
    return { ...list, coverage: { layer: 'transactions', status } };
  }
}
