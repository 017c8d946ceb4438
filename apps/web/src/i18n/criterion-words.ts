import type { Language } from './messages.js';

/** Search criteria without a layer in their id (libs/contracts search-criteria.ts), in words. */
const CRITERIA: Record<string, Record<Language, string>> = {
  area: { pl: 'powierzchnia', en: 'area' },
  zoning: { pl: 'przeznaczenie w planie', en: 'zoning' },
  land_use: { pl: 'użytkowanie gruntu', en: 'land use' },
  'land_use:exclude': { pl: 'wykluczone użytki', en: 'excluded land use' },
  slope: { pl: 'nachylenie terenu', en: 'slope' },
  vacant: { pl: 'działka niezabudowana', en: 'vacant' },
  // a watched parcel's own record (watch events: split, merged, appeared)
  parcel: { pl: 'działka w rejestrze', en: 'parcel in the register' },
};

/** Criteria on one layer (`near:<layer>` ...): the relation, then the layer's name. */
const RELATIONS: Record<string, Record<Language, string>> = {
  near: { pl: 'blisko', en: 'near' },
  far: { pl: 'z dala od', en: 'away from' },
  exclude: { pl: 'poza', en: 'outside' },
};

/** A coverage criterion id of the API (`slope`, `near:grid_capacity`) in the reader's words. */
export function criterionWords(criterion: string, language: Language, layerName: (layerId: string) => string): string {
  const plain = CRITERIA[criterion];
  if (plain) return plain[language];
  const [relation, layer] = criterion.split(':', 2) as [string, string | undefined];
  if (!layer) return criterion.replaceAll('_', ' ');
  const words = RELATIONS[relation]?.[language] ?? relation.replaceAll('_', ' ');
  return `${words}: ${layerName(layer)}`;
}
