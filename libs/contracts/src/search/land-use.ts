/**
 * Land use as evidence (design SEARCH.md): agricultural, forest and orchard land are proven by the
 * EGiB land-use classes of the parcel (the register) and, where a parcel has none, by the land
 * cover layer, never by a zoning category (a zone says what may be built, not what the land is).
 */
export const LAND_USE_KINDS = ['agricultural', 'arable', 'grassland', 'orchard', 'forest'] as const;
export type LandUseKind = (typeof LAND_USE_KINDS)[number];

/**
 * EGiB land-use class symbols (the part before a space or hyphen: `R IIIa` → R, `S-R IVa` → S,
 * `Lz-R V` → Lz-R) and what they prove. Classes not listed (B, Ba, Bp, Bi, Bz, dr, Tk, N, Lz, ...)
 * prove none of the kinds: the parcel's land use is known and is none of them.
 */
export const EGIB_CLASS_LAND_USE: ReadonlyArray<{ pattern: string; kinds: readonly LandUseKind[] }> = [
  { pattern: '^R(\\s|$)', kinds: ['agricultural', 'arable'] },
  { pattern: '^(Ł|Ps)(\\s|$)', kinds: ['agricultural', 'grassland'] },
  { pattern: '^S-', kinds: ['agricultural', 'orchard'] },
  { pattern: '^(Br|Wsr|W|Lzr)(\\s|-|$)', kinds: ['agricultural'] },
  { pattern: '^Lz-(R|Ł|Ps)', kinds: ['agricultural'] },
  { pattern: '^Ls(\\s|$)', kinds: ['forest'] },
];

/** Land cover kinds (land_cover layer) and the land-use kinds they show. */
export const LAND_COVER_LAND_USE: Readonly<Record<string, readonly LandUseKind[]>> = {
  arable: ['agricultural', 'arable'],
  grassland: ['agricultural', 'grassland'],
  orchard: ['agricultural', 'orchard'],
  forest: ['forest'],
};
