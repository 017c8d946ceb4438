import { findLayer } from '@lp/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceProfile } from './profiles/source-profile.js';
import { resolveProfile } from './profiles/source-profiles.js';

/** One layer of a directory written in the registers' formats: the profile and the file it reads. */
export interface RegisterSource {
  profile: SourceProfile;
  /** The register's file, inside the directory. */
  source: string;
}

export const REGISTER_MANIFEST = 'registers.json';

/**
 * The `registers.json` of a sources directory (tools/demo/registers writes one): `{"layers":
 * {"<layer>": {"profile": "<profile id>", "source": "<path inside the directory>"}}}`. Empty when
 * the directory has none (every layer is GeoJSONSeq). Every layer, profile and file is checked
 * before anything loads, so a wrong entry fails the load at once and names itself.
 */
export function readRegisterManifest(dir: string): Map<string, RegisterSource> {
  const path = join(dir, REGISTER_MANIFEST);
  if (!existsSync(path)) return new Map();
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { layers?: Record<string, { profile?: unknown; source?: unknown }> };
  const sources = new Map<string, RegisterSource>();
  for (const [layerId, entry] of Object.entries(parsed.layers ?? {})) {
    if (!findLayer(layerId)) throw new Error(`${path}: ${layerId} is not a catalogue layer`);
    if (typeof entry.profile !== 'string' || typeof entry.source !== 'string' || entry.source.includes('..')) {
      throw new Error(`${path}: ${layerId} needs "profile" (a profile id) and "source" (a file inside ${dir})`);
    }
    const profile = resolveProfile(entry.profile);
    if (profile.layer !== layerId) throw new Error(`${path}: profile ${profile.id} fills ${profile.layer}, not ${layerId}`);
    const source = join(dir, entry.source);
    if (!existsSync(source)) throw new Error(`${path}: ${layerId}: ${source} does not exist`);
    sources.set(layerId, { profile, source });
  }
  return sources;
}
