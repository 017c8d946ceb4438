import { CONSTRAINT_KINDS_PL, findLayer, LAYER_NAMES_PL, ZONING_CATEGORIES_PL, type ReportLanguage, type ZoningCategory } from '@lp/contracts';

/**
 * Names of catalogue identifiers (layers, constraint kinds, plan statuses, zoning categories) in
 * the report's language. English comes from the layer catalogue, Polish from the contracts' Polish
 * terms (layer-terms-pl). An id without an entry reads as itself with spaces, never as a blank.
 */

const PLAN_STATUS: Record<ReportLanguage, Record<string, string>> = {
  en: {
    in_preparation: 'in preparation',
    public_consultation: 'public consultation (draft)',
    adopted: 'adopted, not yet in force',
    in_force: 'in force',
    partially_repealed: 'partially repealed',
  },
  pl: {
    in_preparation: 'w przygotowaniu',
    public_consultation: 'wyłożony do konsultacji (projekt)',
    adopted: 'uchwalony, jeszcze nieobowiązujący',
    in_force: 'obowiązujący',
    partially_repealed: 'częściowo uchylony',
  },
};

const spaced = (id: string): string => id.replaceAll('_', ' ');

/** A layer by name: the catalogue name in English, the Polish name in Polish. */
export function layerName(layer: string, language: ReportLanguage): string {
  return (language === 'pl' ? LAYER_NAMES_PL[layer] : findLayer(layer)?.name) ?? spaced(layer);
}

/** A constraint kind in words: the catalogue's kind description in English, the Polish term in Polish. */
export function constraintKindName(layer: string, kind: string, language: ReportLanguage): string {
  if (language === 'pl') return CONSTRAINT_KINDS_PL[kind] ?? spaced(kind);
  return findLayer(layer)?.kinds.find((k) => k.id === kind)?.description ?? spaced(kind);
}

/**
 * A constraint area's name. Areas without a name of their own carry their kind id with spaces
 * (see composeConstraints); those read as the kind in the report's language.
 */
export function constraintAreaName(item: { layer: string; kind: string; name: string }, language: ReportLanguage): string {
  return item.name === spaced(item.kind) ? constraintKindName(item.layer, item.kind, language) : item.name;
}

export function planStatus(status: string, language: ReportLanguage): string {
  return PLAN_STATUS[language][status] ?? spaced(status);
}

export function categoryName(category: string, language: ReportLanguage): string {
  return (language === 'pl' ? ZONING_CATEGORIES_PL[category as ZoningCategory] : undefined) ?? spaced(category);
}
