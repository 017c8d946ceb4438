import type { ConstraintSeverity, CoverageStatus, ParcelReportView, ReportLanguage, SiteConstraintView, SiteCoverageGapView } from '@lp/contracts';
import { CONSTRAINT_SEVERITIES } from '@lp/contracts';
import { layerName } from '../report-terms.js';

const severityRank = new Map<string, number>(CONSTRAINT_SEVERITIES.map((s, i) => [s, i]));

/**
 * The constraints of the whole site from its members' own: each area once, its overlap the share
 * of the members' total area inside it (members never overlap, so their overlaps add up), its
 * distance the nearest member's (the union of the members' buffers is the buffer of the union).
 * An area overlapping some member takes the strongest severity among the members it overlaps
 * (informational areas stay informational, their overlap counted all the same); one only near
 * stays informational.
 */
export function siteConstraints(members: readonly ParcelReportView[]): SiteConstraintView[] {
  const total = members.reduce((sum, m) => sum + m.parcel.properties.area_sqm, 0);
  const byArea = new Map<string, SiteConstraintView & { overlapSqm: number; near: string[] }>();
  for (const member of members) {
    const area = member.parcel.properties.area_sqm;
    for (const item of member.constraints.items) {
      const key = `${item.layer}/${item.id}`;
      const known = byArea.get(key) ?? { ...item, overlap_pct: 0, distance_m: item.distance_m, severity: 'informational' as ConstraintSeverity, parcel_ids: [], overlapSqm: 0, near: [] };
      known.distance_m = Math.min(known.distance_m, item.distance_m);
      // An informational area (an outer obstacle surface, a groundwater reservoir, a wind-turbine
      // setback) overlaps as much as any other: its share counts whatever its severity.
      if (item.overlap_pct > 0) {
        known.overlapSqm += (item.overlap_pct / 100) * area;
        known.parcel_ids.push(member.parcel.id);
        if ((severityRank.get(item.severity) ?? 9) < (severityRank.get(known.severity) ?? 9)) known.severity = item.severity;
      } else {
        known.near.push(member.parcel.id);
      }
      byArea.set(key, known);
    }
  }
  const out: SiteConstraintView[] = [...byArea.values()].map(({ overlapSqm, near, ...view }) => ({
    ...view,
    overlap_pct: total > 0 ? Math.round((1000 * overlapSqm) / total) / 10 : 0,
    distance_m: view.parcel_ids.length > 0 ? 0 : view.distance_m,
    parcel_ids: view.parcel_ids.length > 0 ? view.parcel_ids : near,
  }));
  return out.sort(
    (a, b) => (severityRank.get(a.severity) ?? 9) - (severityRank.get(b.severity) ?? 9) || a.distance_m - b.distance_m || b.overlap_pct - a.overlap_pct || a.id.localeCompare(b.id),
  );
}

/** Every layer without full data for some member, with which members: the missing status wins over partial. */
export function siteCoverageGaps(members: readonly ParcelReportView[], language: ReportLanguage): SiteCoverageGapView[] {
  const byLayer = new Map<string, { status: CoverageStatus; ids: string[] }>();
  for (const member of members) {
    for (const gap of member.coverage_gaps) {
      const known = byLayer.get(gap.layer) ?? { status: gap.status, ids: [] };
      if (gap.status === 'missing') known.status = 'missing';
      known.ids.push(member.parcel.id);
      byLayer.set(gap.layer, known);
    }
  }
  return [...byLayer.entries()].map(([layer, { status, ids }]) => ({ layer, status, parcel_ids: ids, note: gapNote(layer, status, ids.length, members.length, language) }));
}

function gapNote(layer: string, status: CoverageStatus, affected: number, of: number, language: ReportLanguage): string {
  if (language === 'pl') {
    const what = status === 'missing' ? 'nie ma danych' : 'ma tylko częściowe dane';
    return `Warstwa „${layerName(layer, language)}” (${layer}) ${what} dla ${affected} z ${of} działek terenu: jej fakty są tam nieznane, a nie nieobecne.`;
  }
  const what = status === 'missing' ? 'has no data' : 'has only partial data';
  return `${layerName(layer, language)} (${layer}) ${what} for ${affected} of ${of} members of the site: facts from it are unknown there, not absent.`;
}
