import type { CoverageStatus, WatchEventType } from '@lp/contracts';

/** Criterion -> coverage status, for one gmina (or '*', the whole region of the first evaluation). */
export type CoverageByCriterion = Record<string, CoverageStatus>;

/** A watch's answer in some gminas: parcel id -> its gmina, and the criteria's coverage there. */
export interface GminaAnswer {
  teryt: string;
  parcels: Set<string>;
  coverage: CoverageByCriterion;
  /** The search returned fewer parcels than matched (its limit): parcels not returned cannot be said to have left. */
  truncated: boolean;
}

export interface NewEvent {
  type: WatchEventType;
  parcel_id: string | null;
  criterion: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** How much of a criterion can be proven in a gmina: nothing, some parcels, every parcel. */
const PROVABLE: Record<CoverageStatus, number> = { missing: 0, partial: 1, available: 2 };

/** More of the criterion can be proven than before: parcels that were unknown may now be known. */
function becameKnown(was: CoverageStatus | undefined, now: CoverageStatus): boolean {
  return PROVABLE[now] > (was === undefined ? 0 : PROVABLE[was]);
}

/**
 * What changed in one gmina between the stored answer and the new one. Coverage comes first: a
 * criterion whose data appeared (missing -> partial -> available) is a `coverage` event, and the parcels that now
 * match because of it are `coverage` events too (with that criterion), never a silent `entered`:
 * they did not start to qualify, we started to be able to tell. Otherwise a parcel that now matches
 * and did not before entered, one that no longer matches left; `decidingCriterion` names the
 * criterion fed by the refreshed layer.
 */
export function diffGmina(before: { parcels: Set<string>; coverage: CoverageByCriterion }, after: GminaAnswer, decidingCriterion: string | null): NewEvent[] {
  const events: NewEvent[] = [];
  const newlyKnown: string[] = [];
  for (const criterion of Object.keys({ ...before.coverage, ...after.coverage }).sort()) {
    const was = before.coverage[criterion];
    const now = after.coverage[criterion];
    if (was === now || now === undefined) continue;
    events.push({
      type: 'coverage',
      parcel_id: null,
      criterion,
      before: { teryt: after.teryt, status: was ?? null },
      after: { teryt: after.teryt, status: now },
    });
    if (becameKnown(was, now)) newlyKnown.push(criterion);
  }
  const entered = [...after.parcels].filter((id) => !before.parcels.has(id)).sort();
  for (const parcelId of entered) {
    if (newlyKnown.length > 0) {
      events.push({ type: 'coverage', parcel_id: parcelId, criterion: newlyKnown.join(','), before: { matches: 'unknown' }, after: { matches: true } });
    } else {
      events.push({ type: 'entered', parcel_id: parcelId, criterion: decidingCriterion, before: { matches: false }, after: { matches: true } });
    }
  }
  if (!after.truncated) {
    for (const parcelId of [...before.parcels].filter((id) => !after.parcels.has(id)).sort()) {
      events.push({ type: 'left', parcel_id: parcelId, criterion: decidingCriterion, before: { matches: true }, after: { matches: false } });
    }
  }
  return events;
}
