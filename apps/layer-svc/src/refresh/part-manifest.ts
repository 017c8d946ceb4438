import type { PartSource } from './part-plan.js';
import { PART_CODE } from '../storage/part-storage.repository.js';

/**
 * Reads a parts manifest: a JSON object of part (a 2-digit voivodeship, 4-digit powiat or 7-digit
 * gmina TERYT, as text)
 * to that part's source (a file, an http(s) URL or `WFS:...`), e.g.
 * `{"3064011": "WFS:https://.../wfs?TYPENAMES=ms:dzialki", "3064021": "/data/3064021.gml"}`.
 * Throws, naming `where`, at the first thing that is not so.
 */
export function parsePartManifest(text: string, where: string): PartSource[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${where} must be a JSON object of part (TERYT) to source`);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0) throw new Error(`${where} names no parts`);
  const bad = entries.filter(([part]) => !PART_CODE.test(part)).map(([part]) => part);
  if (bad.length > 0) throw new Error(`${where}: a part is a voivodeship (2 digits), a powiat (4 digits) or a gmina (7 digits) of TERYT, or kinds:<name>, not ${bad.join(', ')}`);
  const empty = entries.filter(([, source]) => typeof source !== 'string' || source.trim() === '').map(([part]) => part);
  if (empty.length > 0) throw new Error(`${where}: parts ${empty.join(', ')} need a source (file, http(s) URL or WFS:...)`);
  return entries.map(([part, source]) => ({ part, source: (source as string).trim() }));
}
