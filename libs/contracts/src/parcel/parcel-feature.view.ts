import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GeometryView } from '../common/geojson.view.js';
import { ProvenanceView } from '../common/provenance.view.js';
import { ConstraintsView } from './facts/constraints.view.js';
import { MarketSummaryView } from './facts/market-summary.view.js';
import { ProximityView } from './facts/proximity.view.js';
import { RegulationsView } from './facts/regulations.view.js';
import { TerrainView } from './facts/terrain.view.js';
import { REGISTRATION_GROUP_CODES } from './registration-groups.js';

/** Where the parcel's registration group was read. */
export class OwnershipSourceView {
  @ApiProperty({ description: 'Layer holding the fact', example: 'parcels' })
  layer!: string;

  @ApiProperty({ description: 'Attribute of that layer', example: 'registration_group' })
  attribute!: string;

  @ApiProperty({ description: "Where the layer's row came from (generated://… for generated demo data)" })
  source_url!: string;

  @ApiProperty({ description: 'True when the value is generated demo data, not read from a register' })
  generated!: boolean;
}

/**
 * Who owns or holds the parcel, as EGiB's registration group (grupa rejestrowa). `status: unknown`
 * when our data does not say: no group is then given, and unknown is not "no owner" nor "private".
 */
export class OwnershipView {
  @ApiProperty({ enum: ['known', 'unknown'], description: 'known when the register data we hold gives the group; unknown otherwise (not a "no")' })
  status!: 'known' | 'unknown';

  @ApiPropertyOptional({ enum: REGISTRATION_GROUP_CODES, description: 'EGiB registration group, 1-16 (Dz.U. 2021 poz. 1390); only when known', example: '7' })
  registration_group?: string;

  @ApiPropertyOptional({ description: "The group in the regulation's Polish words; only when known", example: 'osoby fizyczne' })
  label_pl?: string;

  @ApiPropertyOptional({ description: 'The group in English; only when known', example: 'Natural persons (private individuals)' })
  label_en?: string;

  @ApiPropertyOptional({ description: 'Why it is unknown; only when unknown' })
  reason?: string;

  @ApiProperty({ type: OwnershipSourceView })
  source!: OwnershipSourceView;
}

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

  @ApiProperty({
    type: [String],
    description: 'EGiB land-use and soil classes of the parcel (e.g. "R IIIa", "Ł IV", "B"); empty when the cadastre gives none. An addition to the spec.',
    example: ['R IIIa', 'B'],
  })
  land_use_classes!: string[];

  @ApiProperty({
    type: OwnershipView,
    description: "Ownership: the parcel's EGiB registration group, or status unknown where our data does not give it. An addition to the spec.",
  })
  ownership!: OwnershipView;

  @ApiProperty({ type: [Number], description: 'Representative point inside the parcel, [lng, lat].' })
  centroid!: number[];

  @ApiProperty({ type: ProvenanceView })
  provenance!: ProvenanceView;

  @ApiPropertyOptional({
    description: 'Only on GET /parcels/at: metres from the point to the parcel (0 when the point lies inside it).',
  })
  distance_m?: number;

  @ApiPropertyOptional({ type: RegulationsView, description: 'With include=regulations' })
  regulations?: RegulationsView;

  @ApiPropertyOptional({ type: ConstraintsView, description: 'With include=constraints (buffer 100 m)' })
  constraints?: ConstraintsView;

  @ApiPropertyOptional({ type: TerrainView, description: 'With include=terrain' })
  terrain?: TerrainView;

  @ApiPropertyOptional({ type: ProximityView, description: 'With include=proximity (every kind)' })
  proximity?: ProximityView;

  @ApiPropertyOptional({ type: MarketSummaryView, description: 'With include=market' })
  market?: MarketSummaryView;
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
