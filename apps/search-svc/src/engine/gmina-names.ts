import type { ScopeGmina } from './coverage-model.js';

/** The first few items and how many more, for coverage notes. */
export function listed(items: readonly string[]): string {
  const shown = items.slice(0, 5);
  return items.length > shown.length ? `${shown.join(', ')} and ${items.length - shown.length} more` : shown.join(', ');
}

/** Gminas by name and TERYT, the first few. */
export function gminaNames(gminas: readonly ScopeGmina[], teryts: readonly string[]): string {
  const names = new Map(gminas.map((g) => [g.teryt, g.name]));
  return listed(teryts.map((t) => `${names.get(t) ?? t} (${t})`));
}
