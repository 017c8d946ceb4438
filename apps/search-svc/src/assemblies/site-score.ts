import type { ScoreComponentView } from '@lp/contracts';
import { scoreComponents } from '../engine/score-components.js';
import type { SignalPlan } from '../engine/signal-sql.js';

/** One member's area and its raw signal values (by signal alias). */
export interface MemberSignals {
  area: number;
  values: Readonly<Record<string, number | null>>;
}

/**
 * A signal's value for a whole site: the area is the sum; a distance is the nearest member's (the
 * site is as near as its nearest parcel); anything else is weighted by area over the members that
 * have a value. Null when no member has one.
 */
export function siteSignalValue(plan: SignalPlan, members: readonly MemberSignals[]): number | null {
  if (plan.signal === 'area') return members.reduce((sum, m) => sum + m.area, 0);
  const known = members.filter((m) => m.values[plan.alias] !== null && m.values[plan.alias] !== undefined);
  if (known.length === 0) return null;
  if (/_distance_(km|m)$/.test(plan.signal)) return Math.min(...known.map((m) => m.values[plan.alias]!));
  const area = known.reduce((sum, m) => sum + m.area, 0);
  return known.reduce((sum, m) => sum + m.values[plan.alias]! * m.area, 0) / area;
}

export interface SiteScore {
  score: number | null;
  components: ScoreComponentView[];
}

/**
 * The search's scoring rule over sites instead of parcels (signal-sql.ts contributionSql): per
 * signal, the min-max position among the sites, direction-aware, all equal counting as best; a
 * signal no site has a value for is left out and the others share the 100 points.
 */
export function scoreSites(plans: readonly SignalPlan[], sites: ReadonlyArray<ReadonlyArray<number | null>>): SiteScore[] {
  if (plans.length === 0) return sites.map(() => ({ score: null, components: [] }));
  const ranges = plans.map((_, s) => {
    const values = sites.map((site) => site[s]).filter((v): v is number => v !== null);
    return values.length === 0 ? null : { min: Math.min(...values), max: Math.max(...values) };
  });
  const rankedWeight = plans.reduce((sum, plan, s) => sum + (ranges[s] ? plan.weight : 0), 0);
  return sites.map((site) => {
    const cells = plans.map((plan, s) => {
      const value = site[s] ?? null;
      const range = ranges[s];
      let position = 0;
      if (value !== null && range) {
        if (range.max === range.min) position = 1;
        else position = plan.direction === 'higher' ? (value - range.min) / (range.max - range.min) : (range.max - value) / (range.max - range.min);
      }
      const contribution = rankedWeight === 0 ? 0 : (position * 100 * plan.weight) / rankedWeight;
      return { plan, value: value === null ? null : Math.round(value * 1000) / 1000, contribution, unranked: range === null };
    });
    const score = rankedWeight === 0 ? null : Math.round(cells.reduce((sum, cell) => sum + cell.contribution, 0) * 100) / 100;
    return { score, components: scoreComponents(cells, score) };
  });
}
