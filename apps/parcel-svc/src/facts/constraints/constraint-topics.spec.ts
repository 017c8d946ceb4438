import { describe, expect, it } from '@jest/globals';
import { BLOCKING_ZONES, findLayer } from '@lp/contracts';
import { CONSTRAINT_LAYERS, CONSTRAINT_RULES, CONSTRAINT_TOPICS } from './constraint-topics.js';

describe('constraint topics', () => {
  it('covers every constraint topic of the spec', () => {
    // spec, "Constraint topics covered": Natura 2000, landscape protection, national parks, flood
    // risk, heritage, mining, aviation surfaces, groundwater protection, wind setbacks.
    expect(CONSTRAINT_TOPICS).toEqual(
      expect.arrayContaining(['natura2000', 'protected_landscape', 'national_park', 'flood_risk', 'heritage', 'mining', 'aviation', 'groundwater', 'wind_setback']),
    );
  });

  it('names only layers and kinds of the catalogue', () => {
    for (const rule of CONSTRAINT_RULES) {
      const kinds = findLayer(rule.layer)?.kinds.map((kind) => kind.id) ?? [];
      expect({ ...rule, known: kinds.includes(rule.kind) }).toEqual({ ...rule, known: true });
    }
    expect(CONSTRAINT_LAYERS.every((layer) => findLayer(layer) !== undefined)).toBe(true);
  });

  it('calls blocking exactly the kinds of the one list the scenarios exclude as blocking zones', () => {
    const blocking = CONSTRAINT_RULES.filter((rule) => rule.severity === 'blocking').map((rule) => `${rule.layer}/${rule.kind}`).sort();
    const listed = Object.entries(BLOCKING_ZONES).flatMap(([layer, kinds]) => kinds.map((kind) => `${layer}/${kind}`)).sort();
    expect(blocking).toEqual(listed);
  });
});
