/**
 * Bounds of a structured search request, in one place so that the request decorators, the
 * validation messages, the scenario compiler and the OpenAPI document agree.
 */

/** `limit`: the spec leaves REST search limits open; the tool server's 1..50 fits inside. */
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 200;

/** `near[].within_m`: 0 means intersecting; 50 km is above every scenario reach (30 km at most). */
export const NEAR_WITHIN_MAX_M = 50_000;

/** `exclude[].buffer_m`: the same ceiling as check_constraints' buffer_m (spec Limits). */
export const EXCLUDE_BUFFER_MAX_M = 5_000;

/** `rank_by[].weight`: integers, as in the spec; scenario weights use the same range. */
export const RANK_WEIGHT_MIN = 0;
export const RANK_WEIGHT_MAX = 100;

/** `slope_pct.max`: mean slope in percent (100 % is 45 degrees). */
export const SLOPE_MAX_PCT = 100;

/** Near misses ("what would it take") come with answers matching fewer parcels than this. */
export const NEAR_MISSES_BELOW = 10;
/** Parcels failing one criterion only, listed per criterion. */
export const ONE_AWAY_PER_CRITERION = 5;

/** Caps that keep one request's SQL bounded. */
export const NEAR_MAX_ITEMS = 20;
export const EXCLUDE_MAX_ITEMS = 20;
export const FAR_MAX_ITEMS = 20;
/** `near[].ids`, `far[].ids`: named anchors are a handful of features, never a layer dump. */
export const ANCHOR_IDS_MAX = 50;
export const NEAR_ANY_MAX_ITEMS = 5;
export const NEAR_ANY_MAX_ALTERNATIVES = 5;
export const WHERE_MAX_CONDITIONS = 20;
export const WHERE_IN_MAX_VALUES = 100;
export const ZONING_SYMBOLS_MAX = 50;
export const ZONING_SYMBOL_MAX_LENGTH = 20;

export const TERYT_PATTERN = /^(\d{2}|\d{4}|\d{7})$/;
export const TERYT_MESSAGE = 'region must be a TERYT code of 2, 4 or 7 digits, e.g. 30, 3064 or 3064011';

/** Shape only; ranges and the overlap with Poland are checked by parseBbox (libs/geo) in the service. */
export const BBOX_SHAPE = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)(\s*,\s*[+-]?(\d+(\.\d*)?|\.\d+)){3}\s*$/;
export const BBOX_MESSAGE = 'bbox must be minLng,minLat,maxLng,maxLat in WGS84 degrees, longitude first, e.g. 16.85,52.37,16.97,52.44';
