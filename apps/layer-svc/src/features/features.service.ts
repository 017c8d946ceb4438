import { Inject, Injectable, Optional } from '@nestjs/common';
import { FEATURES_DEFAULT_LIMIT, type LayerDefinition, type LayerFeaturePageView, type LayerFeaturesRequest, type LayerFeatureView } from '@lp/contracts';
import { parseBbox, type Bbox } from '@lp/geo';
import type { QueryRunner } from 'typeorm';
import { servedLayer } from '../serving/served-layer.js';
import { ServedVersionRepository, type ServedVersion } from '../serving/served-version.repository.js';
import { bboxKey, checkCursor, checkCursorVersion, decodeCursor, encodeCursor } from './features-cursor.js';
import { FeaturesRepository, type FeatureRow } from './features.repository.js';

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

  async list(request: LayerFeaturesRequest): Promise<LayerFeaturePageView> {
    const layer = servedLayer(request.layer_id, 'api');
    const box = parseBbox(request.bbox);
    const limit = request.limit ?? FEATURES_DEFAULT_LIMIT;
    const position = request.cursor === undefined ? null : decodeCursor(request.cursor);
    if (position) checkCursor(position, layer.id, box);
    return this.versions.read(layer.id, async (q, served) => {
      if (position) checkCursorVersion(position, layer.id, served.version);
      if (served.table === null) return page(served, [], null);
      return this.readPage(q, layer, served, served.table, box, position?.lastFid ?? 0, limit);
    });
  }

  private async readPage(q: QueryRunner, layer: LayerDefinition, served: ServedVersion, table: string, box: Bbox, afterFid: number, limit: number): Promise<LayerFeaturePageView> {
    const budget = this.limits.replyBudgetBytes;
    const { rows, fetched } = await this.features.page(q, layer, table, box, afterFid, limit + 1, budget);
    const kept: FeatureRow[] = [];
    let bytes = 0;
    for (const row of rows) {
      if (kept.length === limit || (kept.length > 0 && bytes + row.bytes > budget)) break;
      kept.push(row);
      bytes += row.bytes;
    }
    const features = kept.map((row) => JSON.parse(row.feature) as LayerFeatureView);
    if (kept.length === 1 && kept[0]!.bytes > budget) features[0] = await this.fitted(q, layer, table, kept[0]!.fid, budget);
    const more = fetched > kept.length;
    const last = kept[kept.length - 1];
    const cursor = more && last ? encodeCursor({ layerId: layer.id, version: served.version, lastFid: last.fid, bboxKey: bboxKey(box) }) : null;
    return page(served, features, cursor);
  }

  /**
   * A feature whose exact geometry is larger than a page can carry (a detailed national boundary)
   * is sent simplified, with the tolerance in `geometry_simplified_m`, rather than not at all.
   */
  private async fitted(q: QueryRunner, layer: LayerDefinition, table: string, fid: number, budget: number): Promise<LayerFeatureView> {
    let tolerance = 0;
    let text = '';
    for (tolerance of SIMPLIFY_STEPS_M) {
      text = await this.features.simplifiedFeature(q, layer, table, fid, tolerance);
      if (Buffer.byteLength(text) <= budget) break;
    }
    const feature = JSON.parse(text) as LayerFeatureView;
    feature.properties.geometry_simplified_m = tolerance;
    return feature;
  }
}

function page(served: ServedVersion, features: LayerFeatureView[], nextCursor: string | null): LayerFeaturePageView {
  return { type: 'FeatureCollection', features, next_cursor: nextCursor, numberReturned: features.length, layer_id: served.layerId, version: served.version };
}
