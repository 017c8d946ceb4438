import { Inject, Injectable } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AppError,
  FEATURES_MAX_LIMIT,
  LayerFeaturesRequest,
  LayerSubjects,
  NaturalLanguageSearchRequest,
  SEARCH_LIMIT_MAX,
  SearchParcelsRequest,
  SearchSubjects,
  type SearchOutcomeView,
  type SearchResultView,
} from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { ServiceCaller } from '../rpc/service-caller.js';
import { searchCoverageRows, UNKNOWN_NOT_NO, type ExportCaveats, type ExportInfo } from './export-coverage.js';
import type { ExportCrs, ExportFormat } from './export-formats.js';
import { writePackage, type ExportPackage } from './export-package.js';
import { ExportSlots } from './export-slots.js';
import { FeatureFileWriter, flatProperties } from './feature-file.writer.js';

/** An export ready to send: its package, its file name, and the folder to remove once the answer ends. */
export interface ReadyExport {
  pack: ExportPackage;
  fileName: string;
  format: ExportFormat;
  release: () => Promise<void>;
}

export interface ExportTarget {
  format: ExportFormat;
  crs: ExportCrs;
  /** Aborted when the client goes away: ogr2ogr is killed and the files removed. */
  signal: AbortSignal;
}

/**
 * Exports: the data comes from its owners over NATS as for any answer (search-svc's results,
 * layer-svc's feature pages), is written to a temporary folder, and ogr2ogr turns it into the
 * format asked for with the coverage inside. Bounded by EXPORT_MAX_FEATURES, EXPORT_MAX_BYTES,
 * EXPORT_TIMEOUT_MS and EXPORT_CONCURRENCY.
 */
@Injectable()
export class ExportService {
  private readonly slots: ExportSlots;

  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    this.slots = new ExportSlots(env.EXPORT_CONCURRENCY);
  }

  /** The limits stated in the OpenAPI document and in every 413. */
  get limits(): { layerFeatures: number; searchFeatures: number; bytes: number } {
    return { layerFeatures: this.env.EXPORT_MAX_FEATURES, searchFeatures: SEARCH_LIMIT_MAX, bytes: this.env.EXPORT_MAX_BYTES };
  }

  async structuredSearch(request: FastifyRequest, body: unknown, target: ExportTarget): Promise<ReadyExport> {
    const asked = validateMessage(SearchParcelsRequest, body ?? {});
    const reply = await this.services.call(request, SearchSubjects.parcelsRun, { ...asked, limit: asked.limit ?? SEARCH_LIMIT_MAX });
    this.checkSearchSize(reply, asked.limit);
    return this.write(target, { layer: 'search_results', file: 'search_results' }, async (writer) => {
      for (const [index, result] of reply.results.entries()) await writer.write(resultFeature(result, index + 1));
      return this.searchCaveats(reply, writer.count, [['source', 'POST /v1/search/parcels'], ['request', JSON.stringify(asked)]], asked.limit);
    });
  }

  async naturalLanguageSearch(request: FastifyRequest, body: unknown, target: ExportTarget): Promise<ReadyExport> {
    const asked = validateMessage(NaturalLanguageSearchRequest, body ?? {});
    const reply = await this.services.call(request, SearchSubjects.nlRun, { ...asked, limit: asked.limit ?? SEARCH_LIMIT_MAX });
    this.checkSearchSize(reply, asked.limit);
    const sites = reply.interpretation.assembly !== undefined;
    const context: ExportInfo = [
      ['source', 'POST /v1/search/natural-language'],
      ['query', asked.query],
      ['interpreted_as', reply.interpretation.filters.join('; ')],
      ['not_understood', reply.interpretation.not_understood.join(', ')],
      ['request', JSON.stringify(reply.interpretation.request)],
      ...(sites ? ([['assembly', JSON.stringify(reply.interpretation.assembly)]] as ExportInfo) : []),
    ];
    const layer = sites ? 'search_sites' : 'search_results';
    return this.write(target, { layer, file: `nl_${layer}` }, async (writer) => {
      if (sites) {
        for (const [index, site] of (reply.sites ?? []).entries()) {
          await writer.write({
            type: 'Feature',
            geometry: site.geometry,
            properties: flatProperties({
              rank: index + 1,
              parcel_ids: site.parcels.map((parcel) => parcel.parcel_id).join(', '),
              parcel_count: site.parcels.length,
              total_area_sqm: site.total_area_sqm,
              gmina: site.gmina,
              teryt: site.teryt,
              score: site.score,
              compactness: site.compactness,
              why: site.why.join('; '),
              unscreened: site.unscreened?.join(', ') ?? null,
              components: site.components,
            }),
          });
        }
      } else {
        for (const [index, result] of reply.results.entries()) {
          await writer.write(resultFeature(result, index + 1, { why: result.why.join('; ') }));
        }
      }
      return this.searchCaveats(reply, writer.count, context, asked.limit);
    });
  }

  async layerBbox(request: FastifyRequest, layerId: string, bbox: unknown, target: ExportTarget): Promise<ReadyExport> {
    // Validated before any work; layer-svc parses the box and refuses layers not served via api.
    const first = validateMessage(LayerFeaturesRequest, { layer_id: layerId, bbox, limit: FEATURES_MAX_LIMIT });
    const catalogue = await this.services.call(request, LayerSubjects.list, {});
    const layer = catalogue.layers.find((candidate) => candidate.id === layerId);
    if (layer === undefined) throw AppError.notFound(`No layer ${layerId}; GET /v1/layers lists them`);
    const max = this.env.EXPORT_MAX_FEATURES;
    const tooMany = (): AppError =>
      new AppError(
        'payload_too_large',
        `The layer ${layerId} has more than ${max} features in this bbox; an export holds at most ${max} features (and ${this.bytesText()}). ` +
          `Narrow the bbox, or page through all of them with GET /v1/ogc/collections/${layerId}/items?bbox=... (or /v1/layers/${layerId}/features), which has no size limit.`,
      );
    // counted first (up to the limit, an index scan): an export past it is refused before any page is read or written
    const { count } = await this.services.call(request, LayerSubjects.featuresCount, { layer_id: layerId, bbox: first.bbox, up_to: max });
    if (count > max) throw tooMany();
    return this.write(target, { layer: layerId, file: layerId }, async (writer) => {
      let cursor: string | undefined;
      let version = layer.version;
      do {
        const page = await this.services.call(request, LayerSubjects.features, { ...first, cursor });
        // a refresh between the count and the pages may have added features
        if (writer.count + page.features.length > max) throw tooMany();
        for (const feature of page.features) {
          await writer.write({ type: 'Feature', geometry: feature.geometry, properties: flatProperties({ id: feature.id, ...feature.properties }) });
        }
        version = page.version;
        cursor = page.next_cursor ?? undefined;
        if (target.signal.aborted) throw new AppError('internal', 'export abandoned: the client went away');
      } while (cursor !== undefined);
      const partial = layer.coverage === 'partial';
      return {
        coverage: [
          {
            criterion: 'layer',
            layer: layerId,
            mode: 'source',
            status: partial ? 'partial' : 'available',
            note: partial
              ? `${layer.name} has data in some regions only: where this bbox has no feature, the data may be missing, not the feature (unknown, not none). GET /v1/regions lists per region whether the layer is available.`
              : '',
          },
        ],
        info: [
          ['source', `GET /v1/layers/${layerId}/export`],
          ['layer_id', layerId],
          ['layer_name', layer.name],
          ['bbox', String(bbox)],
          ['layer_version', String(version)],
          ['layer_refreshed_at', layer.refreshed_at ?? ''],
          ['layer_source', layer.source],
          ['features', String(writer.count)],
        ],
        summary: `${layer.name} (${layerId}, version ${version}) in bbox ${String(bbox)}: ${writer.count} features${partial ? '; partial coverage, see table coverage' : ''}`,
      };
    });
  }

  /** A search answers at most SEARCH_LIMIT_MAX results; without a limit the export must hold every match. */
  private checkSearchSize(reply: SearchOutcomeView, askedLimit: number | undefined): void {
    if (askedLimit !== undefined || reply.matched <= reply.count) return;
    throw new AppError(
      'payload_too_large',
      `This search matches ${reply.matched} parcels; a search export holds at most ${SEARCH_LIMIT_MAX} (and ${this.bytesText()}). ` +
        `Narrow the search (a smaller region or bbox, more filters), or set limit (1 to ${SEARCH_LIMIT_MAX}) to export the best-ranked parcels only; ` +
        'for every parcel of an area use GET /v1/layers/parcels/export?bbox=... or page through GET /v1/ogc/collections/parcels/items.',
    );
  }

  private searchCaveats(reply: SearchOutcomeView, exported: number, context: ExportInfo, askedLimit: number | undefined): ExportCaveats {
    const gaps = reply.coverage.filter((entry) => entry.status !== 'available');
    const info: ExportInfo = [
      ...context,
      ['generated_at', new Date().toISOString()],
      ['matched', String(reply.matched)],
      ['exported', String(exported)],
      ['limit', askedLimit === undefined ? 'none: every match' : String(askedLimit)],
      ['blocked', String(reply.blocked)],
      ['unranked_signals', reply.unranked_signals?.join(', ') ?? ''],
      ['coverage_rule', UNKNOWN_NOT_NO],
    ];
    const summary =
      (reply.blocked ? 'BLOCKED: a required criterion has no data in the region, so nothing could be proven; ' : '') +
      `${exported} of ${reply.matched} matching parcels` +
      (gaps.length > 0 ? `; not fully checked: ${gaps.map((entry) => `${entry.criterion} (${entry.status})`).join(', ')}; see table coverage` : '; every criterion had data');
    return { coverage: searchCoverageRows(reply.coverage), info, summary };
  }

  private bytesText(): string {
    return `${Math.floor(this.env.EXPORT_MAX_BYTES / (1024 * 1024))} MiB`;
  }

  /**
   * One export in a temporary folder: the features written by `fill`, then ogr2ogr. The folder is
   * removed on any failure here, and by `release` once the answer has been sent or abandoned.
   * `names.layer` names the data inside the file (what QGIS shows); `names.file` starts the download's
   * name, which also carries the second it was made, so that `curl -OJ` never meets an earlier export
   * (curl refuses to overwrite) and a sentence's export is told from a structured search's.
   */
  private async write(target: ExportTarget, names: { layer: string; file: string }, fill: (writer: FeatureFileWriter) => Promise<ExportCaveats>): Promise<ReadyExport> {
    await this.slots.acquire(target.signal);
    const dir = await mkdtemp(join(this.env.EXPORT_TMP_DIR ?? tmpdir(), 'lp-export-')).catch((error: unknown) => {
      this.slots.release();
      throw error;
    });
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      this.slots.release();
      await rm(dir, { recursive: true, force: true });
    };
    const writer = new FeatureFileWriter(join(dir, 'features.geojson'));
    try {
      const caveats = await fill(writer);
      await writer.close();
      const pack = await writePackage({ dir, features: writer.path, name: names.layer, format: target.format, crs: target.crs, caveats, timeoutMs: this.env.EXPORT_TIMEOUT_MS, signal: target.signal });
      if (pack.bytes > this.env.EXPORT_MAX_BYTES) {
        throw new AppError(
          'payload_too_large',
          `This export would be ${Math.ceil(pack.bytes / (1024 * 1024))} MiB; an export is at most ${this.bytesText()}. Narrow the bbox or the search, ` +
            'or page through GET /v1/ogc/collections/{id}/items, which has no size limit.',
        );
      }
      const extension = target.format.zipped ? `${target.format.extension}.zip` : target.format.extension;
      return { pack, fileName: `${names.file}-${exportStamp(new Date())}.${extension}`, format: target.format, release };
    } catch (error) {
      writer.destroy();
      await release();
      throw error;
    }
  }
}

/** 2026-12-07T135012Z: UTC to the second, without the colons some file systems refuse. */
export function exportStamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/:/g, '')}Z`;
}

function resultFeature(result: SearchResultView, rank: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'Feature' as const,
    geometry: result.geometry,
    properties: flatProperties({
      rank,
      parcel_id: result.parcel_id,
      area_sqm: result.area_sqm,
      gmina: result.gmina,
      teryt: result.teryt,
      score: result.score,
      ...extra,
      unscreened: result.unscreened?.join(', ') ?? null,
      components: result.components,
    }),
  };
}
