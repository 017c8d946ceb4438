import { ApiProperty } from '@nestjs/swagger';

export const REGION_LEVELS = ['voivodeship', 'powiat', 'gmina'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];

/** Unit types as TERYT names them (Polish): three kinds of gmina, two of powiat, the voivodeship. */
export const REGION_UNIT_TYPES = [
  'gmina miejska',
  'gmina wiejska',
  'gmina miejsko-wiejska',
  'powiat',
  'miasto na prawach powiatu',
  'województwo',
] as const;
export type RegionUnitType = (typeof REGION_UNIT_TYPES)[number];

/** One administrative unit (item of GET /regions). */
export class RegionView {
  @ApiProperty({ description: 'TERYT code: 2 digits voivodeship, 4 digits powiat, 7 digits gmina', example: '2815011' })
  teryt!: string;

  @ApiProperty({ description: 'Official name (a powiat name starts with "powiat", as in TERYT)', example: 'Ostróda' })
  name!: string;

  @ApiProperty({
    enum: REGION_UNIT_TYPES,
    description: 'Unit type in Polish, as TERYT names it; tells apart same-named urban and rural gminas',
    example: 'gmina miejska',
  })
  unit_type!: RegionUnitType;

  @ApiProperty({ enum: REGION_LEVELS, description: 'Level of the unit (an addition to the spec)' })
  level!: RegionLevel;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Parent unit in words, enough to tell same-named units apart: for a gmina its powiat and voivodeship, for a powiat its voivodeship; null for a voivodeship',
    example: 'powiat ostródzki, warmińsko-mazurskie',
  })
  parent!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'TERYT code of the parent unit; null for a voivodeship', example: '2815' })
  parent_teryt!: string | null;

  @ApiProperty({ description: 'Name, unit type and parent in one line, for a person to pick from', example: 'Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie' })
  label!: string;

  @ApiProperty({
    type: [String],
    description: 'Layers with data in the whole unit (coverage status available). Check before relying on a partial layer.',
    example: ['admin_bounds', 'parcels'],
  })
  layers_available!: string[];

  @ApiProperty({
    type: [String],
    description: 'Layers with data in only part of the unit (coverage status partial: some of its gminas); an addition to the spec',
    example: ['mpzp_zones'],
  })
  layers_partial!: string[];
}
