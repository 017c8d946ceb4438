import { applyDecorators, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiDefaultResponse, ApiExtraModels, ApiOkResponse, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorEnvelopeView, type Scope } from '@lp/contracts';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'invalid_request: the request is malformed; the message says what is allowed',
  401: 'unauthorized: missing or invalid API key',
  403: 'insufficient_scope: the key lacks the scope of this route',
  404: 'not_found',
  413: 'payload_too_large',
  422: 'unresolvable_query or ambiguous_region (with candidates)',
  429: 'rate_limited: retry after the number of seconds in Retry-After',
  503: 'service_unavailable: the owning service is not reachable',
  504: 'upstream_timeout: the owning service did not answer in time',
};

/** Documents the scope and the error responses of an authenticated /v1 route. */
export function ApiV1Route(scope: Scope | readonly Scope[], errorStatuses: number[]): MethodDecorator {
  const scopes = typeof scope === 'string' ? scope : `one of ${scope.join(', ')}`;
  const errors = [401, 403, 429, 503, 504, ...errorStatuses].sort((a, b) => a - b);
  return applyDecorators(
    ApiBearerAuth(),
    ApiExtraModels(ErrorEnvelopeView),
    ...errors.map((status) =>
      ApiResponse({
        status,
        description: ERROR_DESCRIPTIONS[status] ?? 'error',
        type: ErrorEnvelopeView,
        ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait', required: true, schema: { type: 'integer' } } } } : {}),
      }),
    ),
    ApiDefaultResponse({ description: `Error envelope. Requires scope ${scopes}.`, type: ErrorEnvelopeView }),
  );
}

/** A 200 response with a non-JSON-default media type such as application/geo+json. */
export function ApiOkMedia(mediaType: string, model: Type<unknown>, description: string, headers?: Record<string, { description: string; schema: { type: string } }>): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(model),
    ApiOkResponse({ description, content: { [mediaType]: { schema: { $ref: getSchemaPath(model) } } }, ...(headers ? { headers } : {}) }),
  );
}
