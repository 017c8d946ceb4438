/**
 * Names as a reader expects them. The grid layers come from OpenStreetMap through GridKit, whose
 * names are as mappers typed them: "110kV" without a space, and a line merged from several ways
 * keeps each way's name ("110kV Główna - Rataje, 110kV Główna-Rataje"). A national road without a
 * name is known by its number.
 */
export function displayName(layer: string, name: string | null, attributes: Readonly<Record<string, unknown>>): string | null {
  if (name === null || name.trim() === '') return unnamed(layer, attributes);
  if (layer === 'power_lines') return distinctParts(name).map(tidyGridName).join('; ');
  if (layer === 'power_substations') return tidyGridName(name);
  return name;
}

function unnamed(layer: string, attributes: Readonly<Record<string, unknown>>): string | null {
  const number = attributes['road_number'];
  return layer === 'roads' && typeof number === 'string' && number !== '' ? number : null;
}

/** "110kV Jaworzno 1 - Jeleń" → "110 kV Jaworzno 1 – Jeleń". */
function tidyGridName(name: string): string {
  return name
    .replace(/(\d)\s*kV\b/gi, '$1 kV')
    .replace(/\s*(?:-|–)\s+|\s+(?:-|–)\s*/g, ' – ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The comma-joined names of merged ways, each once (spacing and dashes aside). */
function distinctParts(name: string): string[] {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const part of name.split(/\s*,\s*/)) {
    const key = part.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    parts.push(part);
  }
  return parts;
}
