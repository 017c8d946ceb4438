import { describe, expect, it } from '@jest/globals';
import { ReplyAssembler, REPLY_CHUNK_COUNT_HEADER, REPLY_CHUNK_INDEX_HEADER, splitReply } from './reply-chunks.js';

const headers = (index: number, count: number) => ({
  get: (name: string) => (name === REPLY_CHUNK_INDEX_HEADER ? String(index) : name === REPLY_CHUNK_COUNT_HEADER ? String(count) : ''),
});

describe('reply chunks', () => {
  const body = new TextEncoder().encode('0123456789'.repeat(25));

  it('split a body into pieces no larger than asked, and one piece when it fits', () => {
    const chunks = splitReply(body, 64);
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([64, 64, 64, 58]);
    expect(splitReply(body, 1000)).toHaveLength(1);
  });

  it('reassemble in index order whatever order they arrive in', () => {
    const chunks = splitReply(body, 64);
    const assembler = new ReplyAssembler();
    expect(assembler.add(chunks[2]!, headers(2, 4))).toBeUndefined();
    expect(assembler.add(chunks[0]!, headers(0, 4))).toBeUndefined();
    expect(assembler.add(chunks[3]!, headers(3, 4))).toBeUndefined();
    expect(new TextDecoder().decode(assembler.add(chunks[1]!, headers(1, 4)))).toBe(new TextDecoder().decode(body));
  });

  it('take a message without chunk headers as the whole reply', () => {
    expect(new ReplyAssembler().add(body, undefined)).toBe(body);
  });

  it('refuse malformed chunk headers', () => {
    expect(() => new ReplyAssembler().add(body, headers(4, 4))).toThrow(/malformed/);
  });
});
