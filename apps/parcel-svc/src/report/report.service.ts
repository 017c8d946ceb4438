import { Injectable } from '@nestjs/common';
import {
  AppError,
  REPORT_LANGUAGE_DEFAULT,
  type BlockCoverageView,
  type BlockSourceView,
  type ParcelReportRequest,
  type ParcelReportView,
  type ReportPdfView,
} from '@lp/contracts';
import { createHash } from 'node:crypto';
import { ScenarioFitClient } from '../rpc/scenario-fit.client.js';
import { ParcelService } from '../parcel/parcel.service.js';
import { ReportMapRepository } from './map/report-map.repository.js';
import { ReportPdfRenderer } from './pdf/report-pdf.renderer.js';
import { summarise } from './summary/report-summary.js';
import { SUMMARY_PHRASES } from './summary/summary-phrases.js';
import { dataNotice, featuresNamed, SourceNotesRepository } from './data-notice.js';

const REPORT_INCLUDE = ['regulations', 'constraints', 'terrain', 'proximity', 'market'];

/**
 * The due-diligence report: the parcel and every facts block (through ParcelService, so the
 * report says exactly what the block routes say), market comparables, scenario fit from
 * search-svc, a summary in words, coverage gaps, and a fingerprint of the layer versions used.
 */
@Injectable()
export class ReportService {
  constructor(
    private readonly parcels: ParcelService,
    private readonly scenarios: ScenarioFitClient,
    private readonly maps: ReportMapRepository,
    private readonly pdf: ReportPdfRenderer,
    private readonly sourceNotes: SourceNotesRepository,
  ) {}

  async report(request: ParcelReportRequest): Promise<ParcelReportView> {
    const language = request.language ?? REPORT_LANGUAGE_DEFAULT;
    const feature = await this.parcels.getFeature(request.parcel_id, REPORT_INCLUDE);
    const { regulations, constraints, terrain, proximity, market, ...base } = feature.properties;
    if (!regulations || !constraints || !terrain || !proximity || !market) {
      throw new AppError('internal', `The facts of parcel ${feature.id} could not be derived.`);
    }
    const [scenarioFit, scenarioTitle] = request.scenario
      ? await Promise.all([this.scenarios.evaluateIfAvailable(request.scenario, feature.id), this.scenarios.title(request.scenario, language)])
      : [null, null];
    const layers = usedLayers([regulations.sources, constraints.sources, terrain.sources, proximity.sources, market.sources ?? []]);
    const used = layers.map((l) => l.layer);
    const notice = dataNotice(used, await this.sourceNotes.notesOf(used), language, featuresNamed([constraints.items, proximity.items]));
    const scenario = request.scenario ? { id: request.scenario, title: scenarioTitle, evaluated: scenarioFit !== null } : null;
    const sentences = summarise(
      { parcelId: feature.id, gmina: base.gmina, areaSqm: base.area_sqm, regulations, constraints, terrain, proximity, market, scenarioFit, scenario, dataNotice: notice?.text ?? null },
      language,
    );
    return {
      parcel: { ...feature, properties: base },
      language,
      data_notice: notice,
      summary: sentences.join(' '),
      summary_sentences: sentences,
      scenario_fit: scenarioFit,
      ...(scenarioTitle ? { scenario_title: scenarioTitle } : {}),
      ...(scenario && !scenario.evaluated ? { scenario_fit_note: SUMMARY_PHRASES[language].scenarioUnavailable(scenario.id) } : {}),
      market,
      regulations,
      constraints,
      terrain,
      proximity,
      coverage_gaps: coverageGaps([regulations.coverage, constraints.coverage, terrain.coverage, proximity.coverage, market.coverage]),
      provenance: { generated_at: new Date().toISOString(), data_version: fingerprint(layers), layers, parcel: base.provenance },
    };
  }

  async pdfOf(request: ParcelReportRequest): Promise<{ report: ParcelReportView; pdf: Buffer }> {
    const report = await this.report(request);
    const map = await this.maps.mapOf(report.parcel.id);
    return { report, pdf: await this.pdf.render(report, map) };
  }

  async pdfView(request: ParcelReportRequest): Promise<ReportPdfView> {
    const { report, pdf } = await this.pdfOf(request);
    return { filename: reportFilename(report.parcel.id), content_base64: pdf.toString('base64') };
  }
}

export function reportFilename(parcelId: string): string {
  return `report-${parcelId.replaceAll('/', '-')}.pdf`;
}

/** Each layer once, by id: the blocks share some (parcels above all). */
function usedLayers(lists: BlockSourceView[][]): BlockSourceView[] {
  const byLayer = new Map<string, BlockSourceView>();
  for (const source of lists.flat()) byLayer.set(source.layer, source);
  return [...byLayer.values()].sort((a, b) => a.layer.localeCompare(b.layer));
}

/** sha256 over the sorted `layer:version` pairs: the same data gives the same fingerprint. */
export function fingerprint(layers: BlockSourceView[]): string {
  const text = layers.map((l) => `${l.layer}:${l.version}`).sort().join('\n');
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** Every layer without full data here, once, the missing status winning over partial. */
export function coverageGaps(lists: BlockCoverageView[][]): BlockCoverageView[] {
  const byLayer = new Map<string, BlockCoverageView>();
  for (const entry of lists.flat()) {
    if (entry.status === 'available') continue;
    const known = byLayer.get(entry.layer);
    if (!known || (known.status === 'partial' && entry.status === 'missing')) byLayer.set(entry.layer, entry);
  }
  return [...byLayer.values()];
}
