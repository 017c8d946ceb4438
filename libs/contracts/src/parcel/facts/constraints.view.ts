import { ApiProperty } from '@nestjs/swagger';
import { BlockCoverageView, BlockSourceView } from './block-coverage.view.js';

export const CONSTRAINT_SEVERITIES = ['blocking', 'restrictive', 'informational'] as const;
export type ConstraintSeverity = (typeof CONSTRAINT_SEVERITIES)[number];

/** One constraint area overlapping the parcel or lying within the buffer around it. */
export class ConstraintItemView {
  @ApiProperty({ description: 'Constraint topic', example: 'natura2000' })
  topic!: string;

  @ApiProperty({ example: 'env_layers' })
  layer!: string;

  @ApiProperty({ example: 'natura2000_habitat' })
  kind!: string;

  @ApiProperty({ description: 'Feature id in the layer (GET /layers/{layer}/features)' })
  id!: string;

  @ApiProperty({ description: 'Name of the area, or the kind in words when it has none' })
  name!: string;

  @ApiProperty({ description: 'Share of the parcel area inside the constraint area, % (0 when only within the buffer)' })
  overlap_pct!: number;

  @ApiProperty({ description: 'Metres from the parcel to the area; 0 when they overlap' })
  distance_m!: number;

  @ApiProperty({
    enum: CONSTRAINT_SEVERITIES,
    description: 'blocking: normally prevents development; restrictive: allowed under conditions; informational: worth knowing. An area that only lies near the parcel is at most informational.',
  })
  severity!: ConstraintSeverity;
}

/** GET /parcels/{id}/constraints: constraint areas intersecting the parcel or a buffer around it. */
export class ConstraintsView {
  @ApiProperty({ description: 'True when at least one item is blocking' })
  blocking!: boolean;

  @ApiProperty({ description: 'Buffer around the parcel that was searched, metres' })
  buffer_m!: number;

  @ApiProperty({ type: [ConstraintItemView], description: 'Blocking first, then restrictive, informational; nearest first' })
  items!: ConstraintItemView[];

  @ApiProperty({
    type: [String],
    description: 'Topics checked: natura2000, protected_landscape, national_park, nature_reserve, flood_risk, wetland, heritage, mining, aviation, groundwater, wind_setback',
  })
  topics_checked!: string[];

  @ApiProperty({ type: [BlockCoverageView], description: 'Every constraint layer with its coverage in the gmina; an empty items list is "none found" only where coverage is available' })
  coverage!: BlockCoverageView[];

  @ApiProperty({ type: [BlockSourceView] })
  sources!: BlockSourceView[];
}
