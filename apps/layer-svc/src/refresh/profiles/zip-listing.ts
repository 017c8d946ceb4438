import { createWriteStream } from 'node:fs';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/**
 * The member paths of a local zip archive, read from its central directory by yauzl (without
 * reading the members, so listing a 400 MB PRG zip costs a few reads). Throws a message naming the
 * file when it is not a zip or is cut short, so a broken download is reported as such rather than
 * as "no such layer".
 */
export async function zipMembers(path: string): Promise<string[]> {
  return withArchive(path, async (archive) => {
    const members: string[] = [];
    for await (const entry of archive.eachEntry()) if (!entry.fileName.endsWith('/')) members.push(entry.fileName);
    return members;
  });
}

/** Writes one member's bytes to `destination` (streamed and checked by yauzl: size and CRC). */
export async function extractMember(path: string, member: string, destination: string): Promise<void> {
  await withArchive(path, async (archive) => {
    for await (const entry of archive.eachEntry()) {
      if (entry.fileName !== member) continue;
      await pipeline(await archive.openReadStreamPromise(entry), createWriteStream(destination));
      return;
    }
    throw new Error(`${path} has no member ${member}`);
  }).catch((error: Error) => {
    throw new Error(`${basename(path)}: member ${member} could not be read (${error.message})`);
  });
}

/** Members matching a pattern where `*` stands for any characters except `/` (e.g. `*OT_PTLZ_A.xml`). */
export function matchMembers(members: readonly string[], pattern: string): string[] {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  const regex = new RegExp(`^(?:.*/)?${escaped}$`);
  return members.filter((member) => regex.test(member));
}

async function withArchive<T>(path: string, use: (archive: yauzl.ZipFile) => Promise<T>): Promise<T> {
  let archive: yauzl.ZipFile;
  try {
    // Strict names: a member path escaping the archive (../) is an error, not a file written elsewhere.
    archive = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch (error) {
    throw new Error(`${path} is not a readable zip archive (${(error as Error).message}: cut short or not a zip)`);
  }
  try {
    return await use(archive);
  } finally {
    archive.close();
  }
}
