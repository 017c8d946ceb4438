/**
 * Bytes in a reply (a tile, an image) travel raw after the JSON envelope instead of base64 inside
 * it: base64 makes them a third larger, and encoding, stringifying, parsing and decoding them costs
 * both processes more than the rest of a small reply. The envelope stays the NestJS one
 * (`{id, response}` or `{id, err}`); each Uint8Array field at the top of `response` is written in
 * the JSON as `{"$bytes": [offset, length]}` into the bytes that follow it, and the header
 * `x-reply-binary` gives the length of the JSON part. A reply without such fields is plain JSON,
 * as before, and errors never carry bytes.
 */
export const REPLY_BINARY_HEADER = 'x-reply-binary';

const BYTES = '$bytes';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface Envelope {
  id?: string;
  response?: unknown;
  isDisposed?: boolean;
}

/** The reply's body with its bytes after the JSON, and the JSON's length; null when the response holds no bytes. */
export function encodeBinaryReply(packet: Envelope): { body: Uint8Array; jsonBytes: number } | null {
  const response = packet.response;
  if (response === null || typeof response !== 'object' || Array.isArray(response)) return null;
  // isView, not instanceof: a Buffer made in another realm (a vm context, as under Jest) is no instance of this realm's Uint8Array.
  const fields = Object.entries(response).filter((entry): entry is [string, Uint8Array] => ArrayBuffer.isView(entry[1]) && !(entry[1] instanceof DataView));
  if (fields.length === 0) return null;
  const placed: Record<string, unknown> = { ...response };
  let offset = 0;
  for (const [name, bytes] of fields) {
    placed[name] = { [BYTES]: [offset, bytes.byteLength] };
    offset += bytes.byteLength;
  }
  const json = encoder.encode(JSON.stringify({ ...packet, response: placed }));
  const body = new Uint8Array(json.byteLength + offset);
  body.set(json, 0);
  let at = json.byteLength;
  for (const [, bytes] of fields) {
    body.set(bytes, at);
    at += bytes.byteLength;
  }
  return { body, jsonBytes: json.byteLength };
}

/** The envelope of a reply body; `jsonBytes` from the header, or null for a plain JSON reply. Fields holding bytes come back as Buffers over the body. */
export function decodeReplyBody<T>(body: Uint8Array, jsonBytes: number | null): T {
  if (jsonBytes === null) return JSON.parse(decoder.decode(body)) as T;
  if (!Number.isInteger(jsonBytes) || jsonBytes < 0 || jsonBytes > body.byteLength) throw new Error(`malformed binary reply (JSON of ${jsonBytes} bytes in ${body.byteLength})`);
  const packet = JSON.parse(decoder.decode(body.subarray(0, jsonBytes))) as Envelope;
  const response = packet.response;
  if (response !== null && typeof response === 'object') {
    const fields = response as Record<string, unknown>;
    const tail = body.byteLength - jsonBytes;
    for (const [name, value] of Object.entries(fields)) {
      const place = placeOf(value);
      if (!place) continue;
      const [offset, length] = place;
      if (offset + length > tail) throw new Error(`malformed binary reply (${name} beyond the body)`);
      fields[name] = Buffer.from(body.buffer, body.byteOffset + jsonBytes + offset, length);
    }
  }
  return packet as T;
}

/** The header's value as a number, or null when there is no header. */
export function binaryJsonBytes(header: string | undefined): number | null {
  return header ? Number(header) : null;
}

function placeOf(value: unknown): [number, number] | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const place = (value as Record<string, unknown>)[BYTES];
  if (!Array.isArray(place) || place.length !== 2 || !place.every((n) => Number.isInteger(n) && n >= 0)) return null;
  return place as [number, number];
}
