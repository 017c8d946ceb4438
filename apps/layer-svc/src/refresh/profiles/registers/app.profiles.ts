import { PLAN_OGOLNY_ZONE_TYPES } from '@lp/contracts';
import type { SourceProfileInput } from '../source-profile.js';

/**
 * Spatial-planning data sets (zbiory APP, schema APP 2.0,
 * https://www.gov.pl/static/zagospodarowanieprzestrzenne/schemas/app/2.0/planowaniePrzestrzenne_2_0.xsd),
 * which every gmina publishes for its acts as GML 3.2 (GUGiK integrates them per gmina). Code lists
 * are xlink references (`app:status xlink:href=".../ProcessStepGeneralValue/legalForce"`); GDAL
 * reads them only with GML_ATTRIBUTES_TO_OGR_FIELDS=YES, as `<element>_href` / `<element>_title`.
 * The set's namespace (`PL.ZIPPZP.4177/306401-MPZP`) carries the gmina's TERYT without its type
 * digit, so the 7-digit gmina is taken from the geometry. Coordinates come in the gmina's zone of
 * PUWG 2000 (EPSG:2176-2179) or in EPSG:2180, northing first, as srsName says.
 */
const common = {
  register: 'APP, zbiory danych przestrzennych aktów planowania przestrzennego (gminas; integrated by GUGiK)',
  publishedAt: 'https://www.gov.pl/web/zagospodarowanieprzestrzenne/app',
  licence: 'Public spatial data set of the gmina (INSPIRE theme Land use); reuse on the terms the gmina or the integration service states',
  attribution: 'Gmina (data set owner), zbiór APP; integration: GUGiK',
  gdal: { config: { GML_ATTRIBUTES_TO_OGR_FIELDS: 'YES' }, openOptions: { WRITE_GFS: 'NO' } },
} as const;

const PROCESS_STEP = { elaboration: 'in_preparation', adoption: 'adopted', legalForce: 'in_force' };

export const APP_PROFILES: SourceProfileInput[] = [
  {
    ...common,
    id: 'app-plan-ogolny-zones',
    layer: 'plan_ogolny_zones',
    cadence: 'weekly',
    notes:
      'One GML of app:StrefaPlanistyczna per general plan (a file or URL per gmina). The zone kind and whether it allows building follow the ' +
      'zone symbol (SW, SJ, ... SK). Infill and inner-city areas are separate APP feature types, not read by this profile.',
    fetch: { kind: 'file' },
    gdal: { ...common.gdal, layers: ['StrefaPlanistyczna'] },
    map: {
      id: { template: '{przestrzenNazw}/{lokalnyId}' },
      kind: { codes: 'symbol', table: Object.fromEntries(PLAN_OGOLNY_ZONE_TYPES.map((zone) => [zone.symbol, zone.kind])) },
      name: { field: 'nazwa_title', optional: true },
      attributes: {
        zone_symbol: { field: 'symbol' },
        zone_label: { field: 'nazwa_title', optional: true },
        status: { codes: 'status_href', lastSegment: true, table: PROCESS_STEP },
        allows_building: { codes: 'symbol', table: Object.fromEntries(PLAN_OGOLNY_ZONE_TYPES.map((zone) => [zone.symbol, zone.allowsBuilding])) },
        plan_id: { field: 'przestrzenNazw' },
        max_height_m: { field: 'maksWysokoscZabudowy', optional: true },
        max_building_coverage_pct: { field: 'maksUdzialPowierzchniZabudowy', optional: true },
        min_biologically_active_pct: { field: 'minUdzialPowierzchniBiologicznieCzynnej', optional: true },
      },
    },
  },
  {
    ...common,
    id: 'app-local-plans',
    layer: 'mpzp_plans',
    cadence: 'monthly',
    notes:
      'Boundaries of local plans (app:AktPlanowaniaPrzestrzennego with typPlanu miejscowyPlanZagospodarowaniaPrzestrzennego). APP does not ' +
      'carry the adoption date on the act (it is on the linked DokumentFormalny); adopted_on is the date the plan is in force from ' +
      '(obowiazujeOd). A general plan (planOgolnyGminy) in the file is refused by kind. Zones of local plans have no open national ' +
      'source: APP holds the plan boundary and its documents, the zone drawing stays a raster in most gminas.',
    fetch: { kind: 'file' },
    gdal: { ...common.gdal, layers: ['AktPlanowaniaPrzestrzennego'] },
    map: {
      id: { template: '{przestrzenNazw}/{lokalnyId}' },
      kind: { codes: 'typPlanu_href', lastSegment: true, table: { miejscowyPlanZagospodarowaniaPrzestrzennego: 'local_plan' } },
      name: { field: 'tytul' },
      attributes: {
        plan_id: { field: 'przestrzenNazw' },
        plan_name: { firstOf: [{ field: 'tytulAlternatywny', optional: true }, { field: 'tytul' }] },
        adopted_on: { date: 'obowiazujeOd' },
        legal_status: { codes: 'status_href', lastSegment: true, table: PROCESS_STEP },
      },
    },
  },
];
