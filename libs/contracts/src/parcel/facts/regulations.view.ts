import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BlockCoverageView, BlockSourceView } from './block-coverage.view.js';
import { ZONING_EVIDENCE_SOURCES, type ZoningEvidenceSource } from '../../layer/zoning-taxonomy.js';

/** The statutory pre-emption rights the regulations block recognises, as stable ids. */
export const PRE_EMPTION_RIGHTS = ['agricultural_property', 'forest_land', 'national_park', 'public_purpose'] as const;
export type PreEmptionRight = (typeof PRE_EMPTION_RIGHTS)[number];

/** Another local-plan zone that also covers part of the parcel. */
export class MpzpOtherZoneView {
  @ApiProperty({ description: 'Raw zone symbol' })
  symbol!: string;

  @ApiProperty({ description: 'Normalised category' })
  category!: string;

  @ApiProperty({ description: 'Share of the parcel area in this zone, %' })
  overlap_pct!: number;
}

/** The local-plan (MPZP) zone covering the largest share of the parcel. */
export class MpzpZoneView {
  @ApiProperty({ description: 'APP identifier of the plan' })
  plan_id!: string;

  @ApiProperty()
  plan_name!: string;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  adopted_on!: string | null;

  @ApiPropertyOptional({
    description: "Legal status of the plan: in_force, or partially_repealed (a court or the voivode repealed part of it; its document says which part). Absent when the plan boundaries' data does not say",
    example: 'in_force',
  })
  legal_status?: string;

  @ApiProperty({ description: 'Raw zone symbol as written in the plan, always kept', example: '12.MN/U' })
  symbol!: string;

  @ApiProperty({ description: 'Normalised category of the zoning taxonomy', example: 'mixed_residential_services' })
  category!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Zone designation in words' })
  label!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  max_height_m!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  max_building_coverage_pct!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  min_biologically_active_pct!: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'URL of the plan document' })
  document_url!: string | null;

  @ApiProperty({ description: 'Share of the parcel area in this zone, %' })
  overlap_pct!: number;

  @ApiProperty({ type: [MpzpOtherZoneView], description: 'Other zones covering at least 1 % of the parcel, largest first' })
  other_zones!: MpzpOtherZoneView[];
}

export class PlanOgolnyZoneView {
  @ApiProperty({ description: 'Procedure status: in_preparation, public_consultation, adopted, in_force' })
  status!: string;

  @ApiProperty({ example: 'SW' })
  zone_symbol!: string;

  @ApiProperty({ type: String, nullable: true })
  zone_label!: string | null;

  @ApiProperty({ description: 'Zone type (layer kind)', example: 'multifunctional_single_family' })
  kind!: string;

  @ApiProperty({ type: Boolean, nullable: true, description: 'True when the zone type allows new building' })
  allows_building!: boolean | null;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  adopted_on!: string | null;

  @ApiProperty({ type: String, nullable: true })
  document_url!: string | null;

  @ApiPropertyOptional({
    description: 'True when the plan binds (status in_force): only then does it decide zoning where no local plan applies; a draft is information only',
  })
  binding?: boolean;
}

export class StudiumView {
  @ApiProperty({ description: 'Designation as written in the study' })
  designation!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Normalised category of the designation' })
  category!: string | null;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  adopted_on!: string | null;
}

export class PreEmptionView {
  @ApiProperty({ description: 'Who holds the statutory right of pre-emption', example: 'Krajowy Ośrodek Wsparcia Rolnictwa (KOWR)' })
  holder!: string;

  @ApiProperty({ description: 'Legal basis', example: 'art. 3 ustawy z dnia 11 kwietnia 2003 r. o kształtowaniu ustroju rolnego' })
  basis!: string;

  @ApiProperty({ description: 'Why it applies to this parcel, from our data' })
  reason!: string;

  @ApiPropertyOptional({
    enum: PRE_EMPTION_RIGHTS,
    description: 'Which statutory right, as a stable id: agricultural_property (KOWR), forest_land (State Forests), national_park, public_purpose (the gmina)',
  })
  right?: PreEmptionRight;

  @ApiPropertyOptional({ type: [String], description: 'The EGiB land-use classes the right rests on (agricultural_property, forest_land)' })
  land_use_classes?: string[];

  @ApiPropertyOptional({ description: 'Share of the parcel under forest stands, when the forest right rests on it' })
  forest_pct?: number;
}

/**
 * GET /parcels/{id}/regulations. `mpzp: null` means no local plan applies (a WZ decision would
 * be needed). When a layer has no data in the gmina, its field is absent (never null) and
 * `coverage` says why.
 */
export class RegulationsView {
  @ApiPropertyOptional({
    type: MpzpZoneView,
    nullable: true,
    description: 'Local plan zone; null when no local plan applies; absent when the zone data of the plan is not available (see coverage)',
  })
  mpzp?: MpzpZoneView | null;

  @ApiPropertyOptional({
    type: PlanOgolnyZoneView,
    nullable: true,
    description: 'General plan zone; null when the gmina has no general plan zone here; absent when the layer has no data in the gmina',
  })
  plan_ogolny?: PlanOgolnyZoneView | null;

  @ApiPropertyOptional({ type: StudiumView, nullable: true, description: 'Legacy directional study designation; null when none covers the parcel' })
  studium?: StudiumView | null;

  @ApiPropertyOptional({
    enum: ZONING_EVIDENCE_SOURCES,
    description:
      'Which instrument decides the zoning, as search counts it: mpzp (a local-plan zone), plan_ogolny (no local plan; a general plan in force), ' +
      'unknown (a local plan applies but its zones are not in our data, or the plan data is missing), none (no local plan and no binding general plan). The study never decides.',
  })
  zoning_source?: ZoningEvidenceSource;

  @ApiProperty({ type: [PreEmptionView], description: 'Statutory pre-emption rights on a sale of the parcel' })
  pre_emption!: PreEmptionView[];

  @ApiProperty({ type: [BlockCoverageView], description: 'Every layer these facts depend on, with its coverage in the gmina' })
  coverage!: BlockCoverageView[];

  @ApiProperty({ type: [BlockSourceView], description: 'Layer versions the facts were derived from' })
  sources!: BlockSourceView[];
}
