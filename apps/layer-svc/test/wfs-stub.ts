import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a public register's WFS 2.0 (a third party's server, not ours): it answers
 * GetCapabilities from a capabilities file, `resultType=hits` and paged GetFeature from saved
 * GetFeature answers (one file per feature type), and misbehaves the ways real servers do.
 */
export interface WfsStubOptions {
  /** The capabilities document served (its CountDefault is set or removed per `advertisedPageSize`). */
  capabilities: string;
  /** Feature type -> a saved GetFeature answer holding all its features. */
  answers: Record<string, string>;
  /** Most features the server returns in one page, whatever COUNT asks. */
  maxPageSize: number;
  /** CountDefault stated in the capabilities; null states none. */
  advertisedPageSize: number | null;
  /** Whether hits and pages carry numberMatched (MapServer often says "unknown"). */
  countsMatches?: boolean;
  /** The server stops serving features after this many (a broken paging); the rest never come. */
  servesAtMost?: number;
  /** Requests answered 503 before the server behaves. */
  failFirst?: number;
}

export interface WfsStub {
  url: string;
  /** Query strings of the requests received, in order. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

export async function startWfsStub(options: WfsStubOptions): Promise<WfsStub> {
  const requests: URLSearchParams[] = [];
  let failures = options.failFirst ?? 0;
  const server: Server = createServer((request, response) => {
    const params = new URL(request.url ?? '/', 'http://stub').searchParams;
    const upper = new URLSearchParams([...params].map(([key, value]) => [key.toUpperCase(), value]));
    requests.push(upper);
    if (failures > 0) {
      failures--;
      response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Temporarily Unavailable');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/gml+xml; version=3.2' }).end(answer(options, upper));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/wfs`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function answer(options: WfsStubOptions, params: URLSearchParams): string {
  if (params.get('REQUEST') === 'GetCapabilities') return capabilities(options);
  const typeName = params.get('TYPENAMES') ?? params.get('TYPENAME') ?? '';
  const file = options.answers[typeName];
  const { head, members } = file ? splitAnswer(readFileSync(file, 'utf8')) : { head: EMPTY_HEAD, members: [] };
  const sorted = sortMembers(members, params.get('SORTBY'));
  const available = sorted.slice(0, options.servesAtMost ?? sorted.length);
  const matched = options.countsMatches === false ? 'unknown' : String(members.length);
  if (params.get('RESULTTYPE') === 'hits') return collection(head, matched, []);
  const start = Number(params.get('STARTINDEX') ?? 0);
  const count = Math.min(Number(params.get('COUNT') ?? options.maxPageSize), options.maxPageSize);
  return collection(head, matched, available.slice(start, start + count));
}

function capabilities(options: WfsStubOptions): string {
  const text = readFileSync(options.capabilities, 'utf8');
  const constraint = /\s*<ows:Constraint name="CountDefault">[\s\S]*?<\/ows:Constraint>/;
  if (options.advertisedPageSize === null) return text.replace(constraint, '');
  return text.replace(constraint, (found) => found.replace(/<ows:DefaultValue>[0-9]+</, `<ows:DefaultValue>${options.advertisedPageSize}<`));
}

const EMPTY_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" numberMatched="0" numberReturned="0">';

/** The opening of a saved answer (up to its first member) and its members. */
function splitAnswer(xml: string): { head: string; members: string[] } {
  const first = xml.indexOf('<wfs:member>');
  const members = xml.match(/<wfs:member>[\s\S]*?<\/wfs:member>/g) ?? [];
  return { head: first < 0 ? xml.replace(/<\/wfs:FeatureCollection>\s*$/, '') : xml.slice(0, first), members };
}

function collection(head: string, matched: string, members: string[]): string {
  const opening = head.replace(/numberMatched="[^"]*"/, `numberMatched="${matched}"`).replace(/numberReturned="[^"]*"/, `numberReturned="${members.length}"`);
  return `${opening}\n${members.join('\n')}\n</wfs:FeatureCollection>\n`;
}

/** Sorts on the first property of `SORTBY` ("name ASC"), as the server would. */
function sortMembers(members: string[], sortBy: string | null): string[] {
  const property = sortBy?.split(/[ ,]/)[0];
  if (!property) return members;
  const key = (member: string): string => new RegExp(`<(?:\\w+:)?${property}>([^<]*)<`).exec(member)?.[1] ?? '';
  return [...members].sort((a, b) => key(a).localeCompare(key(b)));
}
