import type { RegionView } from '@lp/contracts';
import { foldPolish } from '@lp/geo';
import { z } from 'zod';
import { GatewayError } from '../../gateway/gateway-error.js';
import type { GatewayClient } from '../../gateway/gateway.client.js';

export const TERYT_CODE = /^(\d{2}|\d{4}|\d{7})$/;

/** The region input of the search and market tools. */
export const regionInput = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('A gmina, powiat or voivodeship: its name (diacritics optional, e.g. "Poznań", "powiat poznański") or TERYT code (2, 4 or 7 digits, e.g. "3064011")');

/** The unit searched, as the tools report it. */
export const regionOutput = z.object({
  teryt: z.string().describe('TERYT code: 2 digits voivodeship, 4 powiat, 7 gmina'),
  name: z.string(),
  unit_type: z.string().describe('Unit type in Polish, as TERYT names it, e.g. "gmina miejska", "powiat"'),
});
export type RegionOutput = z.infer<typeof regionOutput>;

/** Leading words that name a level ("gmina Ostróda"): the regions endpoint restricts by them. */
const UNIT_WORDS = /^(gmina|gminy|gm|powiat|pow|wojewodztwo|woj|miasto)( (miejsko wiejska|miejska|wiejska))? /;

/**
 * A place name or TERYT code to one administrative unit, through GET /v1/regions. A name that
 * fits several units (Ostróda is an urban and a rural gmina) is an ambiguous_region error listing
 * them, so the model asks the user or calls resolve_region, as the spec says.
 */
export async function resolveRegion(gateway: GatewayClient, input: string): Promise<RegionView> {
  const text = input.trim();
  let units: RegionView[];
  try {
    units = await gateway.get<RegionView[]>('/v1/regions', TERYT_CODE.test(text) ? { q: text } : { q: text, limit: 10 });
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'insufficient_scope') {
      throw new GatewayError(
        'insufficient_scope',
        403,
        `Resolving the region "${text}" (a name or a TERYT code alike) needs the scope search:read or parcels:read, and this API key has neither; ask the key's owner for search:read.`,
        [],
        undefined,
        error.requestId,
      );
    }
    throw error;
  }
  return pickRegion(text, units);
}

/** The unit a name means among the units the regions endpoint found for it (pure, for tests). */
export function pickRegion(input: string, units: readonly RegionView[]): RegionView {
  const text = input.trim();
  if (TERYT_CODE.test(text)) {
    const unit = units.find((candidate) => candidate.teryt === text);
    if (!unit) throw new GatewayError('not_found', 404, `No gmina, powiat or voivodeship has the TERYT code ${text}`);
    return unit;
  }
  if (units.length === 0) {
    throw new GatewayError('not_found', 404, `No gmina, powiat or voivodeship is called "${text}". Check the spelling with the user, or call resolve_region with part of the name`);
  }
  const folded = foldPolish(text);
  const bare = folded.replace(UNIT_WORDS, '');
  const exact = units.filter((unit) => {
    const name = foldPolish(unit.name);
    return name === folded || name === bare;
  });
  if (exact.length === 1) return exact[0]!;
  if (exact.length === 0 && units.length === 1) return units[0]!;
  const candidates = (exact.length > 0 ? exact : units).map(candidateLabel);
  throw new GatewayError(
    'ambiguous_region',
    422,
    exact.length > 0 ? `"${text}" names ${exact.length} administrative units` : `"${text}" is not the exact name of a unit; close matches`,
    candidates,
  );
}

/** "Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie (2815011)", as natural-language search lists them. */
export function candidateLabel(unit: RegionView): string {
  return `${unit.label} (${unit.teryt})`;
}

export function regionOutputOf(unit: RegionView): RegionOutput {
  return { teryt: unit.teryt, name: unit.name, unit_type: unit.unit_type };
}
