import { PROXIMITY_KINDS, PROXIMITY_MAX_M, type BlockCoverageView, type ProximityItemView, type ProximityNotFoundView, type ProximityView } from '@lp/contracts';
import type { GminaCoverage, LayerSources } from '../layer-coverage.js';
import { sourcesOf } from '../layer-coverage.js';
import { displayName } from './feature-names.js';
import { DATA_GAPS_KEY } from './proximity.sql.js';

export type RawNearest = Omit<ProximityItemView, 'kind' | 'layer'> & { feature_kind: string };
/** One row of proximitySql: the nearest feature per proximity kind; a kind with no feature within PROXIMITY_MAX_M is absent (or null). */
export type RawProximity = Record<string, RawNearest | null>;

/** Per layer, metres from the parcel to the nearest gmina within PROXIMITY_MAX_M lacking full data (proximitySql's DATA_GAPS_KEY). */
function dataGaps(raw: RawProximity): Readonly<Record<string, number>> {
  return (raw[DATA_GAPS_KEY] as unknown as Record<string, number> | undefined) ?? {};
}

/** Why a kind's answer is not complete: its own gmina lacks data, or a gmina within the distance looked at does. */
function gapNote(kind: (typeof PROXIMITY_KINDS)[number], status: string, gapM: number | undefined, found: boolean): string {
  const where = status !== 'available'
    ? `${kind.layer} has ${status === 'missing' ? 'no' : 'partial'} data in this gmina`
    : `${kind.layer} lacks data in a gmina ${Math.round(gapM ?? 0)} m from the parcel, within the distance looked at`;
  return found
    ? `${where}: the ${kind.label} reported for ${kind.id} is the nearest we know of, a nearer one may exist.`
    : `${where}: the nearest ${kind.label} (${kind.id}) is unknown, not absent. Tell the user.`;
}

/**
 * The proximity block for the requested kinds (all by default). A nearest feature is only known
 * as the nearest where its layer has data over the whole distance to it, and "none within 50 km"
 * only where it has data over the whole 50 km: a kind whose layer lacks data in the parcel's
 * gmina, or in a gmina within that distance, goes to coverage; a feature found is still reported,
 * flagged in the note as possibly not the nearest one.
 */
export function composeProximity(raw: RawProximity, kindIds: readonly string[] | undefined, coverage: GminaCoverage, sources: LayerSources): ProximityView {
  const wanted = kindIds ? PROXIMITY_KINDS.filter((k) => kindIds.includes(k.id)) : PROXIMITY_KINDS;
  const items: ProximityItemView[] = [];
  const notFound: ProximityNotFoundView[] = [];
  const gaps: BlockCoverageView[] = [];
  const dataGapM = dataGaps(raw);
  for (const kind of wanted) {
    const nearest = raw[kind.id] ?? null;
    const own = coverage.status(kind.layer);
    const found = nearest !== null && nearest.distance_m <= PROXIMITY_MAX_M;
    const gapM = dataGapM[kind.layer];
    const reach = found ? nearest.distance_m : PROXIMITY_MAX_M;
    const complete = own === 'available' && (gapM === undefined || gapM > reach);
    const status = own === 'available' ? 'partial' : own;
    if (found) {
      const { feature_kind, ...rest } = nearest;
      items.push({ kind: kind.id, layer: kind.layer, ...rest, name: displayName(kind.layer, rest.name, rest.attributes ?? {}), attributes: { feature_kind, ...rest.attributes } });
      if (!complete) gaps.push({ layer: kind.layer, status, note: gapNote(kind, own, gapM, true) });
    } else if (complete) {
      notFound.push({ kind: kind.id, searched_within_m: PROXIMITY_MAX_M });
    } else {
      gaps.push({ layer: kind.layer, status, note: gapNote(kind, own, gapM, false) });
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
