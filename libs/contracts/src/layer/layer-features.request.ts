import { Optional } from '../common/optional.js';
import { IsString, Matches, MaxLength, ValidateBy } from 'class-validator';

/** Page size of GET /layers/{layer_id}/features when `limit` is not given. */
export const FEATURES_DEFAULT_LIMIT = 100;
/** Largest page a caller may ask for; a page is also cut short when its JSON nears the reply budget. */
export const FEATURES_MAX_LIMIT = 1000;

/** A layer id as written in the catalogue; whether the layer exists is the service's answer (404). */
export const LAYER_ID_PATTERN = /^[a-z][a-z0-9_]{0,50}$/;
export const LAYER_ID_MESSAGE = 'layer_id must be a catalogue layer id such as power_substations (lowercase letters, digits and _); GET /v1/layers lists them';
/** Cursors are base64url tokens issued by the service. */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,400}$/;

/** A layer and a WGS84 box, as every features request names them. */
abstract class LayerBoxRequest {
  @IsString()
  @Matches(LAYER_ID_PATTERN, { message: LAYER_ID_MESSAGE })
  layer_id!: string;

  @IsString({ message: 'bbox is required: minLng,minLat,maxLng,maxLat in WGS84' })
  @MaxLength(200, { message: 'bbox must be at most 200 characters: minLng,minLat,maxLng,maxLat in WGS84' })
  bbox!: string;
}

/**
 * `layer.features.list`: one page of a layer's features inside a WGS84 box. The bbox text is
 * parsed and range-checked by the service with `parseBbox` (libs/geo), the one place that does it.
 */
export class LayerFeaturesRequest extends LayerBoxRequest {
  @Optional()
  @IsIntegerInRange(1, FEATURES_MAX_LIMIT, `limit must be an integer from 1 to ${FEATURES_MAX_LIMIT} (default ${FEATURES_DEFAULT_LIMIT})`)
  limit?: number;

  @Optional()
  @IsString()
  @Matches(CURSOR_PATTERN, { message: 'cursor must be the next_cursor of a previous page, unchanged' })
  cursor?: string;
}

/** Most features `layer.features.count` counts to: past the largest export (EXPORT_MAX_FEATURES) by far. */
export const FEATURES_COUNT_MAX = 10_000_000;

/**
 * `layer.features.count` (internal: the gateway's exports): how many features of a layer lie in a
 * WGS84 box, counted only up to `up_to + 1`, so an export larger than its limit is refused before
 * any page is read, at the cost of an index scan that stops there.
 */
export class LayerFeaturesCountRequest extends LayerBoxRequest {
  @IsIntegerInRange(0, FEATURES_COUNT_MAX, `up_to must be an integer from 0 to ${FEATURES_COUNT_MAX}`)
  up_to!: number;
}

/** The reply of `layer.features.count`: the count, at most `up_to + 1` (above `up_to`: more than that). */
export interface LayerFeaturesCountReply {
  count: number;
  /** The served version counted. */
  version: number;
}

/** One rule and one message for an integer range (IsInt + Min + Max would repeat themselves for 'abc'). */
export function IsIntegerInRange(min: number, max: number, message: string): PropertyDecorator {
  return ValidateBy({
    name: 'isIntegerInRange',
    constraints: [min, max],
    validator: { validate: (value: unknown) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max, defaultMessage: () => message },
  });
}
