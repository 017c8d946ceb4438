import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { GeometryView } from '../common/geojson.view.js';
import { LinkView } from '../common/link.view.js';
import { ProvenanceView } from '../common/provenance.view.js';

/**
 * Properties of a layer feature: kind, name, teryt, then every typed attribute of the layer in the
 * catalogue (GET /v1/layers lists them per layer; null when the source has no value), then
 * provenance.
 */
@ApiSchema({
  description:
    'kind, name, teryt, then every typed attribute of the layer as listed in GET /v1/layers (attributes; null when the source has no value), then provenance.',
})
export class LayerFeaturePropertiesView {
  @ApiProperty({ description: "The feature's kind; values per layer in GET /v1/layers (kinds).", example: 'hv_substation' })
  kind!: string;

  @ApiProperty({ type: String, nullable: true, example: 'GPZ Plewiska' })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'TERYT code of the gmina (7 digits); 2 or 4 digits for voivodeships and powiats.', example: '3021042' })
  teryt!: string | null;

  @ApiProperty({ type: ProvenanceView })
  provenance!: ProvenanceView;

  @ApiPropertyOptional({
    description:
      'Only on a feature whose exact geometry is too large for one page (about 768 KB of GeoJSON, e.g. a detailed national boundary): ' +
      'the tolerance in metres its geometry was simplified by.',
  })
  geometry_simplified_m?: number;

  /** The layer's typed attributes, named as in the catalogue. */
  [attribute: string]: unknown;
}

/** One feature of a layer as GeoJSON (RFC 7946, WGS84, 7 decimals). */
export class LayerFeatureView {
  @ApiProperty({ enum: ['Feature'] })
  type!: 'Feature';

  @ApiProperty({ description: 'Id of the feature in its source register (stable across refreshes).', example: 'osm-node-123456' })
  id!: string;

  @ApiProperty({ type: GeometryView })
  geometry!: GeometryView;

  @ApiProperty({ type: LayerFeaturePropertiesView })
  properties!: LayerFeaturePropertiesView;
}

/** A page of GET /layers/{layer_id}/features (application/geo+json). */
export class LayerFeaturePageView {
  @ApiProperty({ enum: ['FeatureCollection'] })
  type!: 'FeatureCollection';

  @ApiProperty({ type: [LayerFeatureView], description: 'Features intersecting the bbox, in a stable order.' })
  features!: LayerFeatureView[];

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Pass it back as cursor (with the same bbox) for the next page; null when there are no more. ' +
      'A cursor is bound to the layer version it was issued for: after a refresh it answers 409 stale_cursor.',
  })
  next_cursor!: string | null;

  @ApiProperty({ description: 'Features on this page; may be below limit when the page reached its size budget while next_cursor is not null.' })
  numberReturned!: number;

  @ApiPropertyOptional({ description: 'Features of the whole listing, where it is cheap to know (a listing without bbox: the served count of the layer).' })
  numberMatched?: number;

  @ApiProperty({
    type: [LinkView],
    description: 'self, and next (the same request with cursor set) while there are more pages: GDAL and OGC API clients follow rel=next.',
  })
  links!: LinkView[];

  @ApiProperty({ example: 'power_substations' })
  layer_id!: string;

  @ApiProperty({ description: 'Served version of the layer the page was read from (GET /v1/layers shows the current one).' })
  version!: number;
}

/** A page as layer-svc answers it; the gateway adds the links, which need its public address. */
export type LayerFeaturePageReply = Omit<LayerFeaturePageView, 'links'>;
