import { describe, expect, it } from '@jest/globals';
import type { ConstraintsView, MarketSummaryView, ProximityView, RegulationsView, TerrainView } from '@lp/contracts';
import { flatness, summarise, type SummaryFacts } from './report-summary.js';

const regulations = (over: Partial<RegulationsView> = {}): RegulationsView => ({ mpzp: null, plan_ogolny: null, studium: null, pre_emption: [], coverage: [], sources: [], ...over });
const constraints = (over: Partial<ConstraintsView> = {}): ConstraintsView => ({ blocking: false, buffer_m: 100, items: [], topics_checked: [], coverage: [], sources: [], ...over });
const terrain: TerrainView = { elevation_min_m: 61, elevation_max_m: 64, slope_mean_pct: 1.4, aspect: 'S', coverage: [], sources: [] };
const proximity: ProximityView = {
  items: [
    { kind: 'power_substation', layer: 'power_substations', id: 'sn-1', name: 'ST 1234', distance_m: 312, attributes: { voltage_kv: 15 } },
    { kind: 'hv_substation', layer: 'power_substations', id: 's1', name: 'GPZ Naramowice', distance_m: 2345, attributes: { voltage_kv: 110 } },
    { kind: 'transit_stop', layer: 'transport_stops', id: 't1', name: 'Os. Lecha', distance_m: 184, attributes: {} },
  ],
  not_found: [{ kind: 'water', searched_within_m: 50_000 }],
  coverage: [],
  sources: [],
};
const market: MarketSummaryView = { property_type: 'land', radius_m: 2000, since: '2024-11-21', comparables: 14, median_price_per_sqm_pln: 412, coverage: [{ layer: 'transactions', status: 'available' }] };

const facts = (over: Partial<SummaryFacts> = {}): SummaryFacts => ({
  parcelId: '306401_1.0007.AR_1.34/1',
  gmina: 'Poznań',
  areaSqm: 1234.4,
  regulations: regulations(),
  constraints: constraints(),
  terrain,
  proximity,
  market,
  scenarioFit: null,
  ...over,
});

const zone = {
  plan_id: 'p1', plan_name: 'Chartowo Południe', adopted_on: '2015-03-01', symbol: '12.MN/U', category: 'mixed_residential_services', label: null,
  max_height_m: 12, max_building_coverage_pct: 40, min_biologically_active_pct: null, document_url: null, overlap_pct: 100, other_zones: [],
};

describe('the report summary', () => {
  it('opens with the area in square metres and hectares', () => {
    expect(summarise(facts(), 'en')[0]).toBe('Parcel 306401_1.0007.AR_1.34/1 in the gmina of Poznań covers 1,234 m² (0.12 ha).');
    expect(summarise(facts(), 'pl')[0]).toBe('Działka 306401_1.0007.AR_1.34/1 w gminie Poznań ma powierzchnię 1234 m² (0,12 ha).');
  });

  it('says what the local plan zone allows, with its limits', () => {
    const text = summarise(facts({ regulations: regulations({ mpzp: zone }) }), 'en').join(' ');
    expect(text).toContain('Local plan "Chartowo Południe" (adopted 1 Mar 2015) puts it in zone 12.MN/U, which allows housing mixed with services; buildings up to 12 m, at most 40 % of the plot built over.');
  });

  it('tells "no local plan" (WZ needed) apart from zoning that is unknown for lack of data', () => {
    const none = summarise(facts(), 'en').join(' ');
    expect(none).toContain('No local plan applies: building needs a building-conditions decision (WZ).');
    const unknown = regulations({ coverage: [{ layer: 'mpzp_zones', status: 'missing', note: 'The parcel lies inside the local plan „Os. Rusa” adopted on 2001-01-01, but its zones are not in our data.' }] });
    delete unknown.mpzp;
    const text = summarise(facts({ regulations: unknown }), 'en').join(' ');
    expect(text).toContain('The parcel lies in local plan "Os. Rusa", but the plan\'s zones are not in our data yet: its zoning is unknown, not absent.');
    expect(text).not.toContain('No local plan applies');
    expect(summarise(facts({ regulations: unknown }), 'pl').join(' ')).toContain('przeznaczenie jest nieznane, a nie brak planu');
  });

  it('states a general plan in force as the zoning, and a draft only as information, never as the zoning', () => {
    const general = (status: string) => ({ status, zone_symbol: 'SU', zone_label: 'strefa usługowa', kind: 'services', allows_building: true, adopted_on: null, document_url: null });
    const inForce = summarise(facts({ regulations: regulations({ plan_ogolny: { ...general('in_force'), binding: true } }) }), 'pl');
    expect(inForce).toContain('Obowiązujący plan ogólny obejmuje ją strefą SU (strefa usługowa), która dopuszcza nową zabudowę.');
    const draft = summarise(facts({ regulations: regulations({ plan_ogolny: { ...general('in_preparation'), binding: false } }) }), 'pl');
    expect(draft).toContain(
      'Plan ogólny, który jeszcze nie obowiązuje (stan: w przygotowaniu), przewiduje strefę SU (strefa usługowa), która dopuszczałaby nową zabudowę; to tylko informacja, która nie przesądza o przeznaczeniu działki.',
    );
    expect(draft.join(' ')).not.toMatch(/Strefa planu ogólnego|, dopuszcza nową zabudowę/);
    const consultation = summarise(facts({ regulations: regulations({ plan_ogolny: { ...general('public_consultation'), binding: false } }) }), 'en').join(' ');
    expect(consultation).toContain('A general plan that is not in force (status: public consultation (draft)) proposes zone SU (strefa usługowa), which would allow new building');
    expect(consultation).toContain("it is information only and does not decide the parcel's zoning.");
    expect(summarise(facts({ regulations: regulations({ plan_ogolny: { ...general('adopted'), binding: false } }) }), 'en').join(' ')).toContain('status: adopted, not yet in force');
  });

  it('says when the local plan is partially repealed', () => {
    const en = summarise(facts({ regulations: regulations({ mpzp: { ...zone, legal_status: 'partially_repealed' } }) }), 'en').join(' ');
    expect(en).toContain('The plan has been partially repealed: check in its document whether the repeal covers this parcel.');
    const pl = summarise(facts({ regulations: regulations({ mpzp: { ...zone, legal_status: 'partially_repealed' } }) }), 'pl').join(' ');
    expect(pl).toContain('Plan został częściowo uchylony');
    expect(summarise(facts({ regulations: regulations({ mpzp: { ...zone, legal_status: 'in_force' } }) }), 'en').join(' ')).not.toContain('repealed');
  });

  it('names blocking and restrictive constraints with their share of the parcel, and the layers it could not check', () => {
    const block = constraints({
      blocking: true,
      items: [
        { topic: 'flood_risk', layer: 'env_layers', kind: 'flood_risk_1pct', id: 'f1', name: 'Flood risk 1 %', overlap_pct: 35.5, distance_m: 0, severity: 'blocking' },
        { topic: 'natura2000', layer: 'env_layers', kind: 'natura2000_birds', id: 'n1', name: 'Dolina Warty', overlap_pct: 100, distance_m: 0, severity: 'restrictive' },
        { topic: 'heritage', layer: 'heritage_sites', kind: 'registered_monument', id: 'h1', name: 'Fort VII', overlap_pct: 0, distance_m: 60, severity: 'informational' },
      ],
      coverage: [{ layer: 'mining_areas', status: 'missing' }],
    });
    const text = summarise(facts({ constraints: block }), 'en').join(' ');
    expect(text).toContain('Blocking constraint: Flood risk 1 % (35.5 % of the parcel).');
    expect(text).toContain('Restrictive constraint (development allowed under conditions): Dolina Warty (100 % of the parcel).');
    expect(text).not.toContain('Fort VII');
    expect(text).toContain('Not checked for lack of data here: Mining areas and terrains.');
  });

  it('says no constraint was found only as "found", with the buffer checked', () => {
    expect(summarise(facts(), 'en').join(' ')).toContain('No blocking or restrictive constraint was found on the parcel (areas within 100 m were checked).');
  });

  it('describes the terrain in words, or says it is not available', () => {
    expect(summarise(facts(), 'en').join(' ')).toContain('Terrain: elevation 61–64 m, mean slope 1.4 % (flat), facing south.');
    expect(summarise(facts(), 'pl').join(' ')).toContain('Teren: wysokość 61–64 m n.p.m., średnie nachylenie 1,4 % (teren płaski), wystawa południowa.');
    const unknown: TerrainView = { coverage: [{ layer: 'terrain_stats', status: 'missing' }], sources: [] };
    expect(summarise(facts({ terrain: unknown }), 'en').join(' ')).toContain('Terrain figures (elevation, slope) are not available for this area yet.');
  });

  it('gives the nearest infrastructure, "none within" where there is data, and unknown where there is none', () => {
    const text = summarise(facts(), 'en').join(' ');
    expect(text).toContain('Nearest: HV substation (110 kV) 2.3 km, MV transformer station (15 kV) 310 m, public transport stop 180 m and no river, canal, lake or reservoir within 50 km.');
    expect(text).toContain('Distance unknown for lack of data: school.');
  });

  it('states the price level, no comparables, or no data, never a zero price', () => {
    expect(summarise(facts(), 'en').join(' ')).toContain('Price level: a median of 412 PLN/m² from 14 land transactions within 2 km since 21 Nov 2024.');
    expect(summarise(facts(), 'pl').join(' ')).toContain('Poziom cen: mediana 412 zł/m² z 14 transakcji gruntami w promieniu 2 km od 21.11.2024.');
    const none = summarise(facts({ market: { ...market, comparables: 0, median_price_per_sqm_pln: null } }), 'en').join(' ');
    expect(none).toContain('No land transaction within 2 km since 21 Nov 2024');
    const missing: MarketSummaryView = { property_type: 'land', radius_m: 2000, since: '2024-11-21', coverage: [{ layer: 'transactions', status: 'missing' }] };
    const unknown = summarise(facts({ market: missing }), 'pl').join(' ');
    expect(unknown).toContain('Poziom cen nieznany');
    expect(unknown).not.toMatch(/\b0 zł/);
  });

  it('names the failed and unverifiable scenario criteria', () => {
    const fit = { scenario: 'solar_farm_site', passes: false, failed_criteria: ['Minimum area', 'Near a substation'], unverified_criteria: ['Minimum solar yield'] };
    const text = summarise(facts({ scenarioFit: fit }), 'en').join(' ');
    expect(text).toContain('It does not fit the solar_farm_site scenario: it fails Minimum area and Near a substation.');
    const titled = summarise(facts({ scenarioFit: fit, scenario: { id: 'solar_farm_site', title: 'Farma fotowoltaiczna', evaluated: true } }), 'pl').join(' ');
    expect(titled).toContain(
      'Działka nie pasuje do scenariusza „Farma fotowoltaiczna” (solar_farm_site): nie spełnia kryteriów: minimalna powierzchnia oraz bliskość stacji WN (co najmniej 110 kV).',
    );
    expect(titled).toContain('z braku danych nie sprawdzono: minimalny uzysk energii słonecznej.');
    for (const english of ['Minimum area', 'Near a substation', 'Minimum solar yield']) expect(titled).not.toContain(english);
    expect(text).toContain('Also not verifiable for lack of data: Minimum solar yield.');
    const passing = summarise(facts({ scenarioFit: { ...fit, passes: true, failed_criteria: [], unverified_criteria: [] } }), 'en').join(' ');
    expect(passing).toContain('It passes every hard criterion of the solar_farm_site scenario.');
  });

  it('reads slopes as flat, gentle, moderate or steep', () => {
    expect([0, 2, 4.9, 12, 30].map(flatness)).toEqual(['flat', 'flat', 'gentle', 'moderate', 'steep']);
  });

  it('says when the scenario could not be evaluated instead of failing the report', () => {
    const text = summarise(facts({ scenario: { id: 'bess_storage', title: null, evaluated: false } }), 'pl').join(' ');
    expect(text).toContain('Dopasowania do scenariusza bess_storage nie udało się teraz ocenić');
  });

  it('says first, in the reader\'s language, that the report rests on demo data', () => {
    expect(summarise(facts({ dataNotice: 'Dane demonstracyjne: …' }), 'pl')[0]).toBe('Dane demonstracyjne: …');
  });

  it('writes a plan title that names the instrument as it is, not inside another "local plan"', () => {
    const titled = { ...zone, plan_name: 'Miejscowy plan zagospodarowania przestrzennego „Junikowo” w Poznaniu' };
    const pl = summarise(facts({ regulations: regulations({ mpzp: titled }) }), 'pl').join(' ');
    expect(pl).toContain('Miejscowy plan zagospodarowania przestrzennego „Junikowo” w Poznaniu (uchwalony 01.03.2015) obejmuje ją strefą 12.MN/U');
    expect(pl).not.toMatch(/Miejscowy plan „Miejscowy plan/);
    const en = summarise(facts({ regulations: regulations({ mpzp: titled }) }), 'en').join(' ');
    expect(en).toContain('The local plan (Miejscowy plan zagospodarowania przestrzennego „Junikowo” w Poznaniu, adopted 1 Mar 2015) puts it in zone 12.MN/U');
    const unknown = regulations({ coverage: [{ layer: 'mpzp_zones', status: 'missing', note: `The parcel lies inside the local plan „${titled.plan_name}” adopted on 2001-01-01, but its zones are not in our data.` }] });
    delete unknown.mpzp;
    expect(summarise(facts({ regulations: unknown }), 'pl').join(' ')).toContain(`Działka leży w granicach planu miejscowego (${titled.plan_name}), ale`);
  });

  it('reads a wind-turbine setback as a restriction only for a wind farm', () => {
    const setback = constraints({
      items: [{ topic: 'wind_setback', layer: 'wind_exclusion', kind: 'residential_setback', id: 'w1', name: 'residential setback', overlap_pct: 80, distance_m: 0, severity: 'informational' }],
    });
    const solar = summarise(facts({ constraints: setback, scenario: { id: 'solar_farm_site', title: null, evaluated: true } }), 'pl').join(' ');
    expect(solar).toContain('Na działce nie stwierdzono ograniczeń wykluczających ani warunkowych');
    expect(solar).not.toContain('elektrowni wiatrowej');
    const wind = summarise(facts({ constraints: setback, scenario: { id: 'wind_farm_site', title: null, evaluated: true } }), 'pl').join(' ');
    expect(wind).toContain('Dla farmy wiatrowej: działka leży w ustawowej strefie odległości, w której nie można postawić elektrowni wiatrowej: odległość elektrowni wiatrowej od zabudowy mieszkaniowej (700 m) (80 % działki).');
  });
});
