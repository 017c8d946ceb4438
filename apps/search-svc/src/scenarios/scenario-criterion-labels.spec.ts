import { describe, expect, it } from '@jest/globals';
import { CRITERION_LABELS_PL } from '@lp/contracts';
import { SCENARIOS } from './scenario-catalogue.js';

/**
 * The Polish report names failed and unverifiable criteria by their Polish label: every hard
 * criterion of every scenario must have one, or a Polish report would fall back to English.
 */
describe('Polish labels of the scenario criteria', () => {
  it('has a Polish label for every hard criterion of every scenario', () => {
    const labels = [...new Set(SCENARIOS.flatMap((scenario) => scenario.criteria.map((criterion) => criterion.label)))];
    expect(labels.filter((label) => CRITERION_LABELS_PL[label] === undefined)).toEqual([]);
    for (const label of labels) expect(CRITERION_LABELS_PL[label]).not.toBe(label);
  });
});
