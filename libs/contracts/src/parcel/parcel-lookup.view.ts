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

export class ParcelBatchView {
  @ApiProperty({ enum: ['FeatureCollection'] })
  type!: 'FeatureCollection';

  @ApiProperty({ type: [ParcelFeatureView], description: 'Parcels found, in the order asked' })
  features!: ParcelFeatureView[];

  @ApiProperty({ type: [String], description: 'Requested ids that are not parcels' })
  missing!: string[];
}
