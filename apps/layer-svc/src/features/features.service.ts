import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  AppError,
  FEATURES_DEFAULT_LIMIT,
  FEATURES_MAX_LIMIT,
  ITEMS_DEFAULT_LIMIT,
  type LayerDefinition,
  type LayerFeaturePageReply,
  type LayerFeaturesCountReply,
  type LayerFeaturesCountRequest,
  type LayerFeaturesRequest,
  type LayerFeatureView,
  type LayerItemRequest,
  type LayerItemsRequest,
  type LayerQueryablesReply,
  type LayerQueryablesRequest,
  type OgcCrs,
  ogcCrsOf,
} from '@lp/contracts';
import { parseBbox } from '@lp/geo';
import type { QueryRunner } from 'typeorm';
import { servedLayer } from '../serving/served-layer.js';
import { ServedVersionRepository, type ServedVersion } from '../serving/served-version.repository.js';
import { checkCursor, checkCursorVersion, decodeCursor, encodeCursor } from './features-cursor.js';
import { bboxSelection, itemsSelection, type ItemsSelection } from './items-selection.js';
import { FeaturesRepository, type FeatureRow } from './features.repository.js';
import { cql2ToSql, queryablesOf } from './filter/cql2-sql.js';

export interface FeaturePageLimits {
  /**
   * JSON bytes of features per page. A page travels as one NATS reply (1 MiB by default), so a page
   * stops early when its features reach this size; next_cursor continues where it stopped.
   */
  replyBudgetBytes: number;
}

export const FEATURE_PAGE_LIMITS = Symbol('FEATURE_PAGE_LIMITS');
export const DEFAULT_FEATURE_PAGE_LIMITS: FeaturePageLimits = { replyBudgetBytes: 768 * 1024 };

/** Tolerances (metres) tried, in order, for a single feature too large for a page. */
const SIMPLIFY_STEPS_M = [1, 5, 25, 100, 500, 2500];

/** Pages of a layer's features inside a WGS84 box, with a keyset cursor bound to the served version. */
@Injectable()
export class FeaturesService {
  private readonly limits: FeaturePageLimits;

  constructor(
    private readonly versions: ServedVersionRepository,
    private readonly features: FeaturesRepository,
    @Optional() @Inject(FEATURE_PAGE_LIMITS) limits?: FeaturePageLimits,
  ) {
    this.limits = limits ?? DEFAULT_FEATURE_PAGE_LIMITS;
  }

  /** GET /v1/layers/{id}/features: a bbox is required and must overlap Poland. */
  async list(request: LayerFeaturesRequest): Promise<LayerFeaturePageReply> {
    const layer = servedLayer(request.layer_id, 'api');
    return this.listing(layer, bboxSelection(parseBbox(request.bbox)), request.limit ?? FEATURES_DEFAULT_LIMIT, request.cursor);
  }

  /** Features of a layer in a box, counted up to `up_to + 1` (layer.features.count; the gateway's exports). */
  async countUpTo(request: LayerFeaturesCountRequest): Promise<LayerFeaturesCountReply> {
    const layer = servedLayer(request.layer_id, 'api');
    const selection = bboxSelection(parseBbox(request.bbox));
    return this.versions.read(layer.id, async (q, served) => {
      const area = selection.area;
      if (served.table === null || selection.outside || area === null) return { count: 0, version: served.version };
      return { count: await this.features.countUpTo(q, served.table, area, request.up_to + 1), version: served.version };
    });
  }

  /**
   * OGC API items: without a bbox the whole layer (and numberMatched, the served count, is free);
   * a box off Poland is an empty page; a limit above the maximum is served as the maximum. bbox,
   * filter and geometries each in the CRS asked for (CRS84 or EPSG:2180).
   */
  async items(request: LayerItemsRequest): Promise<LayerFeaturePageReply> {
    const layer = servedLayer(request.layer_id, 'api');
    const selection = itemsSelection(request);
    const { filter } = selection;
    // Compiled once here so a broken filter is a 400 before any database work.
    if (filter !== undefined) cql2ToSql(filter.text, layer, 1, filter.syntax);
    return this.listing(layer, selection, Math.min(request.limit ?? ITEMS_DEFAULT_LIMIT, FEATURES_MAX_LIMIT), request.cursor);
  }

  /** The properties a filter may name on a collection, from the catalogue. */
  async queryables(request: LayerQueryablesRequest): Promise<LayerQueryablesReply> {
    const layer = servedLayer(request.layer_id, 'api');
    return {
      layer_id: layer.id,
      queryables: queryablesOf(layer).map((queryable) => ({
        name: queryable.name,
        type: queryable.type,
        description: queryable.description,
        ...(queryable.unit ? { unit: queryable.unit } : {}),
        ...(queryable.enum ? { enum: queryable.enum } : {}),
      })),
    };
  }

  /** One feature by its id; a feature too large for one reply comes simplified, as in a page. */
  async item(request: LayerItemRequest): Promise<LayerFeatureView> {
    const layer = servedLayer(request.layer_id, 'api');
    const crs: OgcCrs = request.crs === undefined ? 'CRS84' : (ogcCrsOf(request.crs) ?? 'CRS84');
    return this.versions.read(layer.id, async (q, served) => {
      const row = served.table === null ? null : await this.features.byId(q, layer, served.table, request.feature_id, crs);
      if (row === null || served.table === null) {
        throw AppError.notFound(`No feature has the id ${request.feature_id} in collection ${layer.id}; ids are the id of each feature in /v1/ogc/collections/${layer.id}/items.`);
      }
      if (row.bytes > this.limits.replyBudgetBytes) return this.fitted(q, layer, served.table, row.fid, this.limits.replyBudgetBytes, crs);
      return JSON.parse(row.feature) as LayerFeatureView;
    });
  }

  private listing(layer: LayerDefinition, selection: ItemsSelection, limit: number, cursor: string | undefined): Promise<LayerFeaturePageReply> {
    const position = cursor === undefined ? null : decodeCursor(cursor);
    if (position) checkCursor(position, layer.id, selection.key);
    return this.versions.read(layer.id, async (q, served) => {
      if (position) checkCursorVersion(position, layer.id, served.version);
      const matched = selection.whole ? served.featureCount : undefined;
      if (served.table === null || selection.outside) return page(served, [], null, matched === undefined ? undefined : 0);
      const result = await this.readPage(q, layer, served, served.table, selection, position?.lastFid ?? 0, limit);
      return matched === undefined ? result : { ...result, numberMatched: matched };
    });
  }

  private async readPage(
    q: QueryRunner,
    layer: LayerDefinition,
    served: ServedVersion,
    table: string,
    selection: ItemsSelection,
    afterFid: number,
    limit: number,
  ): Promise<LayerFeaturePageReply> {
    const budget = this.limits.replyBudgetBytes;
    const { filter } = selection;
    const where = { area: selection.area, ...(filter === undefined ? {} : { filter: (first: number) => cql2ToSql(filter.text, layer, first, filter.syntax) }) };
    const { rows, fetched } = await this.features.page(q, layer, table, where, afterFid, limit + 1, budget, selection.crs);
    const kept: FeatureRow[] = [];
    let bytes = 0;
    for (const row of rows) {
      if (kept.length === limit || (kept.length > 0 && bytes + row.bytes > budget)) break;
      kept.push(row);
      bytes += row.bytes;
    }
    const features = kept.map((row) => JSON.parse(row.feature) as LayerFeatureView);
    if (kept.length === 1 && kept[0]!.bytes > budget) features[0] = await this.fitted(q, layer, table, kept[0]!.fid, budget, selection.crs);
    const more = fetched > kept.length;
    const last = kept[kept.length - 1];
    const cursor = more && last ? encodeCursor({ layerId: layer.id, version: served.version, lastFid: last.fid, bboxKey: selection.key }) : null;
    return page(served, features, cursor);
  }

  /**
   * A feature whose exact geometry is larger than a page can carry (a detailed national boundary)
   * is sent simplified, with the tolerance in `geometry_simplified_m`, rather than not at all.
   */
  private async fitted(q: QueryRunner, layer: LayerDefinition, table: string, fid: number, budget: number, crs: OgcCrs): Promise<LayerFeatureView> {
    let tolerance = 0;
    let text = '';
    for (tolerance of SIMPLIFY_STEPS_M) {
      text = await this.features.simplifiedFeature(q, layer, table, fid, tolerance, crs);
      if (Buffer.byteLength(text) <= budget) break;
    }
    const feature = JSON.parse(text) as LayerFeatureView;
    feature.properties.geometry_simplified_m = tolerance;
    return feature;
  }
}

function page(served: ServedVersion, features: LayerFeatureView[], nextCursor: string | null, numberMatched?: number): LayerFeaturePageReply {
  const reply: LayerFeaturePageReply = { type: 'FeatureCollection', features, next_cursor: nextCursor, numberReturned: features.length, layer_id: served.layerId, version: served.version };
  if (numberMatched !== undefined) reply.numberMatched = numberMatched;
  return reply;
}
