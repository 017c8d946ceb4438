import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InterpretationView, NaturalLanguageSearchRequest, NaturalLanguageSearchView, NL_QUERY_MAX_LENGTH, SearchSubjects } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

const INTERPRETATION =
  'The query (Polish or English) is interpreted without any language model: the place (every gmina, powiat, voivodeship and ' +
  'SIMC locality, declined forms such as "w Krakowie" or "koło Poznania", diacritics optional), the asset type (the matching ' +
  'scenario adds its criteria) and criteria phrases with numbers and units ("co najmniej 2 ha", "within 500 m of a bus stop", ' +
  '"bez Natury 2000", "flat"). `region` in the body overrides any place in the text; with no place all of Poland is searched. ' +
  'Defaults (flat: mean slope at most 5 %; near a substation: 10 km to at least 110 kV; near public transport: 800 m) and every ' +
  'other assumption are stated in `interpretation.assumptions`. 422 `ambiguous_region` lists the units a name fits in ' +
  '`error.candidates` ("Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie (2815011)"); 422 `unresolvable_query` says ' +
  'which words were understood and which were not.';

/** HTTP face of search-svc's natural-language search: validates, forwards one NATS request, returns the reply. */
@ApiTags('Search')
@Controller('v1/search/natural-language')
export class NaturalLanguageController {
  constructor(private readonly services: ServiceCaller) {}

  @Post()
  @HttpCode(200)
  @RequireScope('search:read')
  @RateLimitClass('search')
  @ApiOperation({
    summary: 'Parcel search from a sentence in Polish or English',
    description:
      `${INTERPRETATION} The results are those of POST /v1/search/parcels with interpretation.request (replaying it gives the same), ` +
      `each with \`why\`; \`coverage\` as in structured search. query: 1 to ${NL_QUERY_MAX_LENGTH} characters.`,
    operationId: 'searchNaturalLanguage',
  })
  @ApiBody({ type: NaturalLanguageSearchRequest })
  @ApiOkResponse({ type: NaturalLanguageSearchView })
  @ApiV1Route('search:read', [400, 422])
  run(@Body() body: unknown, @Req() request: FastifyRequest): Promise<NaturalLanguageSearchView> {
    return this.services.call(request, SearchSubjects.nlRun, validateMessage(NaturalLanguageSearchRequest, body ?? {}));
  }

  @Post('interpret')
  @HttpCode(200)
  @RequireScope('search:read')
  @RateLimitClass('search')
  @ApiOperation({
    summary: 'How a sentence would be searched, without searching',
    description: `${INTERPRETATION} Returns only the interpretation; no search is run. An addition to the spec (the tool server uses it).`,
    operationId: 'interpretNaturalLanguage',
  })
  @ApiBody({ type: NaturalLanguageSearchRequest })
  @ApiOkResponse({ type: InterpretationView })
  @ApiV1Route('search:read', [400, 422])
  interpret(@Body() body: unknown, @Req() request: FastifyRequest): Promise<InterpretationView> {
    return this.services.call(request, SearchSubjects.nlInterpret, validateMessage(NaturalLanguageSearchRequest, body ?? {}));
  }
}
