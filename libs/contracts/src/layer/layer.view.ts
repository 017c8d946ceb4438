import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class LayerAttributeView {
  @ApiProperty({ example: 'voltage_kv' })
  name!: string;

  @ApiProperty({ enum: ['number', 'integer', 'string', 'boolean', 'date'] })
  type!: string;

  @ApiProperty({ type: String, nullable: true, example: 'kV' })
  unit!: string | null;

  @ApiProperty()
  description!: string;
}

export class LayerKindView {
  @ApiProperty({ example: 'natura2000_habitat' })
  id!: string;

  @ApiProperty()
  description!: string;
}

/** One layer of the catalogue with its freshness. */
export class LayerView {
  @ApiProperty({ example: 'power_substations' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ example: 'energy' })
  category!: string;

  @ApiProperty({ enum: ['Point', 'LineString', 'Polygon', 'Raster'] })
  geometry_type!: string;

  @ApiProperty({ description: 'Origin and attribution; demo data says that it is generated.' })
  source!: string;

  @ApiProperty({ enum: ['national', 'partial'], description: 'partial: check coverage per region before relying on it' })
  coverage!: 'national' | 'partial';

  @ApiProperty({ type: [String], example: ['api', 'tiles'] })
  served_via!: string[];

  @ApiProperty({ enum: ['daily', 'weekly', 'monthly', 'quarterly'] })
  cadence!: string;

  @ApiProperty({ description: 'Features in the served version' })
  feature_count!: number;

  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the served version was loaded; null before the first refresh' })
  refreshed_at!: string | null;

  @ApiProperty({ description: 'Served version, +1 on every refresh' })
  version!: number;

  @ApiProperty({ type: String, nullable: true, description: 'Vector tiles URL template (absolute, MVT, XYZ web mercator) when served as tiles' })
  tiles_url!: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Raster layers (served_via wms): absolute PNG tile URL template (XYZ, web mercator, 256 px); null when the layer cannot be served here (see unavailable). An addition to the spec',
  })
  raster_tiles_url?: string | null;

  @ApiPropertyOptional({
    description:
      'Raster layers only: why the layer cannot be served now (e.g. its upstream WMS is not reachable from this server), instead of advertising a layer that is absent. An addition to the spec',
    example: 'ortho is proxied from https://mapy.geoportal.gov.pl/wss/service/PZGIK/ORTO/WMS/StandardResolution, which this server cannot reach',
  })
  unavailable?: string;

  @ApiProperty({ type: [LayerKindView], description: 'Values of `kind` (usable in exclude[].kinds)' })
  kinds!: LayerKindView[];

  @ApiProperty({ type: [LayerAttributeView], description: 'Typed attributes (usable in near[].where)' })
  attributes!: LayerAttributeView[];
}

export class LayerListView {
  @ApiProperty({ type: [LayerView] })
  layers!: LayerView[];
}
