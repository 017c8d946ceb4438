import { NestedObject } from '../common/nested-object.js';
import { Optional } from '../common/optional.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsNumber,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ZONING_CATEGORIES } from '../layer/zoning-taxonomy.js';
import { LAND_USE_KINDS } from './land-use.js';
import { REGISTRATION_GROUP_CODES } from '../parcel/registration-groups.js';
import {
  ANCHOR_IDS_MAX,
  EXCLUDE_BUFFER_MAX_M,
  EXCLUDE_MAX_ITEMS,
  FAR_MAX_ITEMS,
  NEAR_ANY_MAX_ALTERNATIVES,
  NEAR_ANY_MAX_ITEMS,
  NEAR_MAX_ITEMS,
  NEAR_WITHIN_MAX_M,
  SLOPE_MAX_PCT,
  ZONING_SYMBOL_MAX_LENGTH,
  ZONING_SYMBOLS_MAX,
} from './search-bounds.js';

const FINITE = { allowNaN: false, allowInfinity: false } as const;

/** Area of the parcel in m2. Catalogue-dependent checks (min <= max) live in validateSearchRequest. */
export class AreaRangeFilter {
  @ApiPropertyOptional({ description: 'Smallest parcel area, m2', minimum: 0, example: 2000 })
  @Optional()
  @IsNumber(FINITE, { message: 'filters.area_sqm.min must be a number of square metres; got $value' })
  @Min(0, { message: 'filters.area_sqm.min must not be negative; got $value' })
  min?: number;

  @ApiPropertyOptional({ description: 'Largest parcel area, m2; not below min', minimum: 0 })
  @Optional()
  @IsNumber(FINITE, { message: 'filters.area_sqm.max must be a number of square metres; got $value' })
  @Min(0, { message: 'filters.area_sqm.max must not be negative; got $value' })
  max?: number;
}

/**
 * An estimated price (criterion price_estimate, requires): the parcel's area times the median price
 * per m2 of the comparables, the land transactions of its gmina of the same land type (building land
 * where its binding zoning allows building, agricultural where its EGiB classes or land cover say so,
 * other where both are known to be neither) over the PRICE_ESTIMATE_SINCE_YEARS years before the newest land deed held. Fewer than
 * PRICE_ESTIMATE_MIN_COMPARABLES comparables, or a land type that cannot be proven, is unknown: never returned.
 */
export class PriceEstimateFilter {
  @ApiPropertyOptional({ description: 'Smallest estimated price, PLN', minimum: 0, example: 50000 })
  @Optional()
  @IsNumber(FINITE, { message: 'filters.price_estimate_pln.min must be a number of złoty; got $value' })
  @Min(0, { message: 'filters.price_estimate_pln.min must not be negative; got $value' })
  min?: number;

  @ApiPropertyOptional({ description: 'Largest estimated price, PLN', minimum: 0, example: 200000 })
  @Optional()
  @IsNumber(FINITE, { message: 'filters.price_estimate_pln.max must be a number of złoty; got $value' })
  @Min(0, { message: 'filters.price_estimate_pln.max must not be negative; got $value' })
  max?: number;
}

/**
 * The owner's EGiB registration group (criterion ownership_group, requires). Codes are checked
 * against the regulation's list in validateSearchRequest, which names the allowed ones.
 */
export class OwnershipGroupsFilter {
  @ApiPropertyOptional({
    type: [String],
    enum: REGISTRATION_GROUP_CODES,
    description: 'The parcel must be in one of these registration groups, e.g. ["7", "15"] for private owners, ["4", "5"] for the gmina',
  })
  @Optional()
  @IsArray({ message: 'filters.ownership_groups.include must be an array of registration group codes, e.g. ["7"]' })
  @ArrayMinSize(1, { message: 'filters.ownership_groups.include must name at least one registration group' })
  @ArrayMaxSize(16, { message: 'filters.ownership_groups.include takes at most 16 codes' })
  @IsString({ each: true, message: 'filters.ownership_groups.include must hold registration group codes as strings, e.g. "7"' })
  include?: string[];

  @ApiPropertyOptional({
    type: [String],
    enum: REGISTRATION_GROUP_CODES,
    description: 'The parcel must be in none of these registration groups; a parcel whose group is unknown is not proven outside them and is left out',
  })
  @Optional()
  @IsArray({ message: 'filters.ownership_groups.exclude must be an array of registration group codes, e.g. ["1", "2"]' })
  @ArrayMinSize(1, { message: 'filters.ownership_groups.exclude must name at least one registration group' })
  @ArrayMaxSize(16, { message: 'filters.ownership_groups.exclude takes at most 16 codes' })
  @IsString({ each: true, message: 'filters.ownership_groups.exclude must hold registration group codes as strings, e.g. "1"' })
  exclude?: string[];
}

export class ZoningFilter {
  @ApiPropertyOptional({
    type: [String],
    enum: ZONING_CATEGORIES,
    description: 'Normalised zoning categories of the taxonomy; a parcel passes when its zone has one of them',
    example: ['industrial'],
  })
  @Optional()
  @IsArray({ message: 'filters.zoning.categories must be an array of zoning categories' })
  @ArrayMaxSize(ZONING_CATEGORIES.length, { message: `filters.zoning.categories may list at most ${ZONING_CATEGORIES.length} categories` })
  @IsString({ each: true, message: 'filters.zoning.categories must contain strings' })
  categories?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: ZONING_SYMBOLS_MAX,
    description: 'Local-plan symbols in any local spelling (MN, 12.MN/U, P-U); matched on their canonical form',
    example: ['P/U'],
  })
  @Optional()
  @IsArray({ message: 'filters.zoning.symbols must be an array of local-plan symbols' })
  @ArrayMaxSize(ZONING_SYMBOLS_MAX, { message: `filters.zoning.symbols may list at most ${ZONING_SYMBOLS_MAX} symbols` })
  @IsString({ each: true, message: 'filters.zoning.symbols must contain strings' })
  @MinLength(1, { each: true, message: 'filters.zoning.symbols must not contain empty strings' })
  @MaxLength(ZONING_SYMBOL_MAX_LENGTH, { each: true, message: `each of filters.zoning.symbols has at most ${ZONING_SYMBOL_MAX_LENGTH} characters` })
  symbols?: string[];

  @ApiPropertyOptional({
    description: 'true: only local-plan (MPZP) zones count; false or absent: general-plan zones count too where no local plan applies',
  })
  @Optional()
  @IsBoolean({ message: 'filters.zoning.require_plan must be true or false' })
  require_plan?: boolean;

  @ApiPropertyOptional({
    description:
      'true: the parcel may be built on: a residential or service local-plan zone, or (unless require_plan) a zone of a binding ' +
      'general plan that allows building. An addition to the spec, for its phrase "buildable".',
  })
  @Optional()
  @IsBoolean({ message: 'filters.zoning.buildable must be true or false' })
  buildable?: boolean;
}

/**
 * Land use proven by the parcel's EGiB land-use classes, or land cover where it has none: `kinds`
 * (criterion land_use, requires) and `exclude_kinds` (criterion land_use:exclude, screens).
 */
export class LandUseFilter {
  @ApiPropertyOptional({
    type: [String],
    enum: LAND_USE_KINDS,
    description: 'The parcel must be land of one of these kinds (agricultural, arable, grassland, orchard, forest)',
    example: ['agricultural'],
  })
  @Optional()
  @IsArray({ message: 'filters.land_use.kinds must be an array of land-use kinds' })
  @ArrayMinSize(1, { message: `filters.land_use.kinds must not be empty; use some of: ${LAND_USE_KINDS.join(', ')}` })
  @IsIn(LAND_USE_KINDS, { each: true, message: `filters.land_use.kinds: $value is not a land-use kind; allowed: ${LAND_USE_KINDS.join(', ')}` })
  kinds?: string[];

  @ApiPropertyOptional({
    type: [String],
    enum: LAND_USE_KINDS,
    description: 'The parcel must have no land of these kinds (e.g. forest, orchard)',
    example: ['forest', 'orchard'],
  })
  @Optional()
  @IsArray({ message: 'filters.land_use.exclude_kinds must be an array of land-use kinds' })
  @ArrayMinSize(1, { message: `filters.land_use.exclude_kinds must not be empty; use some of: ${LAND_USE_KINDS.join(', ')}` })
  @IsIn(LAND_USE_KINDS, { each: true, message: `filters.land_use.exclude_kinds: $value is not a land-use kind; allowed: ${LAND_USE_KINDS.join(', ')}` })
  exclude_kinds?: string[];
}

export class SlopeFilter {
  @ApiProperty({ description: 'Largest mean slope of the parcel, percent', minimum: 0, maximum: SLOPE_MAX_PCT, example: 5 })
  @IsNumber(FINITE, { message: `filters.slope_pct.max must be a number from 0 to ${SLOPE_MAX_PCT} (percent); got $value` })
  @Min(0, { message: `filters.slope_pct.max must be from 0 to ${SLOPE_MAX_PCT} (percent); got $value` })
  @Max(SLOPE_MAX_PCT, { message: `filters.slope_pct.max must be from 0 to ${SLOPE_MAX_PCT} (percent); got $value` })
  max!: number;
}

/** A where value: one number, string or boolean, or an array of numbers or strings for `_in`. */
const WHERE_VALUES = {
  anyOf: [
    { type: 'number' },
    { type: 'string' },
    { type: 'boolean' },
    { type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'string' }] } },
  ],
};

/** The rules of near[].ids and far[].ids (named anchors), with messages naming the field. */
function AnchorIds(field: string): PropertyDecorator {
  const rules = [
    Optional(),
    IsArray({ message: `${field} must be an array of feature ids of the layer` }),
    ArrayMinSize(1, { message: `${field} must name at least one feature; omit it to mean every feature` }),
    ArrayMaxSize(ANCHOR_IDS_MAX, { message: `${field} may name at most ${ANCHOR_IDS_MAX} features` }),
    IsString({ each: true, message: `${field} must contain feature ids (strings)` }),
    MinLength(1, { each: true, message: `${field} must not contain empty strings` }),
  ];
  // applied last to first, as stacked decorators are, so the rules keep the order they had
  return (target, key) => [...rules].reverse().forEach((rule) => rule(target, key));
}

/** A feature of `layer` within `within_m` of the parcel must exist (criterion `near:<layer>`, mode requires). */
export class NearFilter {
  @ApiProperty({ description: 'Layer id of the catalogue (GET /v1/layers)', example: 'power_substations' })
  @IsString({ message: 'filters.near[].layer must be a layer id' })
  layer!: string;

  @ApiProperty({
    description: `Metres from the parcel, 0 to ${NEAR_WITHIN_MAX_M}; 0 means the parcel intersects a feature (solar yield grid, land cover, state land)`,
    minimum: 0,
    maximum: NEAR_WITHIN_MAX_M,
    example: 10000,
  })
  @IsNumber(FINITE, { message: `filters.near[].within_m must be a number of metres from 0 to ${NEAR_WITHIN_MAX_M}; got $value` })
  @Min(0, { message: `filters.near[].within_m must be from 0 to ${NEAR_WITHIN_MAX_M} metres; got $value` })
  @Max(NEAR_WITHIN_MAX_M, { message: `filters.near[].within_m must be from 0 to ${NEAR_WITHIN_MAX_M} metres; got $value` })
  within_m!: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: WHERE_VALUES,
    description:
      'Conditions on the typed attributes of the layer\'s features, all of which must hold: `<attribute>_gte` and `<attribute>_lte` ' +
      '(numbers and dates), `<attribute>_eq` (one value), `<attribute>_in` (an array of values). Attributes are those of the layer in ' +
      'the catalogue, e.g. voltage_kv on power_substations, available_mw on grid_capacity, yield_kwh_kwp on solar_irradiance.',
    example: { voltage_kv_gte: 110 },
  })
  @Optional()
  @IsObject({ message: 'filters.near[].where must be an object of attribute conditions, e.g. {"voltage_kv_gte": 110}' })
  where?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: [String],
    description: "Only features of these kinds (or kind groups) of the layer; absent means every kind. An addition to the spec's near filter.",
    example: ['school'],
  })
  @Optional()
  @IsArray({ message: 'filters.near[].kinds must be an array of kinds of the layer' })
  @IsString({ each: true, message: 'filters.near[].kinds must contain strings' })
  kinds?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: ANCHOR_IDS_MAX,
    description:
      'Named features as anchors: only these features of the layer (their `id` in GET /v1/layers/{layer}/features) count, so the distance ' +
      'is measured to them alone ("within 5 km of the Kromolice substation"). An unknown id answers 400. An addition to the spec.',
    example: ['gridkit-4086'],
  })
  @AnchorIds('filters.near[].ids')
  ids?: string[];
}

/**
 * A minimum distance (criterion `far:<layer>`, mode requires): no feature of `layer` (of the given
 * kinds, meeting `where`, or among `ids`) lies within `beyond_m` of the parcel. "No data" is not
 * "far": where the layer has no data the parcel cannot be proven far, as for near.
 */
export class FarFilter {
  @ApiProperty({ description: 'Layer id of the catalogue (GET /v1/layers)', example: 'services_poi' })
  @IsString({ message: 'filters.far[].layer must be a layer id' })
  layer!: string;

  @ApiProperty({
    description: `Minimum distance in metres between the parcel and every feature meant, 0 to ${NEAR_WITHIN_MAX_M}; 0 means the parcel touches none`,
    minimum: 0,
    maximum: NEAR_WITHIN_MAX_M,
    example: 2000,
  })
  @IsNumber(FINITE, { message: `filters.far[].beyond_m must be a number of metres from 0 to ${NEAR_WITHIN_MAX_M}; got $value` })
  @Min(0, { message: `filters.far[].beyond_m must be from 0 to ${NEAR_WITHIN_MAX_M} metres; got $value` })
  @Max(NEAR_WITHIN_MAX_M, { message: `filters.far[].beyond_m must be from 0 to ${NEAR_WITHIN_MAX_M} metres; got $value` })
  beyond_m!: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: WHERE_VALUES, description: 'Only features meeting these attribute conditions count (as in near[].where)', example: { voltage_kv_gte: 110 } })
  @Optional()
  @IsObject({ message: 'filters.far[].where must be an object of attribute conditions, e.g. {"voltage_kv_gte": 110}' })
  where?: Record<string, unknown>;

  @ApiPropertyOptional({ type: [String], description: 'Only features of these kinds (or kind groups) count; absent means every kind', example: ['school'] })
  @Optional()
  @IsArray({ message: 'filters.far[].kinds must be an array of kinds of the layer' })
  @IsString({ each: true, message: 'filters.far[].kinds must contain strings' })
  kinds?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: ANCHOR_IDS_MAX, description: 'Only these features of the layer count (named anchors, as in near[].ids)', example: ['gridkit-4086'] })
  @AnchorIds('filters.far[].ids')
  ids?: string[];
}

/** No feature of the given kinds of `layer` may lie within `buffer_m` of the parcel (criterion `exclude:<layer>`, mode screens). */
export class ExcludeFilter {
  @ApiProperty({ description: 'Layer id of the catalogue (GET /v1/layers)', example: 'env_layers' })
  @IsString({ message: 'filters.exclude[].layer must be a layer id' })
  layer!: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Kinds or kind groups of the layer to keep away from (env_layers: natura2000, flood_risk_1pct, ...); absent means every kind',
    example: ['natura2000', 'flood_risk_1pct'],
  })
  @Optional()
  @IsArray({ message: 'filters.exclude[].kinds must be an array of kinds of the layer' })
  @IsString({ each: true, message: 'filters.exclude[].kinds must contain strings' })
  kinds?: string[];

  @ApiPropertyOptional({ description: `Metres kept between the parcel and those features, 0 to ${EXCLUDE_BUFFER_MAX_M}`, minimum: 0, maximum: EXCLUDE_BUFFER_MAX_M, default: 0 })
  @Optional()
  @IsNumber(FINITE, { message: `filters.exclude[].buffer_m must be a number of metres from 0 to ${EXCLUDE_BUFFER_MAX_M}; got $value` })
  @Min(0, { message: `filters.exclude[].buffer_m must be from 0 to ${EXCLUDE_BUFFER_MAX_M} metres; got $value` })
  @Max(EXCLUDE_BUFFER_MAX_M, { message: `filters.exclude[].buffer_m must be from 0 to ${EXCLUDE_BUFFER_MAX_M} metres; got $value` })
  buffer_m?: number;
}

/**
 * One requires criterion met by any of its alternatives ("near a planned or trunk road"): a parcel
 * passes when it satisfies at least one near filter of `any_of` (criterion `near_any:<layer>|<layer>`).
 * An addition to the spec: the other filters all must pass, so a disjunction needs its own form.
 */
export class NearAnyFilter {
  @ApiProperty({
    type: [NearFilter],
    minItems: 2,
    maxItems: NEAR_ANY_MAX_ALTERNATIVES,
    description: 'Near filters, each on a different layer; one of them must hold',
    example: [
      { layer: 'planned_roads', within_m: 5000 },
      { layer: 'roads', within_m: 5000, kinds: ['motorway', 'expressway', 'trunk'] },
    ],
  })
  @IsArray({ message: 'filters.near_any[].any_of must be an array of near filters' })
  @ArrayMinSize(2, { message: 'filters.near_any[].any_of needs at least 2 near filters (a single one belongs in filters.near)' })
  @ArrayMaxSize(NEAR_ANY_MAX_ALTERNATIVES, { message: `filters.near_any[].any_of may have at most ${NEAR_ANY_MAX_ALTERNATIVES} near filters` })
  @ValidateNested({ each: true })
  @Type(() => NearFilter)
  any_of!: NearFilter[];
}

/** Hard filters: every one given must pass. */
export class SearchFilters {
  @ApiPropertyOptional({ type: AreaRangeFilter, description: 'Parcel area in m2 (criterion area, requires)' })
  @Optional()
  @NestedObject(() => AreaRangeFilter, 'filters.area_sqm must be an object {min, max} in square metres, e.g. {"min": 10000}')
  area_sqm?: AreaRangeFilter;

  @ApiPropertyOptional({
    type: PriceEstimateFilter,
    description:
      'Estimated price in PLN (criterion price_estimate, requires): area × the median price per m2 of the land transactions of the ' +
      "parcel's gmina and land type (agricultural, building, other) over the three years before the newest land deed held, from at least five; results carry " +
      'the estimate with its comparables and spread. Too few comparables or an unproven land type is unknown, never returned. An addition to the spec.',
  })
  @Optional()
  @NestedObject(() => PriceEstimateFilter, 'filters.price_estimate_pln must be an object {min, max} in złoty, e.g. {"max": 200000}')
  price_estimate_pln?: PriceEstimateFilter;

  @ApiPropertyOptional({
    type: OwnershipGroupsFilter,
    description:
      "The owner's EGiB registration group (criterion ownership_group, requires): include, exclude or both, as codes 1-16 of the regulation " +
      '(Dz.U. 2021 poz. 1390). A parcel whose group our data does not give is unknown: never returned, and coverage says how many. An addition to the spec.',
  })
  @Optional()
  @NestedObject(() => OwnershipGroupsFilter, 'filters.ownership_groups must be an object {include, exclude} of registration group codes, e.g. {"include": ["7"]}')
  ownership_groups?: OwnershipGroupsFilter;

  @ApiPropertyOptional({ type: ZoningFilter, description: 'Zoning of the parcel (criterion zoning, requires)' })
  @Optional()
  @NestedObject(() => ZoningFilter, 'filters.zoning must be an object {categories, symbols}, e.g. {"categories": ["industrial"]}')
  zoning?: ZoningFilter;

  @ApiPropertyOptional({
    type: LandUseFilter,
    description: 'Land use from EGiB classes or land cover (criteria land_use, requires, and land_use:exclude, screens); an addition to the spec',
  })
  @Optional()
  @NestedObject(() => LandUseFilter, 'filters.land_use must be an object {kinds, exclude_kinds}, e.g. {"kinds": ["agricultural"]}')
  land_use?: LandUseFilter;

  @ApiPropertyOptional({ type: SlopeFilter, description: 'Mean slope (criterion slope, screens)' })
  @Optional()
  @NestedObject(() => SlopeFilter, 'filters.slope_pct must be an object {max} in percent, e.g. {"max": 5}')
  slope_pct?: SlopeFilter;

  @ApiPropertyOptional({
    description: 'true: no building footprint on the parcel; false: at least one; absent: either (criterion vacant, requires)',
  })
  @Optional()
  @IsBoolean({ message: 'filters.vacant must be true or false' })
  vacant?: boolean;

  @ApiPropertyOptional({ type: [NearFilter], maxItems: NEAR_MAX_ITEMS, description: 'Proximity requirements, each layer at most once' })
  @Optional()
  @IsArray({ message: 'filters.near must be an array' })
  @ArrayMaxSize(NEAR_MAX_ITEMS, { message: `filters.near may have at most ${NEAR_MAX_ITEMS} items` })
  @ValidateNested({ each: true })
  @Type(() => NearFilter)
  near?: NearFilter[];

  @ApiPropertyOptional({ type: [ExcludeFilter], maxItems: EXCLUDE_MAX_ITEMS, description: 'Exclusions, each layer at most once' })
  @Optional()
  @IsArray({ message: 'filters.exclude must be an array' })
  @ArrayMaxSize(EXCLUDE_MAX_ITEMS, { message: `filters.exclude may have at most ${EXCLUDE_MAX_ITEMS} items` })
  @ValidateNested({ each: true })
  @Type(() => ExcludeFilter)
  exclude?: ExcludeFilter[];

  @ApiPropertyOptional({
    type: [FarFilter],
    maxItems: FAR_MAX_ITEMS,
    description: 'Minimum distances ("at least 2 km from a school"), each layer at most once (criterion far:<layer>, requires). An addition to the spec.',
  })
  @Optional()
  @IsArray({ message: 'filters.far must be an array' })
  @ArrayMaxSize(FAR_MAX_ITEMS, { message: `filters.far may have at most ${FAR_MAX_ITEMS} items` })
  @ValidateNested({ each: true })
  @Type(() => FarFilter)
  far?: FarFilter[];

  @ApiPropertyOptional({
    type: [NearAnyFilter],
    maxItems: NEAR_ANY_MAX_ITEMS,
    description: 'Proximity requirements met by any of their alternatives (criterion near_any:<layer>|<layer>, requires); an addition to the spec',
  })
  @Optional()
  @IsArray({ message: 'filters.near_any must be an array' })
  @ArrayMaxSize(NEAR_ANY_MAX_ITEMS, { message: `filters.near_any may have at most ${NEAR_ANY_MAX_ITEMS} items` })
  @ValidateNested({ each: true })
  @Type(() => NearAnyFilter)
  near_any?: NearAnyFilter[];

  @ApiPropertyOptional({
    enum: [true],
    description:
      'The parcel must not be contaminated land (criterion not_contaminated, screens). No layer records contamination, so its coverage is ' +
      'always missing and every result lists it in unscreened: the caller must check it. An addition to the spec (brownfield_redevelopment).',
  })
  @Optional()
  @Equals(true, { message: 'filters.not_contaminated can only be true (omit it to leave contamination unasked)' })
  not_contaminated?: boolean;

  @ApiPropertyOptional({
    enum: [true],
    description:
      "A sale of the parcel must not trigger KOWR's statutory pre-emption right (criterion no_kowr_pre_emption, requires): agricultural EGiB " +
      'classes on at least 0.3 ha, unless the local plan designates the land for another use; the same rule as the pre-emption rights of ' +
      'GET /parcels/{id}/regulations. An addition to the spec (housing_estate_site).',
  })
  @Optional()
  @Equals(true, { message: 'filters.no_kowr_pre_emption can only be true (omit it to leave the pre-emption right unasked)' })
  no_kowr_pre_emption?: boolean;
}
