import { describe, expect, it } from '@jest/globals';
import { AppError, TRANSACTIONS_LIMIT_DEFAULT, TRANSACTIONS_RADIUS_DEFAULT_M, type CoverageStatus, type ListTransactionsRequest } from '@lp/contracts';
import type { TransactionFilter, TransactionsRepository } from './transactions.repository.js';
import { TransactionsService, utcDay } from './transactions.service.js';

const NOW = new Date('2026-11-26T00:30:00Z');
const LIST = { count: 1, median_price_per_sqm_pln: 210.5, transactions: [] };

/**
 * A stand-in for the repository (its SQL is tested against PostGIS in the int-spec): it records
 * what the service asks and answers from the parcels and coverage rows given.
 */
function serviceWith(parcels: Record<string, string>, coverage: Record<string, CoverageStatus>) {
  const calls: Array<[string, ...unknown[]]> = [];
  const repository = {
    findParcelGmina: async (id: string) => (calls.push(['findParcelGmina', id]), parcels[id] ?? null),
    listNearParcel: async (id: string, radius: number, filter: TransactionFilter) => (calls.push(['listNearParcel', id, radius, filter]), LIST),
    listInRegion: async (region: string, filter: TransactionFilter) => (calls.push(['listInRegion', region, filter]), LIST),
    coverageStatus: async (teryt: string) => (calls.push(['coverageStatus', teryt]), coverage[teryt] ?? null),
  };
  return { service: new TransactionsService(repository as unknown as TransactionsRepository), calls };
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  const { code, message } = error as AppError;
  return { code, message };
}

describe('listing transactions', () => {
  const parcel = '306401_1.0001.12';
  const { service, calls } = serviceWith({ [parcel]: '3064011' }, { '3064011': 'partial', '30': 'available', '3064': 'available' });

  it('asks for exactly one of parcel_id and region, saying what each means', async () => {
    expect(await failure(service.list({}, NOW))).toEqual({
      code: 'invalid_request',
      message: 'Send exactly one of parcel_id (transactions around the parcel) or region (a TERYT code of 2, 4 or 7 digits).',
    });
    expect(await failure(service.list({ parcel_id: parcel, region: '30' }, NOW))).toEqual({ code: 'invalid_request', message: 'Send either parcel_id or region, not both.' });
  });

  it('refuses a since after today (UTC), and takes today itself', async () => {
    expect(await failure(service.list({ region: '30', since: '2026-11-27' }, NOW))).toEqual({
      code: 'invalid_request',
      message: 'since must not be in the future (today is 2026-11-26 UTC).',
    });
    await expect(service.list({ region: '30', since: '2026-11-26' }, NOW)).resolves.toMatchObject({ count: 1 });
  });

  it('judges "today" in UTC, not in Polish local time', async () => {
    // 23:30 UTC on 25 November is already 26 November in Warsaw; the 26th is still the future
    const lateEvening = new Date('2026-11-25T23:30:00Z');
    expect(utcDay(lateEvening)).toBe('2026-11-25');
    expect((await failure(service.list({ region: '30', since: '2026-11-26' }, lateEvening))).code).toBe('invalid_request');
  });

  it('around a parcel: the default radius, two years, any property type and the default limit, with the coverage of the parcel\'s gmina', async () => {
    calls.length = 0;
    const view = await service.list({ parcel_id: parcel }, NOW);
    expect(view).toEqual({ ...LIST, coverage: { layer: 'transactions', status: 'partial' } });
    expect(calls).toEqual([
      ['findParcelGmina', parcel],
      ['listNearParcel', parcel, TRANSACTIONS_RADIUS_DEFAULT_M, { since: '2024-11-26', propertyType: null, limit: TRANSACTIONS_LIMIT_DEFAULT }],
      ['coverageStatus', '3064011'],
    ]);
  });

  it('passes the filters asked for through', async () => {
    calls.length = 0;
    const request: ListTransactionsRequest = { parcel_id: parcel, radius_m: 500, property_type: 'land', since: '2025-01-31', limit: 7 };
    await service.list(request, NOW);
    expect(calls[1]).toEqual(['listNearParcel', parcel, 500, { since: '2025-01-31', propertyType: 'land', limit: 7 }]);
  });

  it('calls the coverage missing, not available, where the parcel\'s gmina has no coverage row', async () => {
    const { service: bare } = serviceWith({ [parcel]: '0201011' }, {});
    expect((await bare.list({ parcel_id: parcel }, NOW)).coverage).toEqual({ layer: 'transactions', status: 'missing' });
  });

  it('answers not found for an unknown parcel without listing anything', async () => {
    calls.length = 0;
    expect(await failure(service.list({ parcel_id: '999999_9.9999.1' }, NOW))).toEqual({ code: 'not_found', message: 'No parcel has the id 999999_9.9999.1.' });
    expect(calls.map(([name]) => name)).toEqual(['findParcelGmina']);
  });

  it('in a region: the region\'s coverage, and not found for a code no unit has', async () => {
    calls.length = 0;
    expect(await service.list({ region: '3064' }, NOW)).toEqual({ ...LIST, coverage: { layer: 'transactions', status: 'available' } });
    expect(calls).toEqual([
      ['coverageStatus', '3064'],
      ['listInRegion', '3064', { since: '2024-11-26', propertyType: null, limit: TRANSACTIONS_LIMIT_DEFAULT }],
    ]);
    calls.length = 0;
    expect(await failure(service.list({ region: '99' }, NOW))).toEqual({ code: 'not_found', message: 'No voivodeship, powiat or gmina has the TERYT code 99.' });
    expect(calls.map(([name]) => name)).toEqual(['coverageStatus']);
  });

  it('starts the default period two years back on the same day, 29 February on 1 March', async () => {
    calls.length = 0;
    await service.list({ region: '30' }, new Date('2028-02-29T12:00:00Z'));
    expect(calls[1]).toEqual(['listInRegion', '30', expect.objectContaining({ since: '2026-03-01' })]);
  });
});
