import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ProvenanceView } from '../../common/provenance.view.js';
import { ScenarioFitView } from '../../search/evaluate-scenario.request.js';
import { BlockCoverageView, BlockSourceView } from '../facts/block-coverage.view.js';
import { ConstraintsView } from '../facts/constraints.view.js';
import { MarketSummaryView } from '../facts/market-summary.view.js';
import { ProximityView } from '../facts/proximity.view.js';
import { RegulationsView } from '../facts/regulations.view.js';
import { TerrainView } from '../facts/terrain.view.js';
import { ParcelFeatureView } from '../parcel-feature.view.js';
import { REPORT_LANGUAGES, type ReportLanguage } from './parcel-report.request.js';

/** What the report was derived from, so the same report can be produced again and compared. */
export class ReportProvenanceView {
  @ApiProperty({ format: 'date-time', description: 'When the report was generated' })
  generated_at!: string;

  @ApiProperty({
    description: 'Fingerprint of the layer versions used (sha256 over layer:version pairs). Equal fingerprints mean the same data; a refresh of any layer used changes it.',
    example: 'sha256:3f1c…',
  })
  data_version!: string;

  @ApiProperty({ type: [BlockSourceView], description: 'Every layer version the report used, by layer id' })
  layers!: BlockSourceView[];

  @ApiProperty({ type: ProvenanceView, description: 'Where the parcel geometry came from' })
  parcel!: ProvenanceView;
}

/** Said on the first page when the report rests on generated (demo) data. */
export class ReportDataNoticeView {
  @ApiProperty({
    type: [String],
    description: 'Layers used by the report whose served source says it is generated, wholly or in part, not real data (layer_versions source notes)',
    example: ['parcels', 'mpzp_zones'],
  })
  generated_layers!: string[];

  @ApiProperty({ description: 'The notice in the report language; also the first summary sentence' })
  text!: string;
}

/** GET /parcels/{id}/report (application/json): the due-diligence report of one parcel. */
export class ParcelReportView {
  @ApiProperty({ type: ParcelFeatureView, description: 'The parcel feature (base properties, geometry in WGS84)' })
  parcel!: ParcelFeatureView;

  @ApiProperty({ enum: REPORT_LANGUAGES })
  language!: ReportLanguage;

  @ApiProperty({ type: ReportDataNoticeView, nullable: true, description: 'Set when some data the report used is generated demo data, not real records; null otherwise' })
  data_notice!: ReportDataNoticeView | null;

  @ApiProperty({ description: 'A few plain sentences a buyer wants first: area, zoning, constraints, terrain, nearest infrastructure, price level, scenario fit' })
  summary!: string;

  @ApiProperty({ type: [String], description: 'The summary, one sentence per item (for bullet lists)' })
  summary_sentences!: string[];

  @ApiProperty({ type: ScenarioFitView, nullable: true, description: 'Scenario fit when a scenario was given, otherwise null' })
  scenario_fit!: ScenarioFitView | null;

  @ApiPropertyOptional({ description: "The asked scenario's title in the report language (absent when the scenario catalogue could not be read)", example: 'Farma fotowoltaiczna' })
  scenario_title?: string;

  @ApiPropertyOptional({ description: 'Set when a scenario was asked for but could not be evaluated now (the scenario service did not answer): scenario_fit is then null' })
  scenario_fit_note?: string;

  @ApiProperty({ type: MarketSummaryView, description: 'median_price_per_sqm_pln and comparables; both absent when the transactions layer has no data here (see its coverage)' })
  market!: MarketSummaryView;

  @ApiProperty({ type: RegulationsView })
  regulations!: RegulationsView;

  @ApiProperty({ type: ConstraintsView, description: 'Constraints on the parcel or within 100 m' })
  constraints!: ConstraintsView;

  @ApiProperty({ type: TerrainView })
  terrain!: TerrainView;

  @ApiProperty({ type: ProximityView })
  proximity!: ProximityView;

  @ApiProperty({ type: [BlockCoverageView], description: 'Every layer the report depends on that has no or only partial data here: facts from it are unknown, not absent' })
  coverage_gaps!: BlockCoverageView[];

  @ApiProperty({ type: ReportProvenanceView })
  provenance!: ReportProvenanceView;
}
