import { Injectable } from '@nestjs/common';
import {
  AppError,
  AUTOCOMPLETE_MAX,
  NEAREST_PARCEL_MAX_M,
  type ConstraintsView,
  type ParcelBatchView,
  type ParcelFeatureView,
  type ParcelSuggestionView,
  type ProximityView,
  type RegulationsView,
  type TerrainView,
} from '@lp/contracts';
import { POLAND_BBOX_WGS84 } from '@lp/geo';
import { FACT_BLOCKS, type FactBlock } from '../facts/fact-blocks.js';
import type { FactViews } from '../facts/fact-composer.js';
import { FactsService, type FactOptions } from '../facts/facts.service.js';
import { MarketSummaryClient } from '../market/market-summary.client.js';
import { ParcelResolver } from './parcel-resolver.service.js';
import { ParcelRepository } from './parcel.repository.js';

const CANDIDATE_LIMIT = 5;

@Injectable()
export class ParcelService {
  constructor(
    private readonly parcels: ParcelRepository,
    private readonly facts: FactsService,
    private readonly market: MarketSummaryClient,
    private readonly resolver: ParcelResolver,
  ) {}

  /** The parcel as a feature with the blocks asked for, or `not_found` with close ids. */
  async getFeature(reference: string, include: readonly string[] = []): Promise<ParcelFeatureView> {
    const parcelId = await this.resolver.resolve(reference);
    const feature = await this.parcels.findFeature(parcelId);
    if (!feature) throw await this.notFound(parcelId);
    const blocks = FACT_BLOCKS.filter((block) => include.includes(block));
    const [facts, market] = await Promise.all([
      this.facts.blocksOf([{ id: feature.id, teryt: feature.properties.teryt }], blocks),
      include.includes('market') ? this.market.summaryFor(feature.id) : undefined,
    ]);
    return { ...feature, properties: { ...feature.properties, ...facts.get(feature.id), ...(market ? { market } : {}) } };
  }

  regulations(parcelId: string): Promise<RegulationsView> {
    return this.block(parcelId, 'regulations');
  }

  constraints(parcelId: string, bufferM: number | undefined): Promise<ConstraintsView> {
    return this.block(parcelId, 'constraints', { bufferM });
  }

  terrain(parcelId: string): Promise<TerrainView> {
    return this.block(parcelId, 'terrain');
  }

  proximity(parcelId: string, kinds: string[] | undefined): Promise<ProximityView> {
    return this.block(parcelId, 'proximity', { proximityKinds: kinds });
  }

  private async block<B extends FactBlock>(reference: string, block: B, options: FactOptions = {}): Promise<FactViews[B]> {
    const parcelId = await this.resolver.resolve(reference);
    const teryt = await this.parcels.findTeryt(parcelId);
    if (teryt === null) throw await this.notFound(parcelId);
    const facts = await this.facts.blocksOf([{ id: parcelId, teryt }], [block], options);
    const view = facts.get(parcelId)?.[block];
    if (!view) throw new AppError('internal', `The ${block} of parcel ${parcelId} could not be derived.`);
    return view as FactViews[B];
  }

  private async notFound(parcelId: string): Promise<AppError> {
    const candidates = await this.parcels.findSimilarIds(parcelId, CANDIDATE_LIMIT);
    const hint = candidates.length > 0 ? ' Close ids are listed in candidates.' : '';
    return AppError.notFound(`No parcel has the id ${parcelId}.${hint}`, candidates);
  }

  /** The parcel at a point: containing it, else the nearest within 200 m, else `not_found`. */
  async getAt(lng: number, lat: number): Promise<ParcelFeatureView> {
    const box = POLAND_BBOX_WGS84;
    if (lng < box.minLng || lng > box.maxLng || lat < box.minLat || lat > box.maxLat) {
      throw AppError.invalid(`The point ${lng}, ${lat} is outside Poland (lng ${box.minLng}..${box.maxLng}, lat ${box.minLat}..${box.maxLat}); send lng and lat in WGS84.`);
    }
    const hit = await this.parcels.findAt(lng, lat, NEAREST_PARCEL_MAX_M);
    if (!hit) throw AppError.notFound(`No parcel contains the point ${lng}, ${lat} or lies within ${NEAREST_PARCEL_MAX_M} m of it.`);
    return { ...hit.feature, properties: { ...hit.feature.properties, distance_m: hit.distance_m } };
  }

  suggest(text: string): Promise<ParcelSuggestionView[]> {
    return this.parcels.suggest(text.trim(), AUTOCOMPLETE_MAX);
  }

  /** Found parcels in the order asked (each once), the rest in `missing` (a few parcels: the batch's answer is written by batchJson). */
  async getBatch(parcelIds: string[], include: readonly string[] = []): Promise<ParcelBatchView> {
    const unique = [...new Set(parcelIds)];
    const found = await this.findWithFacts(unique, include);
    return {
      type: 'FeatureCollection',
      features: unique.flatMap((id) => found.get(id) ?? []),
      missing: unique.filter((id) => !found.has(id)),
    };
  }

  /** The parcels of these ids that exist, each with the blocks asked for, keyed by id. */
  async findWithFacts(parcelIds: string[], include: readonly string[] = []): Promise<Map<string, ParcelFeatureView>> {
    const found = await this.parcels.findFeatures(parcelIds);
    const blocks = FACT_BLOCKS.filter((block) => include.includes(block));
    const facts = await this.facts.blocksOf([...found.values()].map((f) => ({ id: f.id, teryt: f.properties.teryt })), blocks);
    return new Map([...found].map(([id, feature]) => [id, { ...feature, properties: { ...feature.properties, ...facts.get(id) } }]));
  }
}
