import { ApiProperty } from '@nestjs/swagger';
import { ParcelFeatureView } from './parcel-feature.view.js';

export class ParcelSuggestionView {
  @ApiProperty()
  parcel_id!: string;

  @ApiProperty()
  area_sqm!: number;

  @ApiProperty({ description: 'Gmina name' })
  gmina!: string;

  @ApiProperty({ description: 'Gmina TERYT code, 7 digits' })
  teryt!: string;
}

/**
 * parcel-svc's answer to a batch on the bus: the ParcelBatchView already written as JSON (bytes
 * travel raw on the bus), which the gateway sends on as it is. A batch of 500 parcels with every
 * block is about 6 MB; writing it in slices lets other requests through in between, and the
 * gateway neither parses nor writes it again.
 */
export interface ParcelBatchJson {
  json: Uint8Array;
}

export class ParcelBatchView {
  @ApiProperty({ enum: ['FeatureCollection'] })
  type!: 'FeatureCollection';

  @ApiProperty({ type: [ParcelFeatureView], description: 'Parcels found, in the order asked' })
  features!: ParcelFeatureView[];

  @ApiProperty({ type: [String], description: 'Requested ids that are not parcels' })
  missing!: string[];
}
