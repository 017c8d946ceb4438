/** Short renderings shared by the tools' text output; the structured content keeps exact numbers. */

export function formatArea(areaSqm: number): string {
  return areaSqm >= 10_000 ? `${round(areaSqm / 10_000, 2)} ha` : `${Math.round(areaSqm)} m²`;
}

export function formatDistance(distanceM: number): string {
  return distanceM >= 1000 ? `${round(distanceM / 1000, 1)} km` : `${Math.round(distanceM)} m`;
}

export function formatPrice(pricePerSqmPln: number | null | undefined): string {
  return pricePerSqmPln === null || pricePerSqmPln === undefined ? 'no price' : `${round(pricePerSqmPln, 2)} PLN/m²`;
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Numbered lines, at most `max`, with a tail saying how many were left out of the text. */
export function bulletList<T>(items: readonly T[], line: (item: T, index: number) => string, max = 10): string[] {
  const lines = items.slice(0, max).map((item, index) => `${index + 1}. ${line(item, index)}`);
  if (items.length > max) lines.push(`… and ${items.length - max} more in the structured result.`);
  return lines;
}
