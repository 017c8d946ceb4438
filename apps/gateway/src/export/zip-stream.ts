import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One file of the zip, read from disk when its turn comes. */
export interface ZipMember {
  name: string;
  path: string;
}

/**
 * A zip (stored, no compression) written as a stream: each member is read from disk twice, once
 * for its CRC and once into the stream, so no member is ever held in memory. Stored members keep
 * the writer to one page of code and let GDAL read a member of the zip (/vsizip/) by seeking;
 * FlatGeobuf and GeoPackage-sized data compress poorly anyway. Sizes below 4 GiB (EXPORT_MAX_BYTES).
 */
export async function zipSize(members: ZipMember[]): Promise<number> {
  let size = 22;
  for (const member of members) {
    const name = Buffer.byteLength(member.name);
    size += 30 + name + (await stat(member.path)).size + 46 + name;
  }
  return size;
}

export function zipStream(members: ZipMember[]): Readable {
  return Readable.from(zipChunks(members));
}

async function* zipChunks(members: ZipMember[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name, 'utf8');
    const size = (await stat(member.path)).size;
    const crc = await fileCrc(member.path);
    const local = header(0x04034b50, 30, name);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00, a fixed time keeps exports reproducible
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    yield local;
    for await (const chunk of createReadStream(member.path)) yield chunk as Buffer;
    const entry = header(0x02014b50, 46, name);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt32LE(0x00210000, 12);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(size, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry);
    offset += 30 + name.length + size;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}

/** A record of fixed size with its signature first and the name after it. */
function header(signature: number, size: number, name: Buffer): Buffer {
  const record = Buffer.alloc(size + name.length);
  record.writeUInt32LE(signature, 0);
  name.copy(record, size);
  return record;
}

async function fileCrc(path: string): Promise<number> {
  let crc = 0;
  for await (const chunk of createReadStream(path)) crc = crc32(chunk as Buffer, crc);
  return crc >>> 0;
}
