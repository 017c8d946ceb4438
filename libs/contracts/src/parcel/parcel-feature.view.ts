import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GeometryView } from '../common/geojson.view.js';
import { ProvenanceView } from '../common/provenance.view.js';

/** Base properties of a parcel feature. Blocks requested with `include` are added beside them. */
export class ParcelPropertiesView {
  @ApiProperty({ description: 'EGiB parcel id.', example: '306401_1.0001.123/4' })
  parcel_id!: string;

  @ApiProperty({ description: 'Parcel number within its precinct, may contain /.', example: '123/4' })
  number!: string;

  @ApiProperty({ description: 'Cadastral precinct (obręb) id.', example: '306401_1.0001' })
  precinct_id!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Precinct name, when the cadastre gives one.' })
  precinct_name!: string | null;

  @ApiProperty({ description: 'TERYT code of the gmina, 7 digits.', example: '3064011' })
  teryt!: string;

  @ApiProperty({ description: 'Gmina name.', example: 'Poznań' })
  gmina!: string;

  @ApiProperty({ description: 'Area in square metres, from the geometry (EPSG:2180).' })
  area_sqm!: number;

  @ApiProperty({ type: [Number], description: 'Representative point inside the parcel, [lng, lat].' })
  centroid!: number[];

  @ApiProperty({ type: ProvenanceView })
  provenance!: ProvenanceView;

  @ApiPropertyOptional({
    description: 'Only on GET /parcels/at: metres from the point to the parcel (0 when the point lies inside it).',
  })
  distance_m?: number;
}

/** A parcel as a GeoJSON Feature (application/geo+json). */
export class ParcelFeatureView {
  @ApiProperty({ enum: ['Feature'] })
  type!: 'Feature';

  @ApiProperty({ description: 'EGiB parcel id.' })
  id!: string;

  @ApiProperty({ type: GeometryView })
  geometry!: GeometryView;

  @ApiProperty({ type: ParcelPropertiesView })
  properties!: ParcelPropertiesView;
}
