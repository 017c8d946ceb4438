import { PROXIMITY_KINDS, PROXIMITY_MAX_M, type BlockCoverageView, type ProximityItemView, type ProximityNotFoundView, type ProximityView } from '@lp/contracts';
import type { GminaCoverage, LayerSources } from '../layer-coverage.js';
import { sourcesOf } from '../layer-coverage.js';

export type RawNearest = Omit<ProximityItemView, 'kind' | 'layer'> & { feature_kind: string };
/** One row of proximitySql: the nearest feature per proximity kind; a kind with no feature within PROXIMITY_MAX_M is absent (or null). */
export type RawProximity = Record<string, RawNearest | null>;

/**
 * The proximity block for the requested kinds (all by default). A kind whose layer has no data
 * in the parcel's gmina goes to coverage; if a feature was still found farther away it is
 * reported, flagged in the note as possibly not the nearest one.
 */
export function composeProximity(raw: RawProximity, kindIds: readonly string[] | undefined, coverage: GminaCoverage, sources: LayerSources): ProximityView {
  const wanted = kindIds ? PROXIMITY_KINDS.filter((k) => kindIds.includes(k.id)) : PROXIMITY_KINDS;
  const items: ProximityItemView[] = [];
  const notFound: ProximityNotFoundView[] = [];
  const gaps: BlockCoverageView[] = [];
  for (const kind of wanted) {
    const nearest = raw[kind.id] ?? null;
    const status = coverage.status(kind.layer);
    if (nearest && nearest.distance_m <= PROXIMITY_MAX_M) {
      const { feature_kind, ...rest } = nearest;
      items.push({ kind: kind.id, layer: kind.layer, ...rest, attributes: { feature_kind, ...rest.attributes } });
      if (status !== 'available') {
        gaps.push({ layer: kind.layer, status, note: `${kind.layer} has ${status === 'missing' ? 'no' : 'partial'} data in this gmina: the ${kind.label} reported for ${kind.id} is the nearest we know of, a nearer one may exist.` });
      }
    } else if (status === 'available') {
      notFound.push({ kind: kind.id, searched_within_m: PROXIMITY_MAX_M });
    } else {
      gaps.push({ layer: kind.layer, status, note: `${kind.layer} has ${status === 'missing' ? 'no' : 'partial'} data in this gmina: the nearest ${kind.label} (${kind.id}) is unknown, not absent. Tell the user.` });
    }
  }
  const layers = [...new Set(wanted.map((k) => k.layer))];
  // Several kinds read one layer (substations of any voltage and of 110 kV): each keeps its caveat.
  const gapByLayer = new Map<string, BlockCoverageView>();
  for (const gap of gaps) {
    const earlier = gapByLayer.get(gap.layer);
    gapByLayer.set(gap.layer, earlier ? { ...earlier, note: `${earlier.note} ${gap.note}` } : gap);
  }
  return {
    items,
    not_found: notFound,
    coverage: layers.map((layer) => gapByLayer.get(layer) ?? { layer, status: coverage.status(layer) }),
    sources: sourcesOf(['parcels', ...layers], sources),
  };
}
