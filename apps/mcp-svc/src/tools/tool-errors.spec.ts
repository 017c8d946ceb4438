import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '../gateway/gateway-error.js';
import { toolErrorMessage, toolErrorResult } from './tool-errors.js';

const context = { tool: 'get_parcel', scope: 'parcels:read', requestId: 'req-1' } as const;

const error = (code: string, status: number, options: { message?: string; candidates?: string[]; retryAfterS?: number } = {}): GatewayError =>
  new GatewayError(code, status, options.message ?? 'upstream message', options.candidates, options.retryAfterS, 'req-1');

describe('tool error messages for the model', () => {
  const table: [string, unknown, RegExp[]][] = [
    ['401 says the key is missing or invalid and not to retry', error('unauthorized', 401), [/rejected the API key/, /missing, invalid or revoked/, /Retrying will not help/]],
    ['403 names the missing scope', error('insufficient_scope', 403), [/lacks the scope "parcels:read"/, /get_parcel needs/]],
    [
      '422 ambiguous_parcel lists the parcels and says to ask the user',
      error('ambiguous_parcel', 422, { candidates: ['306401_1.0007.34/1 (precinct Chartowo, Poznań)', '306401_1.0009.34/1 (precinct Rataje, Poznań)'] }),
      [/ambiguous/, /306401_1\.0007\.34\/1 \(precinct Chartowo, Poznań\)/, /Ask the user/],
    ],
    [
      '404 with candidates lists them and suggests retrying with one',
      error('not_found', 404, { message: 'No parcel 146518_8.0108.27', candidates: ['146518_8.0108.27/1', '146518_8.0108.27/2'] }),
      [/Not found: No parcel 146518_8\.0108\.27\./, /146518_8\.0108\.27\/1, 146518_8\.0108\.27\/2/, /retry get_parcel with it/],
    ],
    ['404 without candidates says to check the identifier', error('not_found', 404), [/Check the identifier with the user/]],
    [
      '422 ambiguous_region lists the gminas and says to ask or call resolve_region',
      error('ambiguous_region', 422, { candidates: ['Nowa Wieś (gmina 0201011)', 'Nowa Wieś (gmina 1402052)'] }),
      [/ambiguous/, /Nowa Wieś \(gmina 0201011\), Nowa Wieś \(gmina 1402052\)/, /Ask the user/, /resolve_region/],
    ],
    ['422 unresolvable_query asks for a rephrase', error('unresolvable_query', 422, { message: 'No region or filter recognised' }), [/could not be resolved/, /Rephrase/]],
    ['400 repeats what was wrong', error('invalid_request', 400, { message: 'limit must not be greater than 50' }), [/limit must not be greater than 50\./, /Correct them and retry/]],
    ['429 gives the seconds from Retry-After', error('rate_limited', 429, { retryAfterS: 17 }), [/Retry after 17 seconds, not before\./]],
    [
      "429 says which limit the gateway named (here the client address's failed key lookups, not the key's rate)",
      error('rate_limited', 429, { message: 'Too many requests without a valid API key from this address (6 per minute)', retryAfterS: 60 }),
      [/A limit was reached: Too many requests without a valid API key from this address \(6 per minute\)\./],
    ],
    ['429 without Retry-After still says to wait', error('rate_limited', 429), [/Wait a little, then retry/]],
    ['503 is temporary', error('service_unavailable', 503), [/temporarily unavailable/, /retry in a few seconds/]],
    ['504 is temporary', error('upstream_timeout', 504), [/did not answer in time/, /retry in a few seconds/]],
    ['an unknown code falls back on the status', error('quota_exhausted', 429, { retryAfterS: 3 }), [/Retry after 3 seconds/]],
    ['500 quotes the request id', error('internal', 500), [/internal error/, /req-1/]],
    ['a bug in the tool is an internal error with the request id', new TypeError('x is undefined'), [/get_parcel failed with an internal error/, /req-1/]],
  ];

  it.each(table)('%s', (_name, failure, patterns) => {
    const message = toolErrorMessage(failure, context);
    for (const pattern of patterns) expect(message).toMatch(pattern);
  });

  it('names the scope the gateway missed, with the step that needed it, when it is not the tool\'s own', () => {
    const failure = error('insufficient_scope', 403, { message: 'Resolving the place name "Ostróda" needs the scope parcels:read; pass the region as a TERYT code instead.' });
    const message = toolErrorMessage(failure, { tool: 'find_sites', scope: 'search:read', requestId: 'req-1' });
    expect(message).toMatch(/lacks the scope "parcels:read", which find_sites needs\. Resolving the place name "Ostróda"/);
    expect(message).toMatch(/TERYT code instead/);
  });

  it('never leaks the text of an unexpected exception', () => {
    expect(toolErrorMessage(new Error('password=hunter2 at db.ts:12'), context)).not.toContain('hunter2');
  });

  it('returns a normal result flagged isError with one text item', () => {
    const result = toolErrorResult(error('not_found', 404), context);
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('Not found') }]);
  });
});
