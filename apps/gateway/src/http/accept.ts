/**
 * True when the Accept header asks for `mediaType` at least as much as for JSON: `application/pdf`
 * alone, or listed with a q-value not below that of application/json. Wildcards count for
 * neither, so a browser's `*\/*` keeps getting JSON unless it names the PDF.
 */
export function acceptsPreferred(accept: string | undefined, mediaType: string): boolean {
  if (!accept) return false;
  let wanted = 0;
  let json = 0;
  for (const range of accept.split(',')) {
    const [type, ...params] = range.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(quality)) continue;
    if (type?.trim() === mediaType) wanted = Math.max(wanted, quality);
    if (type?.trim() === 'application/json') json = Math.max(json, quality);
  }
  return wanted > 0 && wanted >= json;
}
