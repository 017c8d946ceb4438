import { Injectable } from '@nestjs/common';
import { AppError, SearchSubjects, validateSearchRequest, type CreateWatchBody, type SearchParcelsRequest, type WatchKind } from '@lp/contracts';
import { parseParcelId } from '@lp/geo';
import { OutboundRpc } from '../rpc/outbound-rpc.js';
import { WatchesRepository } from './watches.repository.js';

/** What a watch re-evaluates, fixed once when it is made. */
export interface WatchDefinition {
  kind: WatchKind;
  /** The structured search re-run on each refresh (null for parcel_ids). */
  search: SearchParcelsRequest | null;
  parcelIds: string[] | null;
  /** Watched parcels with the gmina their id names (empty for a search). */
  parcels: Array<{ id: string; teryt: string }>;
  /** TERYT prefixes the watch covers; empty = all of Poland. */
  regions: string[];
}

/** Exactly one of the four kinds, or a 400 that says so. */
function kindOf(body: CreateWatchBody): WatchKind {
  const sent = (['search', 'scenario', 'query', 'parcel_ids'] as const).filter((kind) => body[kind] !== undefined);
  if (sent.length !== 1) {
    throw AppError.invalid(
      sent.length === 0
        ? 'Send one of search (a structured search), scenario (a scenario request), query (a sentence) or parcel_ids.'
        : `Send only one of search, scenario, query or parcel_ids; got ${sent.join(' and ')}.`,
    );
  }
  return sent[0]!;
}

/**
 * Turns what was sent into what is re-evaluated: a scenario is compiled and a sentence interpreted
 * by search-svc now, so later refreshes re-run the same structured search whatever the scenario
 * catalogue or the interpreter become; the regions are the search's region (a bbox's gminas) or
 * the gminas of the watched parcels.
 */
@Injectable()
export class WatchDefinitionResolver {
  constructor(
    private readonly rpc: OutboundRpc,
    private readonly watches: WatchesRepository,
  ) {}

  async resolve(body: CreateWatchBody): Promise<WatchDefinition> {
    const kind = kindOf(body);
    if (kind === 'parcel_ids') return this.parcelWatch(body.parcel_ids!);
    const search = await this.searchOf(kind, body);
    const problems = validateSearchRequest(search);
    if (problems.length > 0) throw AppError.invalid(`search: ${problems.join('; ')}`);
    return { kind, search, parcelIds: null, parcels: [], regions: await this.regionsOf(search) };
  }

  private parcelWatch(ids: string[]): WatchDefinition {
    const unique = [...new Set(ids)];
    const unparsed = unique.filter((id) => parseParcelId(id) === null);
    if (unparsed.length > 0)
      throw AppError.invalid(
        `parcel_ids: ${unparsed.slice(0, 5).join(', ')} ${unparsed.length === 1 ? 'is not a full EGiB parcel id' : 'are not full EGiB parcel ids'} (e.g. 306401_1.0001.123/4).`,
      );
    const regions = [...new Set(unique.map((id) => parseParcelId(id)!.teryt))].sort();
    const parcels = unique.sort().map((id) => ({ id, teryt: parseParcelId(id)!.teryt }));
    return { kind: 'parcel_ids', search: null, parcelIds: unique, parcels, regions };
  }

  private async searchOf(kind: Exclude<WatchKind, 'parcel_ids'>, body: CreateWatchBody): Promise<SearchParcelsRequest> {
    switch (kind) {
      case 'search':
        return body.search!;
      case 'scenario':
        return this.rpc.call(SearchSubjects.scenariosCompile, body.scenario!);
      case 'query':
        return (await this.rpc.call(SearchSubjects.nlInterpret, { query: body.query! })).request;
    }
  }

  private async regionsOf(search: SearchParcelsRequest): Promise<string[]> {
    if (search.region !== undefined) return [search.region];
    if (search.bbox === undefined) return [];
    const [minLng, minLat, maxLng, maxLat] = search.bbox.split(',').map(Number) as [number, number, number, number];
    const gminas = await this.watches.gminasInBbox(minLng, minLat, maxLng, maxLat);
    if (gminas.length === 0) throw AppError.invalid(`search.bbox ${search.bbox} overlaps no gmina we hold.`);
    return gminas;
  }
}
