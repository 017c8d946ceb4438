import type { BlockCoverageView, LandType, OwnershipView, ParcelPriceEstimateView, ParcelReportView, ReportLanguage } from '@lp/contracts';
import type PDFDocument from 'pdfkit';
import { criterionLabel, isPlanOgolnyBinding } from '@lp/contracts';
import { formatDate, formatDateTime, formatDistance, formatHectares, formatNumber, proximityItemLabel, proximityLabel, SEVERITY_LABELS } from '../report-vocabulary.js';
import { categoryName, constraintAreaName, constraintKindName, layerName, planStatus } from '../report-terms.js';
import { preEmptionWords } from '../pre-emption-terms.js';
import { EN_ASPECT, PL_ASPECT } from '../summary/summary-phrases.js';
import { WIND_SCENARIO, WIND_SETBACK_TOPIC } from '../summary/report-summary.js';
import { SEVERITY_COLOR } from './map-drawing.js';
import type { PdfLabels } from './pdf-labels.js';
import { drawFacts, drawTable, ensureSpace, factsHeight, KEEP_TOGETHER_MAX, paragraph, sectionHeading, subHeading, type TableCell } from './pdf-layout.js';
import { COLORS } from './pdf-theme.js';

type Doc = InstanceType<typeof PDFDocument>;

const UNKNOWN_COLOR = COLORS.restrictive;

/** The fact sections of the PDF, in the order a buyer reads them. */
export function drawParcelSections(doc: Doc, report: ParcelReportView, labels: PdfLabels): void {
  const language = report.language;
  parcelSection(doc, report, labels, language);
  zoningSection(doc, report, labels, language);
  constraintsSection(doc, report, labels, language);
  terrainSection(doc, report, labels, language);
  infrastructureSection(doc, report, labels, language);
  marketSection(doc, report, labels, language);
  if (report.scenario_fit || report.scenario_fit_note) scenarioSection(doc, report, labels, language);
  gapsSection(doc, report, labels, language);
  sourcesSection(doc, report, labels, language);
}

const n = (value: number, language: ReportLanguage, digits = 0): string => formatNumber(value, language, digits);
const unknown = (labels: PdfLabels, why?: string): TableCell => ({ text: why ? `${labels.unknown}: ${why}` : labels.unknown, color: UNKNOWN_COLOR });
/** Why a fact is unknown: the block's own note in English; the notes are English only, so Polish says it in general words. */
const noteOf = (coverage: BlockCoverageView[], layer: string, labels: PdfLabels, language: ReportLanguage): string | undefined => {
  const entry = coverage.find((c) => c.layer === layer && c.status !== 'available');
  if (!entry) return undefined;
  return language === 'en' ? entry.note : labels.gapNote(entry.status);
};

function parcelSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  const p = report.parcel.properties;
  sectionHeading(doc, labels.parcel, factsHeight(7));
  drawFacts(doc, [
    [labels.parcelId, report.parcel.id],
    [labels.number, p.number],
    [labels.precinct, p.precinct_name ? `${p.precinct_name} (${p.precinct_id})` : p.precinct_id],
    [labels.gmina, `${p.gmina} (TERYT ${p.teryt})`],
    [labels.area, `${n(Math.round(p.area_sqm), language)} m² (${formatHectares(p.area_sqm, language)})`],
    [labels.ownership, ownershipCell(p.ownership, labels, language)],
    [labels.centroid, `${p.centroid[1]?.toFixed(6)}, ${p.centroid[0]?.toFixed(6)}`],
  ]);
}

/** "7 – osoby fizyczne (dane demonstracyjne, wygenerowane)", or unknown in grey: no group is no "no owner". */
function ownershipCell(ownership: OwnershipView, labels: PdfLabels, language: ReportLanguage): string | TableCell {
  if (ownership.status !== 'known') return unknown(labels);
  const label = language === 'pl' ? ownership.label_pl : ownership.label_en;
  return `${ownership.registration_group} – ${label}${ownership.source.generated ? ` (${labels.generatedValue})` : ''}`;
}

function zoningSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  const { mpzp, plan_ogolny: general, studium, pre_emption: preEmption, coverage } = report.regulations;
  // The heading stays with its sub-heading and the start of the plan facts: both headings
  // reserve space on their own, but the section's reservation must cover the sub-heading's too.
  ensureSpace(doc, 50 + (mpzp ? KEEP_TOGETHER_MAX : 30));
  sectionHeading(doc, labels.zoning, mpzp ? factsHeight(8) : 40);
  subHeading(doc, labels.localPlan, mpzp ? factsHeight(8) : 30);
  if (mpzp) {
    const optional = (label: string, value: number | null, unit: string): Array<[string, string]> => (value === null ? [] : [[label, `${n(value, language, 1)} ${unit}`]]);
    drawFacts(doc, [
      [labels.planName, mpzp.plan_name],
      ...(mpzp.adopted_on ? [[labels.adopted, formatDate(mpzp.adopted_on, language)] as [string, string]] : []),
      ...(mpzp.legal_status ? [[labels.legalStatus, planStatus(mpzp.legal_status, language)] as [string, string]] : []),
      [labels.zone, mpzp.symbol],
      [labels.category, categoryName(mpzp.category, language)],
      ...(mpzp.label ? [[labels.designation, mpzp.label] as [string, string]] : []),
      ...optional(labels.maxHeight, mpzp.max_height_m, 'm'),
      ...optional(labels.maxCoverage, mpzp.max_building_coverage_pct, '%'),
      ...optional(labels.minBiological, mpzp.min_biologically_active_pct, '%'),
      [labels.zoneShare, `${n(mpzp.overlap_pct, language, 1)} %`],
      ...(mpzp.other_zones.length ? [[labels.otherZones, mpzp.other_zones.map((z) => `${z.symbol} (${n(z.overlap_pct, language, 1)} %)`).join(', ')] as [string, string]] : []),
      ...(mpzp.document_url ? [[labels.document, mpzp.document_url] as [string, string]] : []),
    ]);
  } else if (mpzp === null) {
    paragraph(doc, labels.noLocalPlan);
  } else {
    drawFacts(doc, [[labels.localPlan, unknown(labels, noteOf(coverage, 'mpzp_zones', labels, language) ?? noteOf(coverage, 'mpzp_plans', labels, language))]]);
  }
  subHeading(doc, labels.generalPlan);
  if (general) {
    drawFacts(doc, [
      [labels.zone, `${general.zone_symbol}${general.zone_label ? ` (${general.zone_label})` : ''}`],
      [labels.status, isPlanOgolnyBinding(general.status) ? planStatus(general.status, language) : { text: `${planStatus(general.status, language)}. ${labels.draftPlanNote}`, color: UNKNOWN_COLOR }],
      [labels.allowsBuilding, general.allows_building === null ? labels.unknown : general.allows_building ? labels.yes : labels.no],
      ...(general.adopted_on ? [[labels.adopted, formatDate(general.adopted_on, language)] as [string, string]] : []),
    ]);
  } else if (general === null) {
    paragraph(doc, labels.noneApplies);
  } else {
    drawFacts(doc, [[labels.generalPlan, unknown(labels, noteOf(coverage, 'plan_ogolny_zones', labels, language))]]);
  }
  subHeading(doc, labels.studium);
  if (studium) drawFacts(doc, [[labels.designation, `${studium.designation}${studium.adopted_on ? ` (${labels.adopted.toLowerCase()} ${formatDate(studium.adopted_on, language)})` : ''}`]]);
  else if (studium === null) paragraph(doc, labels.noneApplies);
  else drawFacts(doc, [[labels.studium, unknown(labels, noteOf(coverage, 'studium_zones', labels, language))]]);
  subHeading(doc, labels.preEmption);
  if (preEmption.length === 0) paragraph(doc, labels.noneApplies);
  else
    drawTable(
      doc,
      [
        { header: labels.holder, width: 0.35 },
        { header: labels.basis, width: 0.65 },
      ],
      preEmption.map((right) => {
        const words = preEmptionWords(right, report.regulations, language);
        return [words.holder, `${words.basis}. ${words.reason}`];
      }),
    );
}

function constraintsSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  const block = report.constraints;
  sectionHeading(doc, labels.constraints(block.buffer_m));
  if (block.items.length === 0) paragraph(doc, labels.noConstraints);
  else
    drawTable(
      doc,
      [
        { header: labels.severity, width: 0.15 },
        { header: labels.areaName, width: 0.37 },
        { header: labels.kind, width: 0.24 },
        { header: labels.overlap, width: 0.12, align: 'right' },
        { header: labels.distance, width: 0.12, align: 'right' },
      ],
      block.items.map((item) => [
        { text: SEVERITY_LABELS[language][item.severity], color: SEVERITY_COLOR[item.severity], bold: item.severity === 'blocking' },
        constraintAreaName(item, language),
        constraintKindName(item.layer, item.kind, language),
        `${n(item.overlap_pct, language, 1)} %`,
        formatDistance(item.distance_m, language),
      ]),
    );
  if (block.items.some((item) => item.topic === WIND_SETBACK_TOPIC)) {
    paragraph(doc, report.scenario_fit?.scenario === WIND_SCENARIO ? labels.windSetbackForWind : labels.windSetbackNote, COLORS.muted, 7.5);
  }
  const unchecked = block.coverage.filter((c) => c.status === 'missing').map((c) => layerName(c.layer, language));
  if (unchecked.length) paragraph(doc, `${labels.notChecked}: ${unchecked.join(', ')}.`, UNKNOWN_COLOR);
}

function terrainSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  const t = report.terrain;
  sectionHeading(doc, labels.terrain, factsHeight(t.slope_mean_pct === undefined ? 2 : 6));
  if (t.slope_mean_pct === undefined) {
    drawFacts(doc, [[labels.terrain, unknown(labels, noteOf(t.coverage, 'terrain_stats', labels, language))]]);
    return;
  }
  const pairs: Array<[string, string]> = [];
  if (t.elevation_min_m !== undefined && t.elevation_max_m !== undefined) pairs.push([labels.elevation, `${n(t.elevation_min_m, language, 1)} – ${n(t.elevation_max_m, language, 1)} m`]);
  if (t.elevation_mean_m !== undefined) pairs.push([labels.elevationMean, `${n(t.elevation_mean_m, language, 1)} m`]);
  pairs.push([labels.slopeMean, `${n(t.slope_mean_pct, language, 1)} %`]);
  if (t.slope_p90_pct !== undefined) pairs.push([labels.slopeP90, `${n(t.slope_p90_pct, language, 1)} %`]);
  if (t.aspect) pairs.push([labels.aspect, (language === 'pl' ? PL_ASPECT : EN_ASPECT)[t.aspect] ?? t.aspect]);
  if (t.dem_resolution_m !== undefined) pairs.push([labels.demResolution, `${n(t.dem_resolution_m, language, 1)} m`]);
  drawFacts(doc, pairs);
}

function infrastructureSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  const block = report.proximity;
  sectionHeading(doc, labels.infrastructure);
  const rows: Array<Array<string | TableCell>> = [
    ...block.items.map((item) => [proximityLabel(item.kind, language), item.layer === 'power_substations' ? `${item.name ?? '—'} · ${proximityItemLabel(item, language)}` : (item.name ?? '—'), formatDistance(item.distance_m, language)]),
    ...block.not_found.map((miss) => [proximityLabel(miss.kind, language), '—', labels.noneWithin(formatDistance(miss.searched_within_m, language))]),
  ];
  const missingLayers = block.coverage.filter((c) => c.status === 'missing').map((c) => layerName(c.layer, language));
  drawTable(
    doc,
    [
      { header: labels.kind, width: 0.36 },
      { header: labels.nearestFeature, width: 0.38 },
      { header: labels.distance, width: 0.26, align: 'right' },
    ],
    rows,
  );
  if (missingLayers.length) paragraph(doc, `${labels.noData}: ${missingLayers.join(', ')}.`, UNKNOWN_COLOR);
}

function marketSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  const m = report.market;
  const byLandType = m.land_type_medians ?? [];
  sectionHeading(doc, labels.market, factsHeight(5 + byLandType.length));
  const currency = language === 'pl' ? 'zł/m²' : 'PLN/m²';
  // farmland and building plots are priced apart: the one median over both is left out where they are split
  const median: Array<[string, string | TableCell]> = byLandType.length
    ? byLandType.map((group) => [labels.landTypeMedian[group.land_type], `${n(group.median_price_per_sqm_pln, language)} ${currency} (${group.count})`])
    : [[labels.medianPrice, m.comparables === undefined ? unknown(labels, noteOf(m.coverage, 'transactions', labels, language)) : m.median_price_per_sqm_pln == null ? '—' : `${n(m.median_price_per_sqm_pln, language)} ${currency}`]];
  drawFacts(doc, [
    [labels.priceEstimate, priceEstimateCell(m.price_estimate, labels, language, currency)],
    ...median,
    [labels.comparables, m.comparables === undefined ? unknown(labels) : String(m.comparables)],
    [labels.radius, formatDistance(m.radius_m, language)],
    [labels.since, formatDate(m.since, language)],
  ]);
}

/** The estimate search judges the price filter by, with its comparables and spread; unknown in grey with the reason (English only, as the block notes). */
function priceEstimateCell(estimate: ParcelPriceEstimateView | undefined, labels: PdfLabels, language: ReportLanguage, currency: string): string | TableCell {
  if (!estimate?.estimate) return unknown(labels, language === 'en' ? estimate?.reason : undefined);
  const e = estimate.estimate;
  const price = `${n(e.price_pln, language)} ${language === 'pl' ? 'zł' : 'PLN'}`;
  const perSqm = (value: number): string => `${n(value, language, 2)} ${currency}`;
  return `${price} (${labels.priceEstimateBasis(e.comparables, e.land_type as LandType, perSqm(e.p25_price_per_sqm_pln), perSqm(e.p75_price_per_sqm_pln))})`;
}

function scenarioSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  const fit = report.scenario_fit;
  sectionHeading(doc, labels.scenarioFit, factsHeight(4));
  if (!fit) {
    paragraph(doc, report.scenario_fit_note ?? '', UNKNOWN_COLOR);
    return;
  }
  const criteria = (list: string[] | undefined): string => (list?.length ? list.map((c) => criterionLabel(c, language)).join('; ') : '—');
  drawFacts(doc, [
    [labels.scenario, report.scenario_title ? `${report.scenario_title} (${fit.scenario})` : fit.scenario],
    [labels.passes, { text: fit.passes ? labels.yes : labels.no, bold: true, color: fit.passes ? COLORS.accent : COLORS.blocking }],
    [labels.failed, criteria(fit.failed_criteria)],
    [labels.unverified, criteria(fit.unverified_criteria)],
  ]);
}

function gapsSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  sectionHeading(doc, labels.coverageGaps);
  if (report.coverage_gaps.length === 0) {
    paragraph(doc, labels.noGaps);
    return;
  }
  drawTable(
    doc,
    [
      { header: labels.layer, width: 0.24 },
      { header: labels.status, width: 0.14 },
      { header: labels.meaning, width: 0.62 },
    ],
    report.coverage_gaps.map((gap) => [
      layerName(gap.layer, language),
      { text: labels.coverageStatus[gap.status], color: UNKNOWN_COLOR, bold: gap.status === 'missing' },
      // The block notes are written in English; the Polish report says the same in general words.
      language === 'en' && gap.note ? gap.note : labels.gapNote(gap.status),
    ]),
  );
}

function sourcesSection(doc: Doc, report: ParcelReportView, labels: PdfLabels, language: ReportLanguage): void {
  const provenance = report.provenance;
  const generated = new Set(report.data_notice?.generated_layers ?? []);
  sectionHeading(doc, labels.sources);
  drawTable(
    doc,
    [
      { header: labels.layer, width: 0.28 },
      { header: labels.version, width: 0.12, align: 'right' },
      { header: labels.refreshed, width: 0.28 },
      { header: labels.run, width: 0.32 },
    ],
    provenance.layers.map((source) => [
      generated.has(source.layer) ? { text: `${layerName(source.layer, language)} · demo`, color: COLORS.blocking } : layerName(source.layer, language),
      String(source.version),
      formatDateTime(source.refreshed_at, language),
      source.source_run_id,
    ]),
  );
  const parcel = provenance.parcel;
  paragraph(doc, `${labels.parcelSource}: ${parcel.source_url} (${labels.fetched} ${formatDate(parcel.fetched_at, language)}, ${parcel.source_run_id}).`, COLORS.muted, 7.5);
  paragraph(doc, `${labels.dataVersion}: ${provenance.data_version}`, COLORS.muted, 7.5);
  paragraph(doc, labels.disclaimer, COLORS.muted, 7.5);
}
