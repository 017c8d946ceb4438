import type { RegulationsView, ZoningEvidenceSource } from '@lp/contracts';

/** The instrument deciding the zoning, as search counts it (design SEARCH.md "Zoning evidence"). */
const ZONING_SOURCE_WORDS: Readonly<Record<ZoningEvidenceSource, string>> = {
  mpzp: 'Zoning source: the local plan.',
  plan_ogolny: 'Zoning source: the general plan in force (no local plan applies).',
  unknown: 'Zoning source: unknown; search does not count this parcel as proven for any zoning.',
  none: 'Zoning source: none; no local plan and no general plan in force decides the zoning.',
};

/**
 * The planning status of a parcel in one sentence, keeping the three cases apart that a buyer must
 * not confuse: a local plan zone, no local plan (a WZ decision would be needed), and unknown (the
 * plan data is not in our data for the gmina).
 */
export function zoningSummary(regulations: RegulationsView): string {
  const parts: string[] = [];
  const { mpzp, plan_ogolny: general, studium } = regulations;
  if (mpzp) {
    const label = mpzp.label ? `, ${mpzp.label}` : '';
    const limits = [
      mpzp.max_height_m !== null ? `max height ${mpzp.max_height_m} m` : null,
      mpzp.max_building_coverage_pct !== null ? `max building coverage ${mpzp.max_building_coverage_pct} %` : null,
      mpzp.min_biologically_active_pct !== null ? `min biologically active ${mpzp.min_biologically_active_pct} %` : null,
    ].filter((limit): limit is string => limit !== null);
    const others = mpzp.other_zones.length > 0 ? ` Also partly in ${mpzp.other_zones.map((zone) => `${zone.symbol} (${zone.overlap_pct} %)`).join(', ')}.` : '';
    const repealed = mpzp.legal_status === 'partially_repealed' ? ' The plan is partially repealed: its document says whether the repeal covers this parcel.' : '';
    parts.push(`Local plan "${mpzp.plan_name}": zone ${mpzp.symbol} (${mpzp.category}${label}) over ${mpzp.overlap_pct} % of the parcel${limits.length > 0 ? `; ${limits.join(', ')}` : ''}.${others}${repealed}`);
  } else if (mpzp === null) {
    parts.push('No local plan (MPZP) applies: building would need a WZ decision (building conditions).');
  } else {
    const note = regulations.coverage.find((entry) => (entry.layer === 'mpzp_zones' || entry.layer === 'mpzp_plans') && entry.status !== 'available')?.note;
    parts.push(`Local plan status unknown: ${note ?? 'the local plan data of this gmina is not in our data.'}`);
  }
  if (general) {
    const force = general.binding === undefined ? '' : general.binding ? ' (in force, binding)' : ' (not in force: information only, it does not decide the zoning)';
    parts.push(`General plan zone ${general.zone_symbol}${general.zone_label ? ` (${general.zone_label})` : ''}, status ${general.status}${force}${general.allows_building === null ? '' : general.allows_building ? ', allows building' : ', does not allow new building'}.`);
  }
  else if (general === null) parts.push('No general plan (plan ogólny) zone yet.');
  if (studium) parts.push(`Study (studium) designation: ${studium.designation} (information only, it does not decide the zoning).`);
  const source = regulations.zoning_source ? ZONING_SOURCE_WORDS[regulations.zoning_source] : undefined;
  if (source) parts.push(source);
  return parts.join(' ');
}
