import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

/** The zip's "end of central directory" record: signature, then the directory's size and offset. */
const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 64 KiB. */
const END_SEARCH = 22 + 0xffff;

/**
 * The member paths of a local zip archive, read from its central directory (what GDAL's /vsizip/
 * reads too). Throws a message naming the file when it is not a zip or is cut short, so a broken
 * download is reported as such rather than as "no such layer".
 */
export function zipMembers(path: string): string[] {
  return zipEntries(path).map((entry) => entry.name);
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

export function zipEntries(path: string): ZipEntry[] {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const tailLength = Math.min(size, END_SEARCH);
    const tail = Buffer.alloc(tailLength);
    readSync(fd, tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || tail.readUInt32LE(end) !== END_SIGNATURE || end + 22 > tail.length) throw new Error(`${path} is not a readable zip archive (no central directory: cut short or not a zip)`);
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset + directorySize > size) throw new Error(`${path} is not a readable zip archive (its central directory lies beyond the end of the file: cut short)`);
    const directory = Buffer.alloc(directorySize);
    readSync(fd, directory, 0, directorySize, directoryOffset);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let index = 0; index < count; index++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== ENTRY_SIGNATURE) throw new Error(`${path} is not a readable zip archive (entry ${index + 1} of ${count} is damaged)`);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      entries.push({
        name: directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        localHeaderOffset: directory.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries.filter((entry) => !entry.name.endsWith('/'));
  } finally {
    closeSync(fd);
  }
}

/** The bytes of one member (stored or deflated, the two methods registers' zips use). */
export function extractMember(path: string, entry: ZipEntry): Buffer {
  const fd = openSync(path, 'r');
  try {
    const header = Buffer.alloc(30);
    readSync(fd, header, 0, 30, entry.localHeaderOffset);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new Error(`${path}: member ${entry.name} is damaged (no local header)`);
    const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const data = Buffer.alloc(entry.compressedSize);
    readSync(fd, data, 0, entry.compressedSize, dataStart);
    if (entry.method === 0) return data;
    if (entry.method === 8) return inflateRawSync(data);
    throw new Error(`${path}: member ${entry.name} uses compression method ${entry.method}, which is not read here`);
  } finally {
    closeSync(fd);
  }
}

/** Members matching a pattern where `*` stands for any characters except `/` (e.g. `*OT_PTLZ_A.xml`). */
export function matchMembers(members: readonly string[], pattern: string): string[] {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  const regex = new RegExp(`^(?:.*/)?${escaped}$`);
  return members.filter((member) => regex.test(member));
}
