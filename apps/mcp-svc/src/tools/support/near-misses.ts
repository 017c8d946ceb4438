import type { NearMissesView } from '@lp/contracts';
import { z } from 'zod';

/** "What would it take": present only when a search matched few or no parcels. */
export const nearMissesField = z
  .object({
    relaxations: z
      .array(
        z.object({
          criterion: z.string(),
          parameter: z.string().describe('Where the value sits in the search request, e.g. filters.near[0].within_m'),
          from: z.number(),
          to: z.number().describe('A relaxed value within the allowed range'),
          matched: z.number().int().describe('Parcels the search matches with this one value relaxed (run for real)'),
          added: z.number().int(),
        }),
      )
      .describe('One per tunable criterion: how many more parcels one step of relaxing it would give'),
    one_away: z
      .array(
        z.object({
          parcel_id: z.string(),
          gmina: z.string(),
          area_sqm: z.number(),
          criterion: z.string().describe('The only criterion the parcel fails (proven on data, not unknown)'),
          limit: z.number().optional(),
          value: z.union([z.number(), z.string()]).optional().describe("The parcel's own value: m², %, metres or a zoning category"),
        }),
      )
      .describe('Parcels failing one criterion only, up to five per criterion'),
    scenario_parameters: z
      .array(
        z.object({
          parameter: z.string().describe('The scenario parameter, as in list_scenarios and the params input'),
          unit: z.string(),
          from: z.number(),
          to: z.number().describe("A relaxed value within the parameter's range"),
          criteria: z.array(z.string()),
          matched: z.number().int().describe('Parcels the scenario matches with this parameter relaxed (run for real)'),
          added: z.number().int(),
        }),
      )
      .optional()
      .describe('find_sites: the same advice in the scenario parameters; pass params: {parameter: to} to run it'),
    not_evaluated: z.array(z.string()).describe('Relaxations or criteria there was no time to evaluate: unknown, not "nothing to gain"'),
  })
  .optional()
  .describe('With fewer than 10 matches: what relaxing each criterion would add, and parcels that miss by one criterion. Offer these to the user.');

export type NearMisses = z.output<typeof nearMissesField>;

export function nearMissesOf(view: NearMissesView | undefined): NearMisses {
  if (!view) return undefined;
  return {
    relaxations: view.relaxations,
    one_away: view.one_away.map(({ parcel_id, gmina, area_sqm, criterion, limit, value }) => ({
      parcel_id,
      gmina,
      area_sqm,
      criterion,
      ...(limit !== undefined ? { limit } : {}),
      ...(value !== undefined ? { value } : {}),
    })),
    ...(view.scenario_parameters ? { scenario_parameters: view.scenario_parameters } : {}),
    not_evaluated: view.not_evaluated ?? [],
  };
}

/** A measured value with its unit: 2,571 m², 6.4 %, 1,850 m; a zoning category as it is. */
function withUnit(criterion: string, value: number | string): string {
  if (typeof value === 'string') return value;
  const number = value.toLocaleString('en-GB', { maximumFractionDigits: 1 });
  if (criterion === 'area') return `${number} m²`;
  if (criterion === 'slope') return `${number} %`;
  return /^(near|far):/.test(criterion) ? `${number} m` : number;
}

/** The text a model can offer the user: which relaxation adds how much, and who misses by one criterion. */
export function nearMissLines(nearMisses: NearMisses, labelOf: (criterion: string) => string = (criterion) => criterion): string[] {
  if (!nearMisses) return [];
  const lines: string[] = [];
  const parameters = nearMisses.scenario_parameters ?? [];
  const byParameter = parameters.filter((p) => p.added > 0);
  if (byParameter.length > 0) {
    lines.push(
      "What would it take, in the scenario's parameters (each on its own, the scenario run for real; pass it in params):",
      ...byParameter.map((p) => `- ${p.parameter} ${p.from} → ${p.to} ${p.unit}: +${p.added} parcels`),
    );
  }
  const flatParameters = parameters.filter((p) => p.added === 0);
  if (flatParameters.length > 0) lines.push(`Relaxing these adds nothing (scenario parameters): ${flatParameters.map((p) => `${p.parameter} ${p.from} → ${p.to} ${p.unit}`).join(', ')}.`);
  // a raw filter step a parameter already speaks for is not repeated in filter terms
  const spoken = new Set(parameters.flatMap((p) => p.criteria));
  const raw = nearMisses.relaxations.filter((r) => !spoken.has(r.criterion));
  const gains = raw.filter((r) => r.added > 0);
  if (gains.length > 0) lines.push('What would it take (each relaxation on its own, counted for real):', ...gains.map((r) => `- ${labelOf(r.criterion)}: ${r.parameter} ${r.from} → ${r.to}: +${r.added} parcels`));
  const flat = raw.filter((r) => r.added === 0);
  if (flat.length > 0) lines.push(`Relaxing these adds nothing: ${flat.map((r) => `${r.parameter} ${r.from} → ${r.to}`).join(', ')}.`);
  if (nearMisses.one_away.length > 0) {
    lines.push(
      'Parcels failing one criterion only:',
      ...nearMisses.one_away.map((p) => `- ${p.parcel_id}, ${p.gmina}: fails ${labelOf(p.criterion)}${p.value !== undefined ? ` (has ${withUnit(p.criterion, p.value)}${p.limit !== undefined ? `, limit ${withUnit(p.criterion, p.limit)}` : ''})` : ''}`),
    );
  }
  if (nearMisses.not_evaluated.length > 0) lines.push(`Not evaluated in time (unknown): ${nearMisses.not_evaluated.join(', ')}.`);
  return lines;
}
