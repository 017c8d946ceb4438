import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';
import { NestedObject } from '../common/nested-object.js';
import { Optional } from '../common/optional.js';
import { PARCEL_ID_EXAMPLE, PARCEL_ID_PATTERN } from '../parcel/parcel-id.js';
import { CompileScenarioRequest } from '../search/compile-scenario.request.js';
import { SearchParcelsRequest } from '../search/search-parcels.request.js';
import { WATCH_NAME_MAX, WATCH_PARCEL_IDS_MAX } from './watch-bounds.js';

const PARCEL_IDS_MESSAGE = `parcel_ids must be a list of 1 to ${WATCH_PARCEL_IDS_MAX} EGiB parcel ids, e.g. ["${PARCEL_ID_EXAMPLE}"]`;

/**
 * Body of POST /v1/watches: exactly one of search, scenario, query or parcel_ids (watches-svc
 * checks that, and compiles a scenario or interprets a query once, so the watch means later what
 * it meant when it was made).
 */
export class CreateWatchBody {
  @ApiPropertyOptional({ description: 'A name for the watch', maxLength: WATCH_NAME_MAX, example: 'PV 3 ha near 110 kV, powiat poznański' })
  @Optional()
  @IsString({ message: `name must be text of at most ${WATCH_NAME_MAX} characters` })
  @MaxLength(WATCH_NAME_MAX, { message: `name must be text of at most ${WATCH_NAME_MAX} characters` })
  name?: string;

  @ApiPropertyOptional({ type: () => SearchParcelsRequest, description: 'A structured search, as POST /v1/search/parcels takes it' })
  @Optional()
  @NestedObject(() => SearchParcelsRequest, 'search must be an object: a structured search request as POST /v1/search/parcels takes it')
  search?: SearchParcelsRequest;

  @ApiPropertyOptional({
    type: () => CompileScenarioRequest,
    description: 'A scenario request (scenario id, params, weights, region); compiled once into a structured search',
  })
  @Optional()
  @NestedObject(() => CompileScenarioRequest, 'scenario must be an object such as {"scenario": "bess_storage", "region": "3064"}')
  scenario?: CompileScenarioRequest;

  @ApiPropertyOptional({
    description: 'A sentence, stored as its interpretation (a structured search) so it means the same later',
    example: 'PV farm of at least 3 ha near a 110 kV substation in powiat poznański',
  })
  @Optional()
  @IsString({ message: 'query must be a sentence' })
  @MaxLength(500, { message: 'query must be at most 500 characters' })
  query?: string;

  @ApiPropertyOptional({ type: [String], description: `1 to ${WATCH_PARCEL_IDS_MAX} EGiB parcel ids whose facts are watched`, example: [PARCEL_ID_EXAMPLE] })
  @Optional()
  @IsArray({ message: PARCEL_IDS_MESSAGE })
  @ArrayMinSize(1, { message: PARCEL_IDS_MESSAGE })
  @ArrayMaxSize(WATCH_PARCEL_IDS_MAX, { message: PARCEL_IDS_MESSAGE })
  @IsString({ each: true, message: PARCEL_IDS_MESSAGE })
  @Matches(PARCEL_ID_PATTERN, { each: true, message: PARCEL_IDS_MESSAGE })
  parcel_ids?: string[];

  @ApiPropertyOptional({
    description: 'https (or, where the operator allows, http) URL that receives each event, signed; never a private, loopback or link-local address',
    example: 'https://hooks.example.com/landparcel',
  })
  @Optional()
  @IsString({ message: 'webhook_url must be an http(s) URL' })
  @MaxLength(2000, { message: 'webhook_url must be at most 2000 characters' })
  webhook_url?: string;
}

/** `watches.create`: the body and the key that owns the watch (set by the gateway, never by the caller). */
export class CreateWatchRequest extends CreateWatchBody {
  @ApiProperty()
  @IsString()
  @MaxLength(100)
  owner!: string;
}
