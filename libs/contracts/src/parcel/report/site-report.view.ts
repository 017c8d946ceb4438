import { ApiProperty } from '@nestjs/swagger';
import { GeometryView } from '../../common/geojson.view.js';
import { CONSTRAINT_SEVERITIES, type ConstraintSeverity } from '../facts/constraints.view.js';
import { COVERAGE_STATUSES, type CoverageStatus } from '../../common/coverage-status.js';
import { ParcelReportView, ReportDataNoticeView } from './parcel-report.view.js';
import { BlockSourceView } from '../facts/block-coverage.view.js';
import { REPORT_LANGUAGES, type ReportLanguage } from './parcel-report.request.js';

export class SiteReportMemberView {
  @ApiProperty({ example: '306401_1.0001.123/4' })
  parcel_id!: string;

  @ApiProperty()
  area_sqm!: number;

  @ApiProperty({ description: 'Gmina name' })
  gmina!: string;

  @ApiProperty({ description: 'TERYT code of the gmina, 7 digits' })
  teryt!: string;
}

/** The site as a whole: its members joined, gaps up to max_gap_m closed, as site assembly draws it. */
export class SiteOutlineView {
  @ApiProperty({ type: GeometryView, description: 'The outline in WGS84: the members joined, gaps up to max_gap_m closed' })
  geometry!: GeometryView;

  @ApiProperty({ description: 'Sum of the members\' areas, m²' })
  total_area_sqm!: number;

  @ApiProperty({ description: 'Polsby-Popper 4πA/P² of the outline, 0 to 1' })
  compactness!: number;

  @ApiProperty({ description: 'The gap that joins members, m' })
  max_gap_m!: number;

  @ApiProperty({ type: [SiteReportMemberView], description: 'Members, largest first' })
  parcels!: SiteReportMemberView[];
}

/** A constraint area on or near the site, with its share of the whole site and the members it touches. */
export class SiteConstraintView {
  @ApiProperty({ example: 'nature' })
  topic!: string;

  @ApiProperty({ example: 'env_layers' })
  layer!: string;

  @ApiProperty({ example: 'natura2000_habitat' })
  kind!: string;

  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'Share of the site (the members\' total area) inside the area, percent; 0 when it only lies within the buffer' })
  overlap_pct!: number;

  @ApiProperty({ description: 'Distance from the nearest member, m; 0 when it overlaps the site' })
  distance_m!: number;

  @ApiProperty({ enum: CONSTRAINT_SEVERITIES, description: "The kind's severity where it overlaps some member; informational where it only lies near" })
  severity!: ConstraintSeverity;

  @ApiProperty({ type: [String], description: 'Members it overlaps, whatever its severity (or, when it overlaps none, the members it lies near)' })
  parcel_ids!: string[];
}

/** A layer without full data for some members: facts from it are unknown there, not absent. */
export class SiteCoverageGapView {
  @ApiProperty({ example: 'mpzp_zones' })
  layer!: string;

  @ApiProperty({ enum: COVERAGE_STATUSES, description: 'The worst status among the members listed' })
  status!: CoverageStatus;

  @ApiProperty({ type: [String], description: 'The members for which the layer could not be (fully) checked' })
  parcel_ids!: string[];

  @ApiProperty({ description: 'What could not be checked, in words' })
  note!: string;
}

export class SiteReportProvenanceView {
  @ApiProperty({ format: 'date-time' })
  generated_at!: string;

  @ApiProperty({ description: 'Fingerprint of the layer versions used by every member (sha256 over layer:version pairs)' })
  data_version!: string;

  @ApiProperty({ type: [BlockSourceView] })
  layers!: BlockSourceView[];
}

/** POST /v1/sites/report (application/json): the report on an assembled site. An addition to the spec. */
export class SiteReportView {
  @ApiProperty({ type: SiteOutlineView })
  site!: SiteOutlineView;

  @ApiProperty({ enum: REPORT_LANGUAGES })
  language!: ReportLanguage;

  @ApiProperty({ type: ReportDataNoticeView, nullable: true, description: 'Set when some data the report used is generated demo data' })
  data_notice!: ReportDataNoticeView | null;

  @ApiProperty({ description: 'The site in a few sentences: members and area, constraints on the union, zoning and terrain of the members, what could not be checked' })
  summary!: string;

  @ApiProperty({ type: [String] })
  summary_sentences!: string[];

  @ApiProperty({ description: 'Some constraint area of blocking severity overlaps the site' })
  blocking!: boolean;

  @ApiProperty({ type: [SiteConstraintView], description: 'Constraint areas on the site or within 100 m of a member, each once, most severe first' })
  constraints!: SiteConstraintView[];

  @ApiProperty({ type: [SiteCoverageGapView], description: 'Every layer without full data for some member, with which members' })
  coverage_gaps!: SiteCoverageGapView[];

  @ApiProperty({ type: [ParcelReportView], description: "Each member's own report (as GET /v1/parcels/{id}/report), in the order of site.parcels" })
  members!: ParcelReportView[];

  @ApiProperty({ type: SiteReportProvenanceView })
  provenance!: SiteReportProvenanceView;
}
