import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BlockCoverageView, BlockSourceView } from './block-coverage.view.js';

/**
 * GET /parcels/{id}/terrain. The figures come from terrain_stats, which is rolling out powiat by
 * powiat: where it has no data for the parcel the figures are absent and `coverage` says so.
 */
export class TerrainView {
  @ApiPropertyOptional()
  elevation_min_m?: number;

  @ApiPropertyOptional()
  elevation_max_m?: number;

  @ApiPropertyOptional()
  elevation_mean_m?: number;

  @ApiPropertyOptional({ description: 'Mean slope, %' })
  slope_mean_pct?: number;

  @ApiPropertyOptional({ description: '90th percentile of slope, %' })
  slope_p90_pct?: number;

  @ApiPropertyOptional({ description: 'Dominant aspect: N, NE, E, SE, S, SW, W, NW or flat', example: 'S' })
  aspect?: string;

  @ApiPropertyOptional({ description: 'Resolution of the elevation model the figures come from, metres' })
  dem_resolution_m?: number;

  @ApiProperty({ type: [BlockCoverageView] })
  coverage!: BlockCoverageView[];

  @ApiProperty({ type: [BlockSourceView] })
  sources!: BlockSourceView[];
}
