import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AppError,
  AUTOCOMPLETE_MAX,
  BATCH_MAX_IDS,
  CONSTRAINTS_BUFFER_DEFAULT_M,
  CONSTRAINTS_BUFFER_MAX_M,
  ConstraintsView,
  GetParcelDetailRequest,
  NEAREST_PARCEL_MAX_M,
  PARCEL_INCLUDE_VALUES,
  ParcelBlockRequest,
  ParcelConstraintsRequest,
  ParcelProximityRequest,
  PROXIMITY_KIND_IDS,
  ProximityView,
  RegulationsView,
  TerrainView,
  PARCEL_ID_EXAMPLE,
  ParcelAtRequest,
  ParcelAutocompleteRequest,
  ParcelBatchRequest,
  ParcelBatchView,
  ParcelFeatureView,
  ParcelSubjects,
  ParcelSuggestionView,
} from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { GEOJSON } from '../http/media-types.js';
import { queryList, queryNumber } from '../http/query-params.js';
import { ApiOkMedia, ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** HTTP face of parcel-svc: validates, forwards one NATS request, returns the reply. No rules here. */
@ApiTags('Parcels')
@Controller('v1/parcels')
export class ParcelsController {
  constructor(private readonly services: ServiceCaller) {}

  @Get('at')
  @RequireScope('parcels:read')
  @Header('content-type', GEOJSON)
  @ApiOperation({
    summary: `The parcel at a point: containing it, else the nearest within ${NEAREST_PARCEL_MAX_M} m`,
    description: 'properties.distance_m is 0 when the point lies inside the parcel.',
    operationId: 'getParcelAt',
  })
  @ApiQuery({ name: 'lng', type: Number, required: true, description: 'Longitude, WGS84' })
  @ApiQuery({ name: 'lat', type: Number, required: true, description: 'Latitude, WGS84' })
  @ApiOkMedia(GEOJSON, ParcelFeatureView, 'The parcel, geometry in WGS84')
  @ApiV1Route('parcels:read', [400, 404])
  at(@Query('lng') lng: unknown, @Query('lat') lat: unknown, @Req() request: FastifyRequest): Promise<ParcelFeatureView> {
    const message = validateMessage(ParcelAtRequest, { lng: queryNumber(lng), lat: queryNumber(lat) });
    return this.services.call(request, ParcelSubjects.at, message);
  }

  @Get('autocomplete')
  @RequireScope('parcels:read')
  @ApiOperation({ summary: `Parcel ids starting with or containing the text, at most ${AUTOCOMPLETE_MAX}`, operationId: 'autocompleteParcels' })
  @ApiQuery({ name: 'q', type: String, required: true, description: 'At least 2 characters of a parcel id' })
  @ApiOkResponse({ type: [ParcelSuggestionView], description: 'Prefix matches first, then substring matches' })
  @ApiV1Route('parcels:read', [400])
  autocomplete(@Query('q') q: unknown, @Req() request: FastifyRequest): Promise<ParcelSuggestionView[]> {
    const message = validateMessage(ParcelAutocompleteRequest, { q });
    return this.services.call(request, ParcelSubjects.autocomplete, message);
  }

  @Post('batch')
  @HttpCode(200)
  @RequireScope('parcels:read')
  @ApiOperation({ summary: `Up to ${BATCH_MAX_IDS} parcels in one call; unknown ids are listed in missing`, operationId: 'getParcelBatch' })
  @ApiBody({ type: ParcelBatchRequest })
  @ApiOkResponse({ type: ParcelBatchView })
  @ApiV1Route('parcels:read', [400, 413])
  async batch(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    refuseOversizedBatch(body);
    const message = validateMessage(ParcelBatchRequest, body);
    // parcel-svc wrote the answer's JSON (up to 6 MB) in slices: sent on as it is, not parsed and written again
    const answer = await this.services.call(request, ParcelSubjects.batch, message);
    void reply.status(200).header('content-type', 'application/json; charset=utf-8').send(Buffer.from(answer.json.buffer, answer.json.byteOffset, answer.json.byteLength));
  }

  @Get(':parcel_id/regulations')
  @RequireScope('parcels:read')
  @ApiOperation({
    summary: 'Zoning and planning status of a parcel: local plan zone, general plan, study, pre-emption rights',
    description: 'mpzp null means no local plan applies. A field whose layer has no data in the gmina is absent (never null) and coverage says why.',
    operationId: 'getParcelRegulations',
  })
  @ParcelIdParam()
  @ApiOkResponse({ type: RegulationsView })
  @ApiV1Route('parcels:read', [400, 404])
  regulations(@Param('parcel_id') parcelId: string, @Req() request: FastifyRequest): Promise<RegulationsView> {
    const message = validateMessage(ParcelBlockRequest, { parcel_id: parcelId });
    return this.services.call(request, ParcelSubjects.regulations, message);
  }

  @Get(':parcel_id/constraints')
  @RequireScope('parcels:read')
  @ApiOperation({
    summary: 'Environmental and legal constraints on a parcel or within buffer_m of it, with severity',
    description: 'An empty items list means none found only for layers whose coverage is available; coverage lists every constraint layer.',
    operationId: 'getParcelConstraints',
  })
  @ParcelIdParam()
  @ApiQuery({ name: 'buffer_m', schema: { type: 'integer', minimum: 0, maximum: CONSTRAINTS_BUFFER_MAX_M, default: CONSTRAINTS_BUFFER_DEFAULT_M }, required: false, description: `Metres around the parcel, 0 to ${CONSTRAINTS_BUFFER_MAX_M}, default ${CONSTRAINTS_BUFFER_DEFAULT_M}` })
  @ApiOkResponse({ type: ConstraintsView })
  @ApiV1Route('parcels:read', [400, 404])
  constraints(@Param('parcel_id') parcelId: string, @Query('buffer_m') bufferM: unknown, @Req() request: FastifyRequest): Promise<ConstraintsView> {
    const message = validateMessage(ParcelConstraintsRequest, { parcel_id: parcelId, ...(bufferM === undefined ? {} : { buffer_m: queryNumber(bufferM) }) });
    return this.services.call(request, ParcelSubjects.constraints, message);
  }

  @Get(':parcel_id/terrain')
  @RequireScope('parcels:read')
  @ApiOperation({
    summary: 'Elevation, slope and aspect of a parcel',
    description: 'Where terrain_stats has no data for the parcel the figures are absent and coverage says so.',
    operationId: 'getParcelTerrain',
  })
  @ParcelIdParam()
  @ApiOkResponse({ type: TerrainView })
  @ApiV1Route('parcels:read', [400, 404])
  terrain(@Param('parcel_id') parcelId: string, @Req() request: FastifyRequest): Promise<TerrainView> {
    const message = validateMessage(ParcelBlockRequest, { parcel_id: parcelId });
    return this.services.call(request, ParcelSubjects.terrain, message);
  }

  @Get(':parcel_id/proximity')
  @RequireScope('parcels:read')
  @ApiOperation({
    summary: 'Nearest feature of each kind (substations, lines, stops, schools, water, roads, ...) and its distance',
    description: 'items: nearest per kind; not_found: kinds with data here but nothing within the search radius; coverage: layers without data here (unknown, not none).',
    operationId: 'getParcelProximity',
  })
  @ParcelIdParam()
  @ApiQuery({ name: 'kinds', type: String, required: false, description: `Comma-separated, default all: ${PROXIMITY_KIND_IDS.join(', ')}` })
  @ApiOkResponse({ type: ProximityView })
  @ApiV1Route('parcels:read', [400, 404])
  proximity(@Param('parcel_id') parcelId: string, @Query('kinds') kinds: unknown, @Req() request: FastifyRequest): Promise<ProximityView> {
    const message = validateMessage(ParcelProximityRequest, { parcel_id: parcelId, ...(kinds === undefined ? {} : { kinds: queryList(kinds) }) });
    return this.services.call(request, ParcelSubjects.proximity, message);
  }

  @Get(':parcel_id')
  @RequireScope('parcels:read')
  @Header('content-type', GEOJSON)
  @ApiOperation({
    summary: 'One parcel as a GeoJSON feature, with the blocks asked for in include',
    description: 'include embeds blocks in properties in one round-trip; constraints use the default buffer of 100 m and proximity reports every kind.',
    operationId: 'getParcel',
  })
  @ParcelIdParam()
  @ApiQuery({ name: 'include', type: String, required: false, description: `Comma-separated blocks: ${PARCEL_INCLUDE_VALUES.join(', ')}` })
  @ApiOkMedia(GEOJSON, ParcelFeatureView, 'The parcel, geometry in WGS84')
  @ApiV1Route('parcels:read', [400, 404])
  get(@Param('parcel_id') parcelId: string, @Query('include') include: unknown, @Req() request: FastifyRequest): Promise<ParcelFeatureView> {
    const message = validateMessage(GetParcelDetailRequest, { parcel_id: parcelId, ...(include === undefined ? {} : { include: queryList(include) }) });
    return this.services.call(request, ParcelSubjects.get, message);
  }
}

/** More ids than the spec allows is a request too large (413, naming the limit), not a malformed one. */
function refuseOversizedBatch(body: unknown): void {
  const ids = typeof body === 'object' && body !== null ? (body as { parcel_ids?: unknown }).parcel_ids : undefined;
  if (Array.isArray(ids) && ids.length > BATCH_MAX_IDS) {
    throw new AppError('payload_too_large', `parcel_ids has ${ids.length} ids; at most ${BATCH_MAX_IDS} are accepted per call. Split the list.`);
  }
}

/** The parcel_id path parameter, documented once. */
function ParcelIdParam(): MethodDecorator {
  return ApiParam({
    name: 'parcel_id',
    description: `EGiB parcel id; URL-encode '/' (${PARCEL_ID_EXAMPLE} becomes ${encodeURIComponent(PARCEL_ID_EXAMPLE)})`,
    example: PARCEL_ID_EXAMPLE,
  });
}
