import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../common/optional.js';
import { IsOgcCrs } from '../ogc/ogc-crs.js';
import { FEATURES_MAX_LIMIT, IsIntegerInRange, LAYER_ID_MESSAGE, LAYER_ID_PATTERN } from './layer-features.request.js';

/**
 * Largest `limit` an OGC API client may send. OGC API - Features says a limit above the server's
 * maximum is served as the maximum, not refused (clients such as GDAL ask for large pages).
 */
export const ITEMS_LIMIT_CEILING = 1_000_000;
/**
 * A page without a limit is as large as a page may be: desktop clients (QGIS 3.22 among them) send no
 * limit and page a whole layer, so a small default only multiplies their requests.
 */
export const ITEMS_DEFAULT_LIMIT = FEATURES_MAX_LIMIT;
export const ITEMS_LIMIT_MESSAGE = `limit must be an integer from 1 (default ${ITEMS_DEFAULT_LIMIT}); a page holds at most ${FEATURES_MAX_LIMIT} features, a larger limit is served as ${FEATURES_MAX_LIMIT}`;

export const FILTER_MAX_LENGTH = 4000;
export const FILTER_LANGUAGES = ['cql2-text', 'cql-text', 'cql2-json'];

/**
 * `layer.items.list`: one page of an OGC API collection (a catalogue layer served via api). Unlike
 * GET /v1/layers/{id}/features, the bbox may be left out (the whole layer) and may miss Poland
 * (an empty page).
 */
export class LayerItemsRequest {
  @IsString()
  @Matches(LAYER_ID_PATTERN, { message: LAYER_ID_MESSAGE })
  layer_id!: string;

  @Optional()
  @IsString({ message: 'bbox must be minLng,minLat,maxLng,maxLat in WGS84 (CRS84)' })
  @MaxLength(200, { message: 'bbox must be at most 200 characters: minLng,minLat,maxLng,maxLat in WGS84 (CRS84)' })
  bbox?: string;

  @Optional()
  @IsIntegerInRange(1, ITEMS_LIMIT_CEILING, ITEMS_LIMIT_MESSAGE)
  limit?: number;

  @Optional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,400}$/, { message: 'cursor must be taken unchanged from the href of the rel=next link of the previous page' })
  cursor?: string;

  /** A CQL2 expression (text, or JSON with filter-lang=cql2-json) on the collection's queryables (OGC API - Features Part 3). */
  @Optional()
  @IsString({ message: 'filter must be a CQL2 text expression, or CQL2 JSON with filter-lang=cql2-json' })
  @MaxLength(FILTER_MAX_LENGTH, { message: `filter must be at most ${FILTER_MAX_LENGTH} characters of CQL2` })
  filter?: string;

  /**
   * cql2-text, the standard name; cql-text is the draft name GDAL 3.6 sends for the same syntax of
   * comparisons. Checked by the gateway too, since it is an HTTP parameter.
   */
  @Optional()
  @IsIn(FILTER_LANGUAGES, { message: `filter-lang must be ${FILTER_LANGUAGES.join(', ')} (cql-text is the draft name of cql2-text)` })
  filter_lang?: string;

  /** The CRS of the coordinates in the filter's spatial literals (Part 3 filter-crs); CRS84 by default. */
  @Optional()
  @IsOgcCrs('filter-crs')
  filter_crs?: string;

  /** The CRS of the bbox (Part 2 bbox-crs); CRS84 by default. */
  @Optional()
  @IsOgcCrs('bbox-crs')
  bbox_crs?: string;

  /** The CRS of the geometries in the answer (Part 2 crs); CRS84 by default. */
  @Optional()
  @IsOgcCrs('crs')
  crs?: string;
}

/** `layer.items.queryables`: the properties a filter may name on a collection. */
export class LayerQueryablesRequest {
  @IsString()
  @Matches(LAYER_ID_PATTERN, { message: LAYER_ID_MESSAGE })
  layer_id!: string;
}

export interface LayerQueryableReply {
  name: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'date';
  description: string;
  unit?: string;
  enum?: string[];
}

export interface LayerQueryablesReply {
  layer_id: string;
  queryables: LayerQueryableReply[];
}

/** `layer.items.get`: one feature of a collection by its id (the GeoJSON `id`, stable across refreshes). */
export class LayerItemRequest {
  @IsString()
  @Matches(LAYER_ID_PATTERN, { message: LAYER_ID_MESSAGE })
  layer_id!: string;

  @IsString()
  @MaxLength(200, { message: 'featureId must be at most 200 characters: the id of a feature as the items listing gives it' })
  feature_id!: string;

  /** The CRS of the geometry in the answer (Part 2 crs); CRS84 by default. */
  @Optional()
  @IsOgcCrs('crs')
  crs?: string;
}
