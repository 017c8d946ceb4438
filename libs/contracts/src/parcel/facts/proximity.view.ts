import { ApiProperty } from '@nestjs/swagger';
import { BlockCoverageView, BlockSourceView } from './block-coverage.view.js';

/** The nearest feature of one kind. */
export class ProximityItemView {
  @ApiProperty({ description: 'Proximity kind', example: 'power_substation' })
  kind!: string;

  @ApiProperty({ example: 'power_substations' })
  layer!: string;

  @ApiProperty({ description: 'Feature id in the layer' })
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ description: 'Straight-line distance from the parcel boundary, metres (0 when it touches or lies inside)' })
  distance_m!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Attributes that matter for this kind, e.g. voltage_kv of a substation, available_mw of a grid node',
  })
  attributes!: Record<string, unknown>;
}

export class ProximityNotFoundView {
  @ApiProperty()
  kind!: string;

  @ApiProperty({ description: 'Nothing of this kind lies within this many metres (the layer has data here)' })
  searched_within_m!: number;
}

/**
 * GET /parcels/{id}/proximity: the nearest feature of each requested kind. A kind whose layer has
 * no data around the parcel is not reported as "none": it appears in `coverage` instead.
 */
export class ProximityView {
  @ApiProperty({ type: [ProximityItemView], description: 'Nearest feature per kind, in the order of the kinds list' })
  items!: ProximityItemView[];

  @ApiProperty({ type: [ProximityNotFoundView], description: 'Kinds with data here but nothing within the search radius' })
  not_found!: ProximityNotFoundView[];

  @ApiProperty({ type: [BlockCoverageView] })
  coverage!: BlockCoverageView[];

  @ApiProperty({ type: [BlockSourceView] })
  sources!: BlockSourceView[];
}
