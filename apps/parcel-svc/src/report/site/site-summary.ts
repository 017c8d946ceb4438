import type { ParcelReportView, ReportLanguage, SiteConstraintView, SiteCoverageGapView } from '@lp/contracts';
import { categoryName, constraintAreaName } from '../report-terms.js';
import { formatHectares, formatNumber } from '../report-vocabulary.js';

export interface SiteFacts {
  members: readonly ParcelReportView[];
  totalSqm: number;
  compactness: number;
  constraints: readonly SiteConstraintView[];
  gaps: readonly SiteCoverageGapView[];
  dataNotice: string | null;
}

/** "2 działki" / "5 działek" (not 12–14): the Polish plural a count of parcels takes. */
function parcelsPl(n: number): string {
  if (n === 1) return 'działkę';
  const tens = n % 100;
  return n % 10 >= 2 && n % 10 <= 4 && (tens < 12 || tens > 14) ? 'działki' : 'działek';
}

/** Members per zoning answer: a category from the local plan, no plan, or unknown (no data). */
function zoningCounts(members: readonly ParcelReportView[], language: ReportLanguage): { zoned: string[]; noPlan: number; unknown: number } {
  const categories = new Map<string, number>();
  let noPlan = 0;
  let unknown = 0;
  for (const member of members) {
    const mpzp = member.regulations.mpzp;
    if (mpzp === undefined) unknown++;
    else if (mpzp === null) noPlan++;
    else categories.set(mpzp.category, (categories.get(mpzp.category) ?? 0) + 1);
  }
  return { zoned: [...categories.entries()].map(([category, n]) => `${categoryName(category, language)} × ${n}`), noPlan, unknown };
}

/** The area-weighted mean slope of the members with one, and how many have none. */
function meanSlope(members: readonly ParcelReportView[]): { pct: number | null; unknown: number } {
  const known = members.filter((m) => m.terrain.slope_mean_pct !== undefined);
  const area = known.reduce((sum, m) => sum + m.parcel.properties.area_sqm, 0);
  const pct = known.length === 0 || area === 0 ? null : known.reduce((sum, m) => sum + m.terrain.slope_mean_pct! * m.parcel.properties.area_sqm, 0) / area;
  return { pct, unknown: members.length - known.length };
}

/**
 * The site in a few sentences: its members and area, what constrains the union, the members'
 * zoning and mean slope, and what could not be checked (never said as "none").
 */
export function summariseSite(facts: SiteFacts, language: ReportLanguage): string[] {
  const pl = language === 'pl';
  const n = facts.members.length;
  const largest = Math.max(...facts.members.map((m) => m.parcel.properties.area_sqm));
  const gminas = [...new Set(facts.members.map((m) => m.parcel.properties.gmina))].join(', ');
  const out: string[] = [];
  if (facts.dataNotice) out.push(facts.dataNotice);
  out.push(
    pl
      ? `Teren z ${n} sąsiednich działek (gmina ${gminas}), łącznie ${formatHectares(facts.totalSqm, language)}, największa ${formatHectares(largest, language)}; zwartość ${formatNumber(facts.compactness, language, 2)}.`
      : `A site of ${n} neighbouring parcels (gmina ${gminas}), ${formatHectares(facts.totalSqm, language)} together, the largest ${formatHectares(largest, language)}; compactness ${formatNumber(facts.compactness, language, 2)}.`,
  );
  const blocking = facts.constraints.filter((c) => c.severity === 'blocking');
  const restrictive = facts.constraints.filter((c) => c.severity === 'restrictive');
  const constraintGap = facts.gaps.some((g) => ['env_layers', 'flood_zones', 'heritage'].includes(g.layer));
  if (blocking.length > 0) {
    const named = blocking.map((c) => `${constraintAreaName(c, language)} (${formatNumber(c.overlap_pct, language, 1)} %)`).join(', ');
    out.push(pl ? `Ograniczenia wykluczające obejmują teren: ${named}.` : `Blocking constraints overlap the site: ${named}.`);
  } else {
    out.push(
      pl
        ? `Żadne ograniczenie wykluczające nie obejmuje terenu${constraintGap ? ' tam, gdzie są dane' : ''}.`
        : `No blocking constraint overlaps the site${constraintGap ? ' where data exists' : ''}.`,
    );
  }
  if (restrictive.length > 0) {
    const named = restrictive.map((c) => `${constraintAreaName(c, language)} (${formatNumber(c.overlap_pct, language, 1)} %)`).join(', ');
    out.push(pl ? `Ograniczenia utrudniające: ${named}.` : `Restrictive constraints: ${named}.`);
  }
  const zoning = zoningCounts(facts.members, language);
  const zoningParts = [
    ...zoning.zoned,
    ...(zoning.noPlan > 0 ? [pl ? `bez planu miejscowego × ${zoning.noPlan}` : `no local plan × ${zoning.noPlan}`] : []),
    ...(zoning.unknown > 0 ? [pl ? `nieznane (brak danych) × ${zoning.unknown}` : `unknown (no data) × ${zoning.unknown}`] : []),
  ];
  out.push(pl ? `Przeznaczenie działek w planie miejscowym: ${zoningParts.join(', ')}.` : `Zoning of the members in the local plan: ${zoningParts.join(', ')}.`);
  const slope = meanSlope(facts.members);
  if (slope.pct !== null) {
    const pct = formatNumber(slope.pct, language, 1);
    const missing = slope.unknown > 0 ? (pl ? ` (pominięto ${slope.unknown} ${parcelsPl(slope.unknown)} bez danych)` : ` (${slope.unknown} members without data left out)`) : '';
    out.push(pl ? `Średnie nachylenie ważone powierzchnią ${pct} %${missing}.` : `Mean slope by area ${pct} %${missing}.`);
  } else {
    out.push(pl ? 'Nachylenie nieznane: brak danych o terenie dla działek.' : 'Slope unknown: no terrain data for the members.');
  }
  if (facts.gaps.length > 0) {
    const affected = new Set(facts.gaps.flatMap((g) => g.parcel_ids)).size;
    out.push(
      pl
        ? `Nie wszystko dało się sprawdzić: warstwy bez pełnych danych (${facts.gaps.length}) dotyczą ${affected} z ${n} działek terenu (lista w raporcie).`
        : `Not everything could be checked: ${facts.gaps.length} layers without full data for ${affected} of ${n} members (listed in the report).`,
    );
  }
  return out;
}
