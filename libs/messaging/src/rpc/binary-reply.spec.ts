import { describe, expect, it } from '@jest/globals';
import { decodeReplyBody, encodeBinaryReply, REPLY_BINARY_HEADER } from './binary-reply.js';
import { ReplyAssembler, REPLY_CHUNK_COUNT_HEADER, REPLY_CHUNK_INDEX_HEADER, splitReply } from './reply-chunks.js';

describe('binary replies', () => {
  const mvt = Buffer.from([0x1a, 0x00, 0xff, 0x7b, 0x22, 0x7d]);

  it('send the bytes of a response raw after its JSON and give them back as they were', () => {
    const packet = { id: 'r1', response: { etag: '"t"', status: 'tile', mvt, other: new Uint8Array([1, 2, 3]), count: 2 }, isDisposed: true };
    const encoded = encodeBinaryReply(packet)!;
    expect(encoded.body.byteLength).toBe(encoded.jsonBytes + mvt.length + 3);
    const decoded = decodeReplyBody<typeof packet>(encoded.body, encoded.jsonBytes);
    expect(decoded).toMatchObject({ id: 'r1', isDisposed: true, response: { etag: '"t"', status: 'tile', count: 2 } });
    expect(Buffer.compare(Buffer.from(decoded.response.mvt), mvt)).toBe(0);
    expect([...decoded.response.other]).toEqual([1, 2, 3]);
  });

  it('leave a reply without bytes, an error and a null tile as plain JSON', () => {
    expect(encodeBinaryReply({ response: { status: 'empty', mvt: null } })).toBeNull();
    expect(encodeBinaryReply({ response: [1, 2] })).toBeNull();
    expect(encodeBinaryReply({ err: { code: 'not_found', message: 'no' } } as never)).toBeNull();
    expect(decodeReplyBody(new TextEncoder().encode('{"id":"x","response":{"a":1}}'), null)).toEqual({ id: 'x', response: { a: 1 } });
  });

  it('survive being sent in chunks', () => {
    const big = Buffer.alloc(10_000, 7);
    const encoded = encodeBinaryReply({ id: 'r2', response: { mvt: big } })!;
    const chunks = splitReply(encoded.body, 4096);
    const assembler = new ReplyAssembler();
    let body: Uint8Array | undefined;
    chunks.forEach((chunk, index) => {
      const values: Record<string, string> = { [REPLY_BINARY_HEADER]: String(encoded.jsonBytes), [REPLY_CHUNK_INDEX_HEADER]: String(index), [REPLY_CHUNK_COUNT_HEADER]: String(chunks.length) };
      body = assembler.add(chunk, { get: (name) => values[name] ?? '' }) ?? body;
    });
    const decoded = decodeReplyBody<{ response: { mvt: Buffer } }>(body!, assembler.jsonBytes);
    expect(decoded.response.mvt.equals(big)).toBe(true);
  });

  it('refuse a JSON length or a place beyond the body', () => {
    const encoded = encodeBinaryReply({ response: { mvt } })!;
    expect(() => decodeReplyBody(encoded.body, encoded.body.byteLength + 1)).toThrow(/malformed/);
    const forged = new TextEncoder().encode('{"response":{"mvt":{"$bytes":[0,99]}}}');
    expect(() => decodeReplyBody(forged, forged.byteLength)).toThrow(/beyond the body/);
  });
});
