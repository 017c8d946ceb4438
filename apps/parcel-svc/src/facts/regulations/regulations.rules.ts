import { isPlanOgolnyBinding, type MpzpZoneView, type PlanOgolnyZoneView, type RegulationsView, type StudiumView, type ZoningEvidenceSource } from '@lp/contracts';
import type { GminaCoverage, LayerSources } from '../layer-coverage.js';
import { sourcesOf } from '../layer-coverage.js';
import { preEmptionRights, splitLandUseClasses } from './pre-emption.rules.js';

interface RawPlan { id: string; plan_id: string; plan_name: string; adopted_on: string | null; legal_status?: string | null; document_url: string | null; overlap_pct: number }
type RawZone = Omit<MpzpZoneView, 'other_zones'> & { id: string };
type RawPlanOgolny = PlanOgolnyZoneView & { id: string; overlap_pct: number };
type RawStudium = StudiumView & { id: string; overlap_pct: number };

/** One row of regulationsSql: every planning polygon covering ≥ 1 % of the parcel, largest first. */
export interface RawRegulations {
  plans: RawPlan[];
  zones: RawZone[];
  plan_ogolny: RawPlanOgolny[];
  studium: RawStudium[];
  land_use_classes: string | null;
  area_sqm: number;
  national_park: boolean;
  forest_pct: number | null;
}

export const REGULATIONS_COVERAGE_LAYERS = ['mpzp_plans', 'mpzp_zones', 'plan_ogolny_zones', 'studium_zones', 'env_layers', 'forest_stands'] as const;

/**
 * The regulations block. The no-data rule decides each field: `mpzp: null` only when the plan
 * boundaries are known and none covers the parcel; a parcel inside a plan whose zones we do not
 * hold gets no `mpzp` field and a coverage note naming the plan.
 */
export function composeRegulations(raw: RawRegulations, coverage: GminaCoverage, sources: LayerSources): RegulationsView {
  const notes = new Map<string, string>();
  const view: RegulationsView = { pre_emption: [], coverage: [], sources: [] };

  const mpzp = localPlanZone(raw, coverage, notes);
  if (mpzp !== undefined) view.mpzp = mpzp;
  const general = generalPlanZone(raw);
  if (coverage.has('plan_ogolny_zones')) {
    view.plan_ogolny = general ? { ...withoutOverlap(general), binding: isPlanOgolnyBinding(general.status) } : null;
    if (general && !isPlanOgolnyBinding(general.status)) {
      notes.set(
        'plan_ogolny_zones',
        `The general plan (plan ogólny) here is at status ${general.status}, not in force: it is information only and does not decide the parcel's zoning.`,
      );
    }
  } else notes.set('plan_ogolny_zones', 'The general plan (plan ogólny) of this gmina is not in our data yet; plan_ogolny is left out, not reported as absent.');
  view.zoning_source = zoningSource(mpzp, view.plan_ogolny);
  if (coverage.has('studium_zones')) view.studium = raw.studium[0] ? { designation: raw.studium[0].designation, category: raw.studium[0].category, adopted_on: raw.studium[0].adopted_on } : null;
  else notes.set('studium_zones', 'The study (studium) of this gmina is not in our data; studium is left out.');

  view.pre_emption = preEmptionRights({
    landUseClasses: splitLandUseClasses(raw.land_use_classes),
    areaSqm: raw.area_sqm,
    mpzpCategory: mpzp ? mpzp.category : null,
    inLocalPlan: mpzp === undefined ? null : mpzp !== null,
    inNationalPark: raw.national_park,
    forestPct: raw.forest_pct ?? 0,
  });
  if (mpzp === undefined && !notes.has('mpzp_zones')) {
    notes.set('mpzp_zones', 'Local plan zones are not in our data here, so a gmina pre-emption right for land designated for public purposes cannot be ruled out.');
  }
  // The same for the rights read from the park boundaries and the forest stands: no data is not
  // "no". The note keeps the general caveat too, as a report shows one note per layer.
  const lacks = (layer: string) => (coverage.status(layer) === 'missing' ? 'no' : 'only partial');
  if (!coverage.has('env_layers') && !raw.national_park) {
    notes.set('env_layers', `env_layers has ${lacks('env_layers')} data in this gmina: facts from it are left out, not reported as absent, and a national park's pre-emption right (art. 10 ust. 3 ustawy o ochronie przyrody) cannot be ruled out.`);
  }
  if (!coverage.has('forest_stands') && !view.pre_emption.some((right) => right.basis.includes('o lasach'))) {
    notes.set('forest_stands', `forest_stands has ${lacks('forest_stands')} data in this gmina: facts from it are left out, not reported as absent, and the State Forests' pre-emption right for forest land (art. 37a ustawy o lasach) cannot be ruled out.`);
  }
  view.coverage = coverage.entries(REGULATIONS_COVERAGE_LAYERS, notes);
  view.sources = sourcesOf(['parcels', ...REGULATIONS_COVERAGE_LAYERS], sources);
  return view;
}

/** The zone, null (no plan applies), or undefined (unknown: left out, with a note). */
function localPlanZone(raw: RawRegulations, coverage: GminaCoverage, notes: Map<string, string>): MpzpZoneView | null | undefined {
  const [zone, ...others] = raw.zones;
  if (zone && coverage.status('mpzp_zones') !== 'missing') {
    const { id: _id, ...fields } = zone;
    const legalStatus = raw.plans.find((plan) => plan.plan_id === zone.plan_id)?.legal_status;
    return {
      ...fields,
      ...(legalStatus ? { legal_status: legalStatus } : {}),
      other_zones: others.map((z) => ({ symbol: z.symbol, category: z.category, overlap_pct: z.overlap_pct })),
    };
  }
  if (!coverage.has('mpzp_plans')) {
    notes.set('mpzp_plans', 'Local plan boundaries are not in our data for this gmina, so whether a local plan applies is unknown; mpzp is left out.');
    return undefined;
  }
  const plan = raw.plans[0];
  if (!plan) return null;
  const repealed = plan.legal_status === 'partially_repealed' ? ' (partially repealed: its document says which part)' : '';
  const what = `The parcel lies inside the local plan „${plan.plan_name}”${plan.adopted_on ? ` adopted on ${plan.adopted_on}` : ''}${repealed}`;
  const read = plan.document_url ? `; read its zoning in ${plan.document_url}` : '';
  notes.set(
    'mpzp_zones',
    coverage.status('mpzp_zones') === 'missing'
      ? `${what}, but the plan's zones are not in our data for this gmina, so mpzp is left out${read}.`
      : `${what}, but no zone of it covers the parcel in our data, so mpzp is left out${read}.`,
  );
  return undefined;
}

/** Infill and inner-city areas overlay the zones: the zone beneath is what the plan designates. */
const PLAN_OGOLNY_OVERLAYS = new Set(['infill_area', 'inner_city_area']);

/** The general-plan zone covering the largest share of the parcel (overlays only where no zone is known). */
function generalPlanZone(raw: RawRegulations): RawPlanOgolny | undefined {
  return raw.plan_ogolny.find((zone) => !PLAN_OGOLNY_OVERLAYS.has(zone.kind)) ?? raw.plan_ogolny[0];
}

/**
 * The instrument deciding the zoning, by the rule search uses (design SEARCH.md "Zoning evidence"):
 * the local plan's zone; unknown inside a plan whose zones we lack; a general plan in force only
 * where no local plan applies (unknown where its data is missing); none otherwise.
 */
function zoningSource(mpzp: MpzpZoneView | null | undefined, general: PlanOgolnyZoneView | null | undefined): ZoningEvidenceSource {
  if (mpzp) return 'mpzp';
  if (mpzp === undefined) return 'unknown';
  if (general === undefined) return 'unknown';
  return general && general.binding && !PLAN_OGOLNY_OVERLAYS.has(general.kind) ? 'plan_ogolny' : 'none';
}

function withoutOverlap(zone: RawPlanOgolny): PlanOgolnyZoneView {
  const { id: _id, overlap_pct: _overlap, ...fields } = zone;
  return fields;
}
