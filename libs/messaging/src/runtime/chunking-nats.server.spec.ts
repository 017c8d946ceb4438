import { describe, expect, it } from '@jest/globals';
import { ServerNats } from '@nestjs/microservices';
import { ChunkingNatsServer } from './chunking-nats.server.js';

/** Nest's own lookup, and ours without its JSON.parse attempt on plain subjects: both name the same handler. */
const server = new ChunkingNatsServer({ servers: 'nats://127.0.0.1:4222' });
const ours = (pattern: string): string => (server as unknown as { getRouteFromPattern(p: string): string }).getRouteFromPattern(pattern);
const nests = (pattern: string): string => (ServerNats.prototype as unknown as { getRouteFromPattern(p: string): string }).getRouteFromPattern.call(server, pattern);

describe('the handler route of an incoming subject', () => {
  it.each([
    'parcel.get',
    'facts.build',
    'true.or.false',
    'nullish',
    'n',
    '{"cmd":"sum"}',
    '{"b":1,"a":2}',
    '["a","b"]',
    '"quoted"',
    '42',
    '-1',
    'true',
    ' null ',
    'false',
    '{not json',
  ])('is the one Nest would pick for %s', (pattern) => {
    expect(ours(pattern)).toBe(nests(pattern));
  });
});
