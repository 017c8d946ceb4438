import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WfsHarvestOptions {
  /** The service URL without request parameters (a `WFS:` prefix is accepted). */
  endpoint: string;
  typeName: string;
  /** Property sorted on, so consecutive pages neither skip nor repeat features. */
  sortBy: string;
  /** Page size when the capabilities state none. */
  defaultPageSize: number;
  srsName?: string;
  /** Where page files are written. */
  dir: string;
  /** Attempts per request (network errors, 5xx, 429) and the first back-off, doubled each time. */
  attempts?: number;
  backoffMs?: number;
  say?: (message: string) => void;
}

export interface WfsHarvest {
  /** GML files, one per page, in order. */
  pages: string[];
  /** What the server says it holds (numberMatched of a hits request); null when it does not say. */
  matched: number | null;
  /** Features in the pages, by their numberReturned. */
  returned: number;
  pageSize: number;
}

/**
 * Reads every feature of one feature type from a WFS 2.0, page by page: the page size is the
 * server's CountDefault (a server answers at most that many, whatever is asked), pages are sorted on
 * a stable property, and the server's count is taken first so a short harvest is recognised. When the
 * server does not count, paging goes on until a page comes back empty, never stopping at a page that
 * is merely shorter than asked (a silent server cap looks exactly like that).
 */
export async function harvestWfs(options: WfsHarvestOptions): Promise<WfsHarvest> {
  const endpoint = options.endpoint.replace(/^WFS:/i, '');
  const get = (params: Record<string, string>) => fetchWithRetry(requestUrl(endpoint, params), options);
  const capabilities = await get({ SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetCapabilities' });
  const pageSize = Math.min(countDefault(capabilities) ?? options.defaultPageSize, options.defaultPageSize);
  const base = { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: options.typeName };
  const hits = await get({ ...base, RESULTTYPE: 'hits' });
  const matched = numberAttribute(hits, 'numberMatched');
  options.say?.(`${options.typeName}: the server holds ${matched ?? 'an uncounted number of'} features; pages of ${pageSize}`);
  const pages: string[] = [];
  let returned = 0;
  for (;;) {
    const page = await get({
      ...base,
      COUNT: String(pageSize),
      STARTINDEX: String(returned),
      SORTBY: `${options.sortBy} ASC`,
      ...(options.srsName ? { SRSNAME: options.srsName } : {}),
    });
    const count = numberAttribute(page, 'numberReturned') ?? memberCount(page);
    if (count === 0) break;
    const file = join(options.dir, `${options.typeName.replace(/[^A-Za-z0-9_-]/g, '_')}-${String(pages.length + 1).padStart(5, '0')}.gml`);
    writeFileSync(file, page);
    pages.push(file);
    returned += count;
    options.say?.(`${options.typeName}: ${returned}${matched !== null ? ` of ${matched}` : ''} features read`);
    if (matched !== null && returned >= matched) break;
  }
  if (matched !== null && returned < matched) {
    throw new Error(`the WFS ${endpoint} holds ${matched} features of ${options.typeName} but paging returned ${returned}; refusing a short harvest`);
  }
  return { pages, matched, returned, pageSize };
}

/** The server's default (and usually maximum) page size, from the WFS 2.0 CountDefault constraint. */
export function countDefault(capabilities: string): number | null {
  const constraint = /<(?:\w+:)?Constraint\s+name="CountDefault"[^>]*>([\s\S]*?)<\/(?:\w+:)?Constraint>/.exec(capabilities)?.[1];
  const value = constraint ? /<(?:\w+:)?DefaultValue>\s*([0-9]+)\s*</.exec(constraint)?.[1] : undefined;
  return value ? Number(value) : null;
}

/** `numberMatched="5"` / `numberReturned="2"` of a wfs:FeatureCollection; null for "unknown" or absent. */
export function numberAttribute(xml: string, name: 'numberMatched' | 'numberReturned'): number | null {
  const head = /<(?:\w+:)?FeatureCollection\b[^>]*>/.exec(xml)?.[0] ?? '';
  const value = new RegExp(`\\b${name}="([0-9]+)"`).exec(head)?.[1];
  return value === undefined ? null : Number(value);
}

function memberCount(xml: string): number {
  return (xml.match(/<(?:\w+:)?(?:member|featureMember)\b/g) ?? []).length;
}

function requestUrl(endpoint: string, params: Record<string, string>): string {
  const url = new URL(endpoint);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** GET with retries and doubling back-off for network errors, 5xx and 429; an OWS exception is final. */
async function fetchWithRetry(url: string, options: Pick<WfsHarvestOptions, 'attempts' | 'backoffMs' | 'say'>): Promise<string> {
  const attempts = options.attempts ?? 5;
  let wait = options.backoffMs ?? 2000;
  for (let attempt = 1; ; attempt++) {
    let problem: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(300_000) });
      const text = await response.text();
      if (response.ok && !/<(?:\w+:)?ExceptionReport\b/.test(text)) return text;
      if (response.ok || (response.status < 500 && response.status !== 429)) {
        throw new WfsRefusal(`the WFS refused ${url}: HTTP ${response.status} ${exceptionText(text)}`.trim());
      }
      problem = `HTTP ${response.status}`;
    } catch (error) {
      if (error instanceof WfsRefusal) throw error;
      problem = error instanceof Error ? error.message : String(error);
    }
    if (attempt >= attempts) throw new Error(`the WFS did not answer ${url} after ${attempts} attempts (last: ${problem})`);
    options.say?.(`WFS request failed (${problem}); attempt ${attempt + 1} of ${attempts} in ${wait} ms`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait *= 2;
  }
}

class WfsRefusal extends Error {}

function exceptionText(xml: string): string {
  return (/<(?:\w+:)?ExceptionText>([\s\S]*?)</.exec(xml)?.[1] ?? xml.slice(0, 200)).replace(/\s+/g, ' ').trim();
}
