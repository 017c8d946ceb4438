import { binaryJsonBytes, REPLY_BINARY_HEADER } from './binary-reply.js';

/**
 * Replies larger than one NATS message (the server's `max_payload`, 1 MiB by default) travel as
 * several messages on the caller's reply inbox. Every chunk carries its index and the total in
 * headers; the caller concatenates the bytes in index order and parses the JSON once it has all
 * of them. A reply that fits one message is one message, with or without the headers.
 */
export const REPLY_CHUNK_INDEX_HEADER = 'x-reply-chunk';
export const REPLY_CHUNK_COUNT_HEADER = 'x-reply-chunks';

/** Room left in every message for the headers and protocol line. */
const HEADER_ROOM_BYTES = 4096;
/** Never assemble more than this from chunks: a bound on the caller's memory. */
export const MAX_ASSEMBLED_REPLY_BYTES = 256 * 1024 * 1024;

/** The largest body one reply message may carry on a server with this `max_payload`. */
export function chunkBodyBytes(maxPayload: number): number {
  return Math.max(1024, maxPayload - HEADER_ROOM_BYTES);
}

/** The body cut into pieces of at most `chunkBytes` (one piece, possibly empty, at least). */
export function splitReply(body: Uint8Array, chunkBytes: number): Uint8Array[] {
  if (body.byteLength <= chunkBytes) return [body];
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < body.byteLength; offset += chunkBytes) chunks.push(body.subarray(offset, offset + chunkBytes));
  return chunks;
}

interface ChunkHeaders {
  get(name: string): string;
}

/**
 * Collects the chunks of one reply; `add` answers the whole body once the last one arrived, and
 * `jsonBytes` the length of its JSON part when bytes follow it (binary-reply.ts), else null.
 */
export class ReplyAssembler {
  private readonly parts = new Map<number, Uint8Array>();
  private expected: number | undefined;
  private bytes = 0;
  jsonBytes: number | null = null;

  add(data: Uint8Array, headers: ChunkHeaders | undefined): Uint8Array | undefined {
    this.jsonBytes ??= binaryJsonBytes(headers?.get(REPLY_BINARY_HEADER));
    const count = Number(headers?.get(REPLY_CHUNK_COUNT_HEADER) || '1');
    const index = Number(headers?.get(REPLY_CHUNK_INDEX_HEADER) || '0');
    if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 0 || index >= count) {
      throw new Error(`malformed reply chunk ${index} of ${count}`);
    }
    if (count === 1) return data;
    if (this.expected !== undefined && this.expected !== count) throw new Error(`reply chunks disagree on their count (${this.expected}, ${count})`);
    this.expected = count;
    this.bytes += data.byteLength;
    if (this.bytes > MAX_ASSEMBLED_REPLY_BYTES) throw new Error(`reply larger than ${MAX_ASSEMBLED_REPLY_BYTES} bytes`);
    this.parts.set(index, data);
    if (this.parts.size < count) return undefined;
    const body = new Uint8Array(this.bytes);
    let offset = 0;
    for (let i = 0; i < count; i++) {
      const part = this.parts.get(i)!;
      body.set(part, offset);
      offset += part.byteLength;
    }
    return body;
  }
}
