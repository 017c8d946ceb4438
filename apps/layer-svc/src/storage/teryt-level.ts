import type { LayerDefinition } from '@lp/contracts';

/**
 * The TERYT levels (numbers of digits) the catalogue states for a layer's `teryt`, read from its
 * description as the catalogue's `teryt()` helper writes it ("gmina (7 digits)", "unit (2, 4 or 7
 * digits)"); all three levels when it states none.
 */
export function terytDigits(layer: LayerDefinition): number[] {
  const description = layer.attributes.find((attribute) => attribute.name === 'teryt')?.description ?? '';
  const stated = /\(([0-9, or]+) digits\)/.exec(description)?.[1];
  return stated ? [...stated.matchAll(/[0-9]+/g)].map((match) => Number(match[0])) : [2, 4, 7];
}
