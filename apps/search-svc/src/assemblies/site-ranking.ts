import type { ScoreComponentView } from '@lp/contracts';
import type { SignalPlan } from '../engine/signal-sql.js';
import type { AssembledSite } from './assembled-site.js';
import { scoreSites, siteSignalValue, type MemberSignals } from './site-score.js';

export interface RankedSite {
  site: AssembledSite;
  score: number | null;
  components: ScoreComponentView[];
}

/** Sites scored by the search's rule over site values, best first; ties by total area, then by largest member's id. */
export function rankSites(signals: readonly SignalPlan[], sites: readonly AssembledSite[]): RankedSite[] {
  const scores = scoreSites(
    signals,
    sites.map((site) => {
      const members: MemberSignals[] = site.members.map((m) => ({ area: Number(m.area_sqm), values: Object.fromEntries(signals.map((s) => [s.alias, m[s.alias] === null ? null : Number(m[s.alias])])) }));
      return signals.map((signal) => siteSignalValue(signal, members));
    }),
  );
  return sites
    .map((site, k) => ({ site, ...scores[k]! }))
    .sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || b.site.total - a.site.total || (a.site.members[0]!.parcel_id < b.site.members[0]!.parcel_id ? -1 : 1));
}
