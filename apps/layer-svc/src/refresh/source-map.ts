import { findLayer } from '@lp/contracts';
import { kindPartKinds } from './kind-parts.js';
import { SOURCE_PROFILES } from './profiles/source-profiles.js';

/** How parts of a layer are named in a source template: every voivodeship, powiat or gmina of admin_bounds. */
export type PartUnit = 'voivodeships' | 'powiats' | 'gminas';

/**
 * Where a layer's scheduled refresh reads: one source for the whole layer; or, for a register
 * published per voivodeship, powiat or gmina, a template with `{part}` (the unit's TERYT),
 * `{voivodeship}` (its first two digits) and `{voivodeship_name}` (as GUNB and Geofabrik spell
 * voivodeships in file names), refreshed part by part; or why the layer is not refreshed on a
 * schedule (no open source, derived in-house, served live), and then no CronJob is made for it.
 * `profile` names the source profile the register is read through (its own published format); a
 * source without one is in our own GeoJSONSeq contract. `drop_outside` (with parts) leaves out a
 * part's rows that lie in another part instead of failing the part: for registers whose package of a
 * powiat also holds the objects crossing into its neighbours, each kept once, by the part holding
 * its point.
 */
export type SourceEntry = { source: string; parts?: PartUnit; profile?: string; drop_outside?: true; note?: string } | KindPartsEntry | { not_scheduled: string };

/**
 * A layer fed by several registers, one per part of kinds (env_layers: GDOŚ's forms, Wody Polskie's
 * flood maps): each part is refreshed from its own source through its own profile, one run each,
 * so that one register's load never replaces another's kinds.
 */
export interface KindPartsEntry {
  kind_parts: Record<string, { source: string; profile?: string }>;
  note?: string;
}

/** One entry per layer id (the file `refresh-scheduled --sources` reads). */
export type SourceMap = Record<string, SourceEntry>;

const PART_UNITS: readonly string[] = ['voivodeships', 'powiats', 'gminas'];

/**
 * Reads the sources file of the refresh CronJobs (the ConfigMap `layer-sources`): a JSON object of
 * catalogue layer id to a source (a file, an http(s) URL or `WFS:...`), or to an object
 * `{"source": ..., "parts": "voivodeships"|"powiats"|"gminas", "profile": ..., "note": ...}` or
 * `{"not_scheduled": "why"}`. Throws, naming `where`, when it is not so, names a layer the catalogue
 * does not have or a profile that is not one of the layer's, so a typo fails the run instead of
 * leaving a layer silently unrefreshed.
 */
export function parseSourceMap(text: string, where: string): SourceMap {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${where} must be a JSON object of layer id to source (file, http(s) URL or WFS:...)`);
  const unknown = Object.keys(parsed).filter((id) => !findLayer(id));
  if (unknown.length > 0) throw new Error(`${where} names layers that are not in the catalogue: ${unknown.join(', ')}`);
  const entries: SourceMap = {};
  for (const [layerId, value] of Object.entries(parsed as Record<string, unknown>)) {
    entries[layerId] = sourceEntry(value, `${where}: ${layerId}`, layerId);
    checkProfile(layerId, entries[layerId]!, `${where}: ${layerId}`);
  }
  return entries;
}

function sourceEntry(value: unknown, where: string, layerId: string): SourceEntry {
  const object = typeof value === 'string' ? { source: value } : value;
  const entry = (typeof object === 'object' && object !== null && !Array.isArray(object) ? object : {}) as Record<string, unknown>;
  if (typeof entry['not_scheduled'] === 'string' && entry['not_scheduled'].trim() !== '' && Object.keys(entry).length === 1) return { not_scheduled: entry['not_scheduled'].trim() };
  if ('kind_parts' in entry) return kindPartsEntry(entry, where, layerId);
  const source = entry['source'];
  if (typeof source !== 'string' || source.trim() === '') {
    throw new Error(`${where} must be a JSON object of layer id to source (file, http(s) URL or WFS:...), {"source": ..., "parts": ...} or {"not_scheduled": "why"}`);
  }
  const parts = entry['parts'];
  if (parts !== undefined && (typeof parts !== 'string' || !PART_UNITS.includes(parts))) throw new Error(`${where}: parts must be ${PART_UNITS.join(' or ')}`);
  if (parts !== undefined && !/\{(part|voivodeship_name)\}/.test(source)) throw new Error(`${where}: a source by parts names its part with {part} (or {voivodeship_name})`);
  if (parts === undefined && /\{(part|voivodeship|voivodeship_name)\}/.test(source)) throw new Error(`${where}: {part} needs "parts": ${PART_UNITS.join(', ')}`);
  const profile = entry['profile'];
  if (profile !== undefined && (typeof profile !== 'string' || profile.trim() === '')) throw new Error(`${where}: profile must be the id of a source profile`);
  const dropOutside = entry['drop_outside'];
  if (dropOutside !== undefined && (dropOutside !== true || parts === undefined)) throw new Error(`${where}: drop_outside is true or absent, and only for a source by parts`);
  const note = typeof entry['note'] === 'string' ? entry['note'] : undefined;
  return {
    source: source.trim(),
    ...(parts ? { parts: parts as PartUnit } : {}),
    ...(profile ? { profile: profile.trim() } : {}),
    ...(dropOutside ? { drop_outside: true as const } : {}),
    ...(note ? { note } : {}),
  };
}

/** `{"kind_parts": {"kinds:<name>": {"source": ..., "profile": ...}, ...}, "note": ...}`: every part one of the layer's. */
function kindPartsEntry(entry: Record<string, unknown>, where: string, layerId: string): KindPartsEntry {
  const parts = entry['kind_parts'];
  if (typeof parts !== 'object' || parts === null || Array.isArray(parts) || Object.keys(parts).length === 0) throw new Error(`${where}: kind_parts is an object of kinds:<name> to {"source": ..., "profile": ...}`);
  const kindParts: KindPartsEntry['kind_parts'] = {};
  for (const [part, value] of Object.entries(parts as Record<string, unknown>)) {
    try {
      kindPartKinds(findLayer(layerId)!, part);
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`);
    }
    const inner = sourceEntry(value, `${where}: ${part}`, layerId);
    if (!('source' in inner) || inner.parts !== undefined) throw new Error(`${where}: ${part} is {"source": ..., "profile": ...}`);
    kindParts[part] = { source: inner.source, ...(inner.profile ? { profile: inner.profile } : {}) };
  }
  const note = typeof entry['note'] === 'string' ? entry['note'] : undefined;
  return { kind_parts: kindParts, ...(note ? { note } : {}) };
}

/** A named profile is one kept in the repository and fills this layer. */
function checkProfile(layerId: string, entry: SourceEntry, where: string): void {
  if ('kind_parts' in entry) {
    for (const [part, inner] of Object.entries(entry.kind_parts)) checkProfile(layerId, inner, `${where}: ${part}`);
    return;
  }
  if (!('source' in entry) || entry.profile === undefined) return;
  const known = SOURCE_PROFILES.find((profile) => profile.id === entry.profile);
  if (!known) throw new Error(`${where}: unknown profile ${entry.profile}; the layer's profiles: ${layerProfiles(layerId)}`);
  if (known.layer !== layerId) throw new Error(`${where}: profile ${known.id} fills ${known.layer}, not ${layerId}; the layer's profiles: ${layerProfiles(layerId)}`);
}

function layerProfiles(layerId: string): string {
  return SOURCE_PROFILES.filter((profile) => profile.layer === layerId).map((profile) => profile.id).join(', ') || '(none)';
}

/** Voivodeships as GUNB's and Geofabrik's file names spell them (ASCII, lower case), by TERYT. */
export const VOIVODESHIP_NAMES: Readonly<Record<string, string>> = {
  '02': 'dolnoslaskie', '04': 'kujawsko-pomorskie', '06': 'lubelskie', '08': 'lubuskie', '10': 'lodzkie', '12': 'malopolskie',
  '14': 'mazowieckie', '16': 'opolskie', '18': 'podkarpackie', '20': 'podlaskie', '22': 'pomorskie', '24': 'slaskie',
  '26': 'swietokrzyskie', '28': 'warminsko-mazurskie', '30': 'wielkopolskie', '32': 'zachodniopomorskie',
};

/** The source of one part: the template with the part's TERYT and its voivodeship's code and name. */
export function partSource(template: string, part: string): string {
  const voivodeship = part.slice(0, 2);
  return template.replaceAll('{part}', part).replaceAll('{voivodeship_name}', VOIVODESHIP_NAMES[voivodeship] ?? voivodeship).replaceAll('{voivodeship}', voivodeship);
}

/** The layers a scheduled refresh can fetch (those with a source, or sources by parts of kinds). */
export function fetchable(entry: SourceEntry | undefined): entry is Exclude<SourceEntry, { not_scheduled: string }> {
  return entry !== undefined && ('source' in entry || 'kind_parts' in entry);
}

/** Every address an entry fetches (one, or one per part of kinds). */
export function entrySources(entry: SourceEntry): string[] {
  if ('kind_parts' in entry) return Object.values(entry.kind_parts).map((part) => part.source);
  return 'source' in entry ? [entry.source] : [];
}
