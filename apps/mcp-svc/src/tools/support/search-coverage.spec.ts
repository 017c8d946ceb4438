import { describe, expect, it } from '@jest/globals';
import { blockedMessage, coverageWarningLines, searchCoverageOf } from './search-coverage.js';

describe('search coverage for the model', () => {
  const coverage = searchCoverageOf([
    { criterion: 'area', mode: 'requires', status: 'available' },
    { criterion: 'near:grid_capacity', mode: 'requires', status: 'missing' },
    { criterion: 'slope', mode: 'screens', status: 'missing' },
    { criterion: 'exclude:env_layers', mode: 'screens', status: 'partial', note: 'Flood zones cover only Poznań.' },
  ]);

  it('gives every entry a note, keeping the service\'s own', () => {
    expect(coverage.map((entry) => entry.note)).toEqual([
      'Checked on complete data.',
      expect.stringMatching(/cannot be proven/),
      expect.stringMatching(/NOT screened/),
      'Flood zones cover only Poznań.',
    ]);
  });

  it('lists every criterion that is not fully checked, and none when all are', () => {
    const lines = coverageWarningLines(coverage, (criterion) => (criterion === 'slope' ? 'slope (Slope within tolerance)' : criterion));
    expect(lines[0]).toMatch(/tell the user/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^- near:grid_capacity \[requires, missing\]/),
      expect.stringMatching(/^- slope \(Slope within tolerance\) \[screens, missing\]/),
      expect.stringMatching(/^- exclude:env_layers \[screens, partial\]: Flood zones/),
    ]);
    expect(coverageWarningLines(coverage.slice(0, 1))).toEqual([]);
  });

  it('explains a blocked search by its missing required criteria, as not the same as no match', () => {
    const message = blockedMessage(coverage, 'Ostróda (2815011)', (criterion) => `${criterion} (Grid capacity available)`);
    expect(message).toMatch(/blocked: near:grid_capacity \(Grid capacity available\) must be proven/);
    expect(message).toMatch(/Ostróda \(2815011\)/);
    expect(message).toMatch(/NOT "no parcel matches"/);
    expect(message).toMatch(/Tell the user/);
  });
});
