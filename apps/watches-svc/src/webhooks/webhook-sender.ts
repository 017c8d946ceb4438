import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isForbiddenAddress, webhookUrlProblem, type WebhookUrlPolicy } from './webhook-url-guard.js';

const MAX_REDIRECTS = 3;
const RESPONSE_BYTES_KEPT = 200;

export type DeliveryOutcome =
  | { delivered: true; status: number }
  /** `permanent`: trying again cannot help (the URL or a redirect is refused); the event fails at once. */
  | { delivered: false; permanent: boolean; error: string };

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/**
 * The address the connection really goes to is checked, not only the name checked earlier: a host
 * that resolved to a public address when the watch was made and to 127.0.0.1 now (DNS rebinding)
 * is refused at connect time.
 */
function guardedLookup(policy: WebhookUrlPolicy, hostname: string): LookupFunction {
  const allowed = policy.allowedHosts.has(hostname);
  return (host, options, callback) => {
    dnsLookup(host, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const usable = allowed ? addresses : addresses.filter((entry) => !isForbiddenAddress(entry.address));
      if (usable.length === 0)
        return callback(Object.assign(new Error(`${host} resolves only to private, loopback or link-local addresses`), { code: 'EFORBIDDEN' }), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

interface HopAnswer {
  status: number;
  location: string | null;
  excerpt: string;
}

function postOnce(request: WebhookRequest, url: URL, policy: WebhookUrlPolicy): Promise<HopAnswer> {
  const transport = url.protocol === 'https:' ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) },
        lookup: guardedLookup(policy, hostname),
        timeout: request.timeoutMs,
      },
      (response) => {
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < RESPONSE_BYTES_KEPT) excerpt += chunk.slice(0, RESPONSE_BYTES_KEPT - excerpt.length);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, excerpt }));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * POSTs one delivery. Redirects are followed (at most three) only after the new URL passes the same
 * checks as the watch's own URL, so a public receiver cannot bounce our request into the private
 * network. A 2xx is delivered; anything else, a refused redirect aside, is worth another try.
 */
export async function sendWebhook(request: WebhookRequest, policy: WebhookUrlPolicy): Promise<DeliveryOutcome> {
  let url = request.url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const problem = await webhookUrlProblem(url, policy);
    if (problem !== null) return { delivered: false, permanent: true, error: hop === 0 ? problem : `redirect refused: ${problem}` };
    let answer: HopAnswer;
    try {
      answer = await postOnce(request, new URL(url), policy);
    } catch (error) {
      const refused = (error as { code?: string }).code === 'EFORBIDDEN';
      return { delivered: false, permanent: refused, error: error instanceof Error ? error.message : String(error) };
    }
    if (answer.status >= 200 && answer.status < 300) return { delivered: true, status: answer.status };
    if (answer.status >= 300 && answer.status < 400 && answer.location !== null) {
      url = new URL(answer.location, url).toString();
      continue;
    }
    return { delivered: false, permanent: false, error: `receiver answered ${answer.status}${answer.excerpt ? `: ${answer.excerpt}` : ''}` };
  }
  return { delivered: false, permanent: true, error: `more than ${MAX_REDIRECTS} redirects` };
}
