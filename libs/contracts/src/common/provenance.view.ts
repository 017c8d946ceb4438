import { ApiProperty } from '@nestjs/swagger';

/** Where a stored row came from: the pipeline run that loaded it and the source it read. */
export class ProvenanceView {
  @ApiProperty({ description: 'Layer the row belongs to.' })
  layer!: string;

  @ApiProperty({ description: 'Id of the refresh run that loaded the row.' })
  source_run_id!: string;

  @ApiProperty({ format: 'date-time', description: 'When the source was fetched.' })
  fetched_at!: string;

  @ApiProperty({ description: 'Where the row came from: the endpoint URL, or for a file load the source its dataset states (generated://… for generated demo data) or local-file:<name>; never a path on the server.' })
  source_url!: string;

  @ApiProperty({
    type: [Number],
    nullable: true,
    description: 'Area the run covered, [minLng, minLat, maxLng, maxLat] in WGS84; null when the run covered the whole source.',
  })
  source_bbox!: number[] | null;
}
