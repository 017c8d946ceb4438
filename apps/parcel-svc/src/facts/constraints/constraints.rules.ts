import { CONSTRAINT_SEVERITIES, type ConstraintItemView, type ConstraintsView } from '@lp/contracts';
import type { GminaCoverage, LayerSources } from '../layer-coverage.js';
import { sourcesOf } from '../layer-coverage.js';
import { CONSTRAINT_LAYERS, CONSTRAINT_RULES, CONSTRAINT_TOPICS, type ConstraintKindRule } from './constraint-topics.js';

export interface RawConstraintHit {
  layer: string;
  kind: string;
  id: string;
  name: string | null;
  overlap_pct: number;
  distance_m: number;
}

/** Below this share of the parcel an overlap is a shared boundary, not a parcel inside the area. */
const OVERLAP_MIN_PCT = 0.5;

const ruleByLayerKind = new Map<string, ConstraintKindRule>(CONSTRAINT_RULES.map((r) => [`${r.layer}/${r.kind}`, r]));
const severityRank = new Map<string, number>(CONSTRAINT_SEVERITIES.map((s, i) => [s, i]));

/** The kinds a constraint query looks for (every kind some topic names). */
export const CONSTRAINT_KINDS: readonly string[] = Object.freeze([...new Set(CONSTRAINT_RULES.map((r) => r.kind))]);

/**
 * The constraints block: each area with its topic and severity. An area that overlaps the parcel
 * takes its kind's severity; one that only lies within the buffer is informational.
 */
export function composeConstraints(raw: RawConstraintHit[], bufferM: number, coverage: GminaCoverage, sources: LayerSources): ConstraintsView {
  const items: ConstraintItemView[] = raw.flatMap((hit) => {
    const rule = ruleByLayerKind.get(`${hit.layer}/${hit.kind}`);
    if (!rule) return [];
    const overlaps = hit.overlap_pct >= OVERLAP_MIN_PCT;
    return [{
      topic: rule.topic,
      layer: hit.layer,
      kind: hit.kind,
      id: hit.id,
      name: hit.name ?? hit.kind.replaceAll('_', ' '),
      overlap_pct: overlaps ? hit.overlap_pct : 0,
      distance_m: overlaps ? 0 : hit.distance_m,
      severity: overlaps ? rule.severity : 'informational',
    }];
  });
  items.sort(
    (a, b) =>
      (severityRank.get(a.severity) ?? 9) - (severityRank.get(b.severity) ?? 9) ||
      a.distance_m - b.distance_m ||
      b.overlap_pct - a.overlap_pct ||
      a.id.localeCompare(b.id),
  );
  return {
    blocking: items.some((item) => item.severity === 'blocking'),
    buffer_m: bufferM,
    items,
    topics_checked: [...CONSTRAINT_TOPICS],
    coverage: coverage.entries(CONSTRAINT_LAYERS, notesFor(coverage)),
    sources: sourcesOf(['parcels', ...CONSTRAINT_LAYERS], sources),
  };
}

function notesFor(coverage: GminaCoverage): Map<string, string> {
  const notes = new Map<string, string>();
  for (const layer of CONSTRAINT_LAYERS) {
    if (coverage.has(layer)) continue;
    const topics = [...new Set(CONSTRAINT_RULES.filter((r) => r.layer === layer).map((r) => r.topic))].join(', ');
    notes.set(layer, `${layer} has ${coverage.status(layer) === 'missing' ? 'no' : 'only partial'} data in this gmina: no item on ${topics} means unknown here, not none. Tell the user.`);
  }
  return notes;
}
