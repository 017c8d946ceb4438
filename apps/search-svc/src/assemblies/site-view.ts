import type { AssembledSiteView, NlLanguage } from '@lp/contracts';
import type { SiteOutline } from './assembly.repository.js';
import type { RankedSite } from './site-ranking.js';
import { siteWhy } from './site-why.js';

export interface SiteViewContext {
  /** Site-level near criteria, each with the column saying whether a member alone meets it. */
  nearSite: ReadonlyArray<{ criterion: string; alias: string }>;
  slopeMax: number | undefined;
  language: NlLanguage | undefined;
}

/** One result of POST /v1/search/assemblies: the site's outline, members, score and why. */
export function siteView({ site, score, components }: RankedSite, outline: SiteOutline, context: SiteViewContext): AssembledSiteView {
  const [largest] = site.members;
  const view: AssembledSiteView = {
    geometry: outline.geometry,
    total_area_sqm: Math.round(site.total * 100) / 100,
    parcels: site.members.map((m) => ({ parcel_id: m.parcel_id, area_sqm: Math.round(Number(m.area_sqm) * 100) / 100 })),
    compactness: outline.compactness,
    gmina: largest!.gmina_name ?? largest!.teryt,
    teryt: largest!.teryt,
    score,
    components,
    why: why({ site, score, components }, context),
  };
  if (site.unscreened.length > 0) view.unscreened = site.unscreened;
  return view;
}

function why({ site }: RankedSite, { nearSite, slopeMax, language }: SiteViewContext): string[] {
  const metBy = nearSite.flatMap((near) => {
    const member = site.members.find((m) => m[near.alias] === true);
    return member ? [{ criterion: near.criterion, parcelId: member.parcel_id }] : [];
  });
  const slope = slopeMax !== undefined && site.slope !== null ? { pct: site.slope, max: slopeMax } : undefined;
  return siteWhy({ parcels: site.members.length, totalSqm: site.total, largestSqm: Number(site.members[0]!.area_sqm), metBy, ...(slope ? { slope } : {}) }, language);
}
