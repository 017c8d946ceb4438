import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COVERAGE_STATUSES, type CoverageStatus } from '../../common/coverage-status.js';


/**
 * Whether a layer a block depends on has data where the parcel lies. A layer without data is
 * never turned into a null or an empty list: the block leaves the fact out and says so here.
 */
export class BlockCoverageView {
  @ApiProperty({ description: 'Layer id the facts depend on', example: 'mpzp_zones' })
  layer!: string;

  @ApiProperty({ enum: COVERAGE_STATUSES, description: "The layer's coverage in the parcel's gmina" })
  status!: CoverageStatus;

  @ApiPropertyOptional({ description: 'What is left out or uncertain because of the gap, in words; absent when available' })
  note?: string;
}

/** The refresh that produced the layer data a block was derived from. */
export class BlockSourceView {
  @ApiProperty({ example: 'env_layers' })
  layer!: string;

  @ApiProperty({ description: 'Served version of the layer' })
  version!: number;

  @ApiProperty({ description: 'Id of the refresh run that loaded that version' })
  source_run_id!: string;

  @ApiProperty({ format: 'date-time', description: 'When that version was published' })
  refreshed_at!: string;
}
