import { Controller, Get, Header, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ErrorEnvelopeView,
  ITEMS_DEFAULT_LIMIT,
  FILTER_LANGUAGES,
  FILTER_MAX_LENGTH,
  FEATURES_MAX_LIMIT,
  ITEMS_LIMIT_CEILING,
  LayerCollectionsRequest,
  LayerFeaturePageView,
  LayerFeatureView,
  LayerItemRequest,
  LayerItemsRequest,
  LayerQueryablesRequest,
  LayerSubjects,
  OgcCollectionView,
  OgcCollectionsView,
  OgcConformanceView,
  OgcLandingView,
  OGC_CRS_ALLOWED,
  OGC_CRS_URIS,
  ogcCrsOf,
  type LinkView,
} from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { publicBaseUrl } from '../http/public-base-url.js';
import { acceptsPreferred } from '../http/accept.js';
import { queryNumber } from '../http/query-params.js';
import { ApiOkMedia, ApiV1Route } from '../openapi/api-docs.decorators.js';
import { GEOJSON } from '../http/media-types.js';
import { ServiceCaller } from '../rpc/service-caller.js';
import { COLLECTION_CRS, OGC_PREFIX, SCHEMA_TYPE, collectionDocument, collectionsDocument, conformance, landingPage, queryablesDocument } from './ogc-documents.js';
import { pageLinks } from './page-links.js';

const CRS_SCHEMA = { type: 'string', enum: COLLECTION_CRS, default: COLLECTION_CRS[0] };
const CRS_QUERY = {
  name: 'crs',
  required: false,
  description: `The CRS of the geometries in the answer: ${OGC_CRS_ALLOWED}. The Content-Crs header names it. Another CRS answers 400.`,
  schema: CRS_SCHEMA,
};
const CONTENT_CRS_HEADER = { 'Content-Crs': { description: 'The CRS of the geometries, as <URI>', schema: { type: 'string' } } };

/** Content-Crs (Part 2): the CRS the geometries were written in, its URI in angle brackets. */
function contentCrs(reply: FastifyReply, crs: unknown): void {
  const known = typeof crs === 'string' ? ogcCrsOf(crs) : null;
  void reply.header('content-crs', `<${OGC_CRS_URIS[known ?? 'CRS84']}>`);
}

const COLLECTION_PARAM = { name: 'collectionId', description: 'A layer id served via api (GET /v1/ogc/collections lists them)', example: 'power_substations' };

/**
 * OGC API - Features Part 1 (Core, GeoJSON) over the layer catalogue, so GDAL's OAPIF driver and
 * QGIS open our layers with a URL and a key. Pages come from layer-svc's feature listing; this
 * controller only shapes the OGC documents and links.
 */
@ApiTags('OGC API - Features')
@Controller('v1/ogc')
export class OgcFeaturesController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get()
  @RequireScope('layers:read')
  @ApiOperation({ summary: 'OGC API - Features landing page', description: `Links to the API definition, the conformance classes and the collections (${OGC_PREFIX}).`, operationId: 'getOgcLandingPage' })
  @ApiOkResponse({ type: OgcLandingView })
  @ApiV1Route('layers:read', [])
  landing(@Req() request: FastifyRequest): OgcLandingView {
    return landingPage(publicBaseUrl(this.env, request));
  }

  @Get('conformance')
  @RequireScope('layers:read')
  @ApiOperation({ summary: 'OGC API conformance classes implemented: Features Parts 1 (core, GeoJSON), 2 (CRS) and 3 (CQL2 text and JSON filters), Tiles (vector tilesets)', operationId: 'getOgcConformance' })
  @ApiOkResponse({ type: OgcConformanceView })
  @ApiV1Route('layers:read', [])
  conformance(): OgcConformanceView {
    return conformance();
  }

  @Get('collections')
  @RequireScope('layers:read')
  @ApiOperation({
    summary: 'Every catalogue layer served via api, as OGC API collections',
    description: 'Extent (CRS84) of the served data from the layer statistics; Poland for a layer not loaded yet. Items are GeoJSON in CRS84, or EPSG:2180 with crs (crs and storageCrs list them). A layer served as tiles links its tilesets.',
    operationId: 'listOgcCollections',
  })
  @ApiOkResponse({ type: OgcCollectionsView })
  @ApiV1Route('layers:read', [])
  async collections(@Req() request: FastifyRequest): Promise<OgcCollectionsView> {
    const reply = await this.services.call(request, LayerSubjects.collections, {});
    return collectionsDocument(publicBaseUrl(this.env, request), reply.layers);
  }

  @Get('collections/:collectionId')
  @RequireScope('layers:read')
  @ApiOperation({ summary: 'One collection: extent, CRS list, item type and links', operationId: 'getOgcCollection' })
  @ApiParam(COLLECTION_PARAM)
  @ApiOkResponse({ type: OgcCollectionView })
  @ApiV1Route('layers:read', [400, 404])
  async collection(@Param('collectionId') collectionId: string, @Req() request: FastifyRequest): Promise<OgcCollectionView> {
    const message = validateMessage(LayerCollectionsRequest, { layer_id: collectionId });
    const reply = await this.services.call(request, LayerSubjects.collections, message);
    return collectionDocument(publicBaseUrl(this.env, request), reply.layers[0]!);
  }

  @Get('collections/:collectionId/items')
  @RequireScope('layers:read')
  @Header('content-type', GEOJSON)
  @ApiOperation({
    summary: 'Features of a collection, one page at a time',
    description:
      'A GeoJSON FeatureCollection in CRS84 (7 decimals) or, with crs, EPSG:2180 (northing, easting, 2 decimals), in a stable order (by feature), ' +
      'with numberReturned, numberMatched when neither bbox nor filter is given, ' +
      'and links: self and, while there are more pages, next (follow it unchanged). ' +
      `limit: default ${ITEMS_DEFAULT_LIMIT}, at most ${FEATURES_MAX_LIMIT} per page (a larger limit is served as ${FEATURES_MAX_LIMIT}, as OGC API - Features asks); ` +
      'a page also ends early at about 768 KB of JSON. bbox: minLng,minLat,maxLng,maxLat in CRS84, any size; a box off Poland gives an empty page. ' +
      'If the layer is refreshed while paging, the next page answers 409 stale_cursor: start again from the first page.',
    operationId: 'listOgcItems',
  })
  @ApiParam(COLLECTION_PARAM)
  @ApiQuery({
    name: 'bbox',
    type: String,
    required: false,
    description:
      'minLng,minLat,maxLng,maxLat in CRS84 (WGS84 longitude first), or with bbox-crs EPSG:2180 minNorthing,minEasting,maxNorthing,maxEasting in metres; features intersecting it',
    example: '16.85,52.37,16.97,52.44',
  })
  @ApiQuery({ name: 'bbox-crs', required: false, description: `The CRS of bbox: ${OGC_CRS_ALLOWED}`, schema: CRS_SCHEMA })
  @ApiQuery(CRS_QUERY)
  @ApiQuery({
    name: 'limit',
    required: false,
    description: `Features per page, default ${ITEMS_DEFAULT_LIMIT}, at most ${FEATURES_MAX_LIMIT} (larger values are served as ${FEATURES_MAX_LIMIT})`,
    schema: { type: 'integer', minimum: 1, maximum: ITEMS_LIMIT_CEILING, default: ITEMS_DEFAULT_LIMIT },
  })
  @ApiQuery({ name: 'cursor', type: String, required: false, description: 'Set by the rel=next link; do not build it yourself' })
  @ApiQuery({
    name: 'filter',
    type: String,
    required: false,
    description:
      `CQL2 text (or CQL2 JSON with filter-lang=cql2-json) on the collection's queryables (GET .../queryables), at most ${FILTER_MAX_LENGTH} characters: ` +
      '=, <>, <, <=, >, >=, [NOT] LIKE, [NOT] BETWEEN, [NOT] IN, IS [NOT] NULL, S_INTERSECTS(geometry, <WKT or BBOX(...)>; GeoJSON in CQL2 JSON), ' +
      "AND, OR, NOT, parentheses; literals 'text', numbers, TRUE/FALSE, DATE('YYYY-MM-DD'). A broken filter answers 400 naming the position and token (the JSON pointer in CQL2 JSON).",
    example: "voltage_kv >= 220 AND name LIKE 'GPZ%'",
  })
  @ApiQuery({
    name: 'filter-lang',
    required: false,
    description: 'cql2-text (default) or cql2-json; cql-text is accepted as the draft name of cql2-text (GDAL 3.6 sends it)',
    schema: { type: 'string', enum: FILTER_LANGUAGES, default: 'cql2-text' },
  })
  @ApiQuery({
    name: 'filter-crs',
    required: false,
    description: `The CRS of the coordinates of spatial literals in filter: ${OGC_CRS_ALLOWED}`,
    schema: CRS_SCHEMA,
  })
  @ApiOkMedia(GEOJSON, LayerFeaturePageView, 'A page of features, geometry in CRS84 or the crs asked for', CONTENT_CRS_HEADER)
  @ApiResponse({ status: 409, description: 'stale_cursor: the layer was refreshed since the first page; start again', type: ErrorEnvelopeView })
  @ApiV1Route('layers:read', [400, 404])
  async items(
    @Param('collectionId') collectionId: string,
    @Query('bbox') bbox: unknown,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Query('filter') filter: unknown,
    @Query('filter-lang') filterLang: unknown,
    @Query('filter-crs') filterCrs: unknown,
    @Query('bbox-crs') bboxCrs: unknown,
    @Query('crs') crs: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LayerFeaturePageView> {
    const message = validateMessage(LayerItemsRequest, {
      layer_id: collectionId,
      bbox,
      limit: queryNumber(limit),
      cursor,
      filter,
      filter_lang: filterLang,
      filter_crs: filterCrs,
      bbox_crs: bboxCrs,
      crs,
    });
    const page = await this.services.call(request, LayerSubjects.items, message);
    contentCrs(reply, crs);
    return { ...page, links: pageLinks(publicBaseUrl(this.env, request), request.url, page.next_cursor, GEOJSON) };
  }

  @Get('collections/:collectionId/queryables')
  @RequireScope('layers:read')
  @ApiOperation({
    summary: 'The properties a filter may name on a collection, as JSON Schema',
    description: 'id, kind (with its values), name, teryt and the typed attributes of the layer. application/schema+json when asked for, else application/json.',
    operationId: 'getOgcQueryables',
  })
  @ApiParam(COLLECTION_PARAM)
  @ApiOkResponse({ description: 'JSON Schema of the queryables', content: { [SCHEMA_TYPE]: { schema: { type: 'object' } }, 'application/json': { schema: { type: 'object' } } } })
  @ApiV1Route('layers:read', [400, 404])
  async queryables(
    @Param('collectionId') collectionId: string,
    @Headers('accept') accept: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const message = validateMessage(LayerQueryablesRequest, { layer_id: collectionId });
    const queryables = await this.services.call(request, LayerSubjects.queryables, message);
    // GDAL 3.6 accepts only JSON media types here, so schema+json is sent to those who ask for it.
    const type = acceptsPreferred(accept, SCHEMA_TYPE) ? SCHEMA_TYPE : 'application/json';
    await reply.header('content-type', `${type}; charset=utf-8`).send(queryablesDocument(publicBaseUrl(this.env, request), queryables));
  }

  @Get('collections/:collectionId/items/:featureId')
  @RequireScope('layers:read')
  @Header('content-type', GEOJSON)
  @ApiOperation({ summary: 'One feature of a collection by its id', operationId: 'getOgcItem' })
  @ApiParam(COLLECTION_PARAM)
  @ApiParam({ name: 'featureId', description: 'The id of a feature as the items page gives it (URL-encoded)', example: 'osm-node-123456' })
  @ApiQuery(CRS_QUERY)
  @ApiOkMedia(GEOJSON, LayerFeatureView, 'The feature, geometry in CRS84 or the crs asked for', CONTENT_CRS_HEADER)
  @ApiV1Route('layers:read', [400, 404])
  async item(
    @Param('collectionId') collectionId: string,
    @Param('featureId') featureId: string,
    @Query('crs') crs: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LayerFeatureView & { links: LinkView[] }> {
    const message = validateMessage(LayerItemRequest, { layer_id: collectionId, feature_id: featureId, crs });
    const feature = await this.services.call(request, LayerSubjects.item, message);
    contentCrs(reply, crs);
    const collection = `${publicBaseUrl(this.env, request)}${OGC_PREFIX}/collections/${collectionId}`;
    return {
      ...feature,
      links: [
        { href: `${collection}/items/${encodeURIComponent(feature.id)}`, rel: 'self', type: GEOJSON, title: 'This feature' },
        { href: collection, rel: 'collection', type: 'application/json', title: 'The collection' },
      ],
    };
  }
}
