import type { ScoreComponentView } from '@lp/contracts';
import type { SignalPlan } from './signal-sql.js';

/** The SQL's per-signal columns of one result row: raw value, unrounded contribution, and "no parcel has data". */
export interface SignalCells {
  plan: SignalPlan;
  value: number | null;
  contribution: number | null;
  unranked: boolean;
}

const cents = (points: number): number => Math.round(points * 100);

/**
 * A result's score components, rounded to 0.01 so that they add up exactly to the score (the sum
 * of the unrounded contributions rounded once, as the query orders by it): the last signal with data
 * takes what rounding the others left. A parcel lacking a value others have is `missing` (0 points);
 * a signal no parcel has is `unranked` (0 points, left out of the weighting, named in unranked_signals).
 */
export function scoreComponents(cells: readonly SignalCells[], score: number | null): ScoreComponentView[] {
  const components: ScoreComponentView[] = cells.map(({ plan, value, contribution, unranked }) => {
    const component: ScoreComponentView = { signal: plan.signal, value, contribution: score === null ? 0 : cents(contribution ?? 0) / 100 };
    if (unranked) component.unranked = true;
    else if (value === null) component.missing = true;
    return component;
  });
  const last = cells.map((cell) => !cell.unranked).lastIndexOf(true);
  if (score !== null && last >= 0) {
    const others = components.reduce((sum, component, index) => (index === last ? sum : sum + cents(component.contribution)), 0);
    components[last]!.contribution = (cents(score) - others) / 100;
  }
  return components;
}

/** Signals of the ranking that no matched parcel has a value for. */
export function unrankedSignals(cells: readonly SignalCells[]): string[] {
  return cells.filter((cell) => cell.unranked).map((cell) => cell.plan.signal);
}
