import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkView } from '../common/link.view.js';

/** OGC API landing page: links to the API description, the conformance classes and the collections. */
export class OgcLandingView {
  @ApiProperty({ example: 'Land-parcel geodata for Poland: OGC API - Features' })
  title!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ type: [LinkView] })
  links!: LinkView[];
}

export class OgcConformanceView {
  @ApiProperty({ type: [String], example: ['http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core'] })
  conformsTo!: string[];
}

export class OgcSpatialExtentView {
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'number' }, minItems: 4, maxItems: 4 }, example: [[14.12, 49.0, 24.15, 54.84]] })
  bbox!: number[][];

  @ApiProperty({ example: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' })
  crs!: string;
}

export class OgcExtentView {
  @ApiProperty({ type: OgcSpatialExtentView })
  spatial!: OgcSpatialExtentView;
}

/** One collection: a catalogue layer served via api. */
export class OgcCollectionView {
  @ApiProperty({ example: 'power_substations' })
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ description: 'Source, coverage (national or partial) and freshness of the layer.' })
  description!: string;

  @ApiProperty({ type: OgcExtentView })
  extent!: OgcExtentView;

  @ApiProperty({ enum: ['feature'] })
  itemType!: 'feature';

  @ApiProperty({
    type: [String],
    description: 'The CRS items may be asked in with crs= (the first is the default).',
    example: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84', 'http://www.opengis.net/def/crs/EPSG/0/2180'],
  })
  crs!: string[];

  @ApiProperty({ description: 'The CRS the features are stored in: EPSG:2180, so crs= that CRS is exact.', example: 'http://www.opengis.net/def/crs/EPSG/0/2180' })
  storageCrs!: string;

  @ApiPropertyOptional({ description: 'Features in the served version (from the layer catalogue).' })
  feature_count?: number;

  @ApiProperty({ type: [LinkView] })
  links!: LinkView[];
}

export class OgcCollectionsView {
  @ApiProperty({ type: [OgcCollectionView] })
  collections!: OgcCollectionView[];

  @ApiProperty({ type: [LinkView] })
  links!: LinkView[];
}
