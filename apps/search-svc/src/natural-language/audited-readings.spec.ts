import { describe, expect, it } from '@jest/globals';
import { AppError, assertSearchRequest, SearchParcelsRequest } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import { smallGazetteer } from '../../test/small-gazetteer.js';
import { NamedAreas } from './anchors/named-areas.js';
import { NamedFeatures } from './anchors/named-features.js';
import { interpret, type Interpretation } from './interpreter.js';

const gazetteer = smallGazetteer();
/** Named waters and forests as the demo layers hold them (waterways by name and kind; env_layers forest complexes). */
const features = new NamedFeatures(
  [],
  'test',
  new NamedAreas(
    [
      { name: 'Warta', kind: 'river', features: 3 },
      { name: 'Cybina', kind: 'river', features: 1 },
      { name: 'Jezioro Kierskie', kind: 'lake', features: 1 },
      { name: 'Jezioro Maltańskie', kind: 'reservoir', features: 1 },
      { name: 'Kanał Elbląski', kind: 'canal', features: 1 },
    ],
    [
      { id: 'lkp-lkp-puszcza-notecka', name: 'LKP Puszcza Notecka', kind: 'forest_promotional_complex' },
      { id: 'lp-puszcza-zielonka', name: 'Park Krajobrazowy Puszcza Zielonka', kind: 'landscape_park' },
      { id: 'lp-rogalinski', name: 'Rogaliński Park Krajobrazowy', kind: 'landscape_park' },
    ],
  ),
);
const read = (query: string, region?: string): Interpretation => {
  const result = interpret(query, region ? { region } : {}, gazetteer, features);
  // every reading compiles to a request the structured search accepts
  expect(() => validateMessage(SearchParcelsRequest, structuredClone(result.request))).not.toThrow();
  expect(() => assertSearchRequest(result.request)).not.toThrow();
  return result;
};
const failure = (query: string): AppError => {
  try {
    interpret(query, {}, gazetteer, features);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`${query} was interpreted without an error`);
};
const WARTA = { layer: 'waterways', kinds: ['river'], where: { name_eq: 'Warta' } };

describe('readings an audit found wrong', () => {
  describe('a named water or forest is an anchor', () => {
    it('reads "do 500 m od Warty" as the river Warta, in both languages, before any place', () => {
      for (const query of ['dzialka do 500 m od Warty w Poznaniu, minimum 2000 m2', 'działka do 500 m od rzeki Warty w Poznaniu, min. 2000 m2', 'plot within 500 m of the Warta river in Poznań, at least 2000 m2', 'plot within 500 m of the river Warta in Poznań, at least 2000 m2', 'plot within 500 m of Warta river in Poznań, min 2000 m2']) {
        const result = read(query);
        expect([query, result.region?.teryt]).toEqual([query, '3064011']);
        expect([query, result.request.filters?.near]).toEqual([query, [{ ...WARTA, within_m: 500 }]]);
        expect([query, result.request.filters?.area_sqm]).toEqual([query, { min: 2000 }]);
        expect([query, result.not_understood, result.complete]).toEqual([query, [], true]);
      }
    });

    it('reads "nad Wartą" as near the river (its default reach said), and a minimum distance as far', () => {
      const by = read('działka nad Wartą w Poznaniu');
      expect(by.request.filters?.near).toEqual([{ ...WARTA, within_m: 1000 }]);
      expect(by.assumptions.join(' ')).toContain('przyjęto najwyżej 1 km');
      const far = read('plot in Poznań at least 2 km from the Warta river');
      expect(far.request.filters?.far).toEqual([{ ...WARTA, beyond_m: 2000 }]);
      expect(far.request.filters?.near ?? []).toEqual([]);
    });

    it('reads lakes and canals by their names with or without the word that says what they are', () => {
      for (const query of ['działka do 1 km od Jeziora Kierskiego w Poznaniu', 'plot within 1 km of Lake Kierskie in Poznań', 'plot within 1 km of Kierskie lake in Poznań']) {
        expect([query, read(query).request.filters?.near]).toEqual([query, [{ layer: 'waterways', within_m: 1000, kinds: ['lake'], where: { name_eq: 'Jezioro Kierskie' } }]]);
      }
      expect(read('działka do 2 km od Kanału Elbląskiego').request.filters?.near).toEqual([{ layer: 'waterways', within_m: 2000, kinds: ['canal'], where: { name_eq: 'Kanał Elbląski' } }]);
      expect(read('plot in Poznań within 500 m of the lake Jezioro Maltańskie').request.filters?.near).toEqual([
        { layer: 'waterways', within_m: 500, kinds: ['reservoir'], where: { name_eq: 'Jezioro Maltańskie' } },
      ]);
    });

    it('reads a forest by its name as the named forest complex, by id', () => {
      for (const query of ['działka do 5 km od Puszczy Noteckiej', 'plot within 5 km of the Puszcza Notecka']) {
        const result = read(query);
        expect([query, result.request.filters?.near]).toEqual([query, [{ layer: 'env_layers', within_m: 5000, ids: ['lkp-lkp-puszcza-notecka'] }]]);
        expect([query, result.filters.join(' ')]).toEqual([query, expect.stringContaining('LKP Puszcza Notecka')]);
      }
      expect(read('działka w Poznaniu do 12 km od Puszczy Zielonki').request.filters?.near).toEqual([{ layer: 'env_layers', within_m: 12_000, ids: ['lp-puszcza-zielonka'] }]);
    });

    it('refuses a river named after a head word that the data has no water of, and says the filter in words', () => {
      const error = failure('działka do 1 km od rzeki Wisły w Poznaniu');
      expect(error.code).toBe('unresolvable_query');
      expect(error.message).toContain('„rzeki Wisły”');
      expect(read('działka do 500 m od Warty w Poznaniu').filters).toContain('najwyżej 500 m od rzeki „Warta”');
      expect(read('plot within 500 m of the Warta river in Poznań').filters).toContain("within 500 m of the river 'Warta'");
    });

    it('keeps a place where a name is no water: "do 20 km od Poznania" stays a boundary anchor', () => {
      expect(read('działka do 20 km od Poznania').request.filters?.near).toEqual([{ layer: 'admin_bounds', within_m: 20_000, ids: ['3064011'] }]);
    });
  });

  describe('line voltages', () => {
    it('reads a number of kV as lines of that voltage, near and far', () => {
      for (const query of ['działka do 500 m od linii 400 kV w Poznaniu', 'plot within 500 m of a 400 kV line in Poznań']) {
        expect([query, read(query).request.filters?.near]).toEqual([query, [{ layer: 'power_lines', within_m: 500, where: { voltage_kv_eq: 400 } }]]);
      }
      for (const query of ['działka nie bliżej niż 300 m od linii 400 kV w Poznaniu, co najmniej 1 ha', 'plot in Poznań no closer than 300 m to a 400 kV line, at least 1 ha']) {
        const result = read(query);
        expect([query, result.request.filters?.far]).toEqual([query, [{ layer: 'power_lines', beyond_m: 300, where: { voltage_kv_eq: 400 } }]]);
        expect([query, result.request.filters?.area_sqm]).toEqual([query, { min: 10_000 }]);
      }
      expect(read('działka do 500 m od linii 400 kV w Poznaniu').filters).toContain('najwyżej 500 m od linii 400 kV');
    });

    it('reads high voltage as 110 kV and above, extra-high as 220 kV and above, medium as the MV network', () => {
      const high = { kinds: ['ehv_line', 'hv_line'] };
      for (const query of ['działka nie bliżej niż 500 m od linii wysokiego napięcia w Poznaniu', 'działka co najmniej 500 m od linii WN w Poznaniu', 'plot no closer than 500 m to high-voltage lines in Poznań', 'plot in Poznań more than 500 m from an HV line']) {
        expect([query, read(query).request.filters?.far]).toEqual([query, [{ layer: 'power_lines', beyond_m: 500, ...high }]]);
      }
      expect(read('działka do 1 km od linii najwyższych napięć w Poznaniu').request.filters?.near).toEqual([{ layer: 'power_lines', within_m: 1000, kinds: ['ehv_line'] }]);
      expect(read('plot within 1 km of a medium voltage line in Poznań').request.filters?.near).toEqual([{ layer: 'power_lines', within_m: 1000, kinds: ['mv_line', 'mv_cable'] }]);
    });
  });

  describe('words that carry a criterion', () => {
    it('reads numbers written in words, thousands included', () => {
      const cases: Array<[string, number]> = [
        ['działka co najmniej tysiąc metrów kwadratowych w Poznaniu', 1000],
        ['działka w Poznaniu, minimum dwa tysiące pięćset metrów kwadratowych', 2500],
        ['działka co najmniej 5 tys. m2 w Poznaniu', 5000],
        ['plot of at least a thousand square metres in Poznań', 1000],
        ['plot in Poznań of at least five hundred square metres', 500],
        ['plot in Poznań of at least two thousand square metres', 2000],
      ];
      for (const [query, sqm] of cases) {
        const result = read(query);
        expect([query, result.request.filters?.area_sqm, result.not_understood]).toEqual([query, { min: sqm }, []]);
      }
      expect(read('działka do trzech kilometrów od przystanku w Poznaniu').request.filters?.near).toEqual([{ layer: 'transport_stops', within_m: 3000 }]);
    });

    it('reads homes measured from as residential buildings, in a plain and a wind search', () => {
      const homes = { layer: 'buildings', kinds: ['single_family', 'multi_family'] };
      for (const query of ['farma wiatrowa w Poznaniu co najmniej 1 km od budynków mieszkalnych', 'wind farm in Poznań at least 1 km from residential buildings', 'wind farm in Poznań at least 1 km from houses']) {
        const result = read(query);
        expect([query, result.scenario]).toEqual([query, 'wind_farm_site']);
        expect([query, result.request.filters?.far]).toEqual([query, [{ ...homes, beyond_m: 1000 }]]);
        expect([query, result.complete]).toEqual([query, true]);
      }
      expect(read('działka w Poznaniu do 300 m od domów').request.filters?.near).toEqual([{ ...homes, within_m: 300 }]);
    });

    it('reads a PV yield in kWh/kWp, replacing the scenario\'s minimum', () => {
      for (const query of ['farma fotowoltaiczna w Poznaniu, co najmniej 1100 kWh/kWp', 'solar farm in Poznań, at least 1100 kWh/kWp', 'solar farm in Poznań with at least 1100 kWh/kWp per year']) {
        const result = read(query);
        const solar = result.request.filters?.near?.filter((near) => near.layer === 'solar_irradiance');
        expect([query, solar, result.not_understood]).toEqual([query, [{ layer: 'solar_irradiance', within_m: 0, where: { yield_kwh_kwp_gte: 1100 } }], []]);
      }
      expect(read('działka w Poznaniu z uzyskiem co najmniej 1050 kWh/kWp').request.filters?.near).toEqual([{ layer: 'solar_irradiance', within_m: 0, where: { yield_kwh_kwp_gte: 1050 } }]);
    });

    it('corrects a four-letter word missing one letter ("solr farm")', () => {
      const typo = read('solr farm in Poznań');
      expect(typo.scenario).toBe('solar_farm_site');
      expect(typo.request).toEqual(read('solar farm in Poznań').request);
      expect(typo.assumptions).toContain("'solr' read as 'solar'.");
    });

    it('asks about a place it cannot find instead of searching all of Poland', () => {
      for (const [query, said] of [
        ['farma fotowoltaiczna w Kornikiku, co najmniej 2 ha', '„w Kornikiku”'],
        ['solar farm in Kornikiku, at least 2 ha', "'in Kornikiku'"],
      ] as const) {
        const error = failure(query);
        expect([query, error.code]).toEqual([query, 'unresolvable_query']);
        expect(error.message).toContain(said);
        expect(error.candidates).toContain('Kórnik — gmina miejsko-wiejska, powiat poznański, wielkopolskie (3021093)');
      }
    });

    it('marks the interpretation incomplete, first thing, when something asked is left out', () => {
      for (const [query, first] of [
        ['działka w Poznaniu z widokiem na jezioro, co najmniej 1000 m2', 'Zapytanie zrozumiane tylko częściowo'],
        ['plot in Poznań with a blorf, at least 1000 m2', 'The query was understood only in part'],
        ['działka w Poznaniu 3 km', 'Zapytanie zrozumiane tylko częściowo'],
      ] as const) {
        const result = read(query);
        expect([query, result.complete, result.assumptions[0]]).toEqual([query, false, expect.stringContaining(first)]);
      }
      expect(read('działka w Poznaniu, co najmniej 1000 m2').complete).toBe(true);
    });
  });

  describe('smaller readings', () => {
    it('reads "na terenie parku krajobrazowego" / "inside a landscape park" as on the park, never as a place', () => {
      for (const query of ['działka na terenie parku krajobrazowego w Poznaniu', 'działka w obrębie parku krajobrazowego w Poznaniu', 'plot inside a landscape park in Poznań', 'plot within the boundaries of a landscape park in Poznań']) {
        const result = read(query);
        expect([query, result.region?.teryt]).toEqual([query, '3064011']);
        expect([query, result.request.filters?.near]).toEqual([query, [{ layer: 'env_layers', within_m: 0, kinds: ['landscape_park'] }]]);
        expect([query, result.request.filters?.exclude ?? []]).toEqual([query, []]);
      }
      expect(read('działka na terenie gminy Kórnik').region?.teryt).toBe('3021093');
      for (const query of ['działka nie na terenie parku krajobrazowego w Poznaniu', 'plot not inside a landscape park in Poznań']) {
        const result = read(query);
        expect([query, result.request.filters?.exclude]).toEqual([query, [{ layer: 'env_layers', kinds: ['landscape_park'], buffer_m: 0 }]]);
        expect([query, result.request.filters?.near ?? []]).toEqual([query, []]);
      }
    });

    it('states the distance it applies to a road number: "do trzech kilometrów od autostrady A2"', () => {
      for (const [query, m] of [
        ['działka do trzech kilometrów od autostrady A2 w Poznaniu', 3000],
        ['plot within three kilometres of the A2 motorway in Poznań', 3000],
        ['plot within 3 km of motorway A2 in Poznań', 3000],
      ] as const) {
        const result = read(query);
        expect([query, result.request.filters?.near]).toEqual([query, [{ layer: 'roads', within_m: m, where: { road_number_eq: 'A2' } }]]);
        expect([query, result.assumptions.join(' ')]).toEqual([query, expect.not.stringMatching(/5 km/)]);
        expect([query, result.filters.join(' ')]).toEqual([query, expect.stringContaining('3 km')]);
      }
      // with no distance given, the default is used and said
      expect(read('działka przy autostradzie A2 w Poznaniu').assumptions.join(' ')).toContain('5 km');
    });

    it('keeps the housing scenario\'s pre-emption criterion and says it: "osiedle mieszkaniowe w Poznaniu"', () => {
      for (const [query, said] of [
        ['osiedle mieszkaniowe w Poznaniu', 'bez prawa pierwokupu KOWR'],
        ['housing estate in Poznań', 'no KOWR pre-emption right'],
      ] as const) {
        const result = read(query);
        expect([query, result.scenario]).toEqual([query, 'housing_estate_site']);
        expect([query, result.request.filters?.no_kowr_pre_emption]).toEqual([query, true]);
        expect([query, result.filters.join('; ')]).toEqual([query, expect.stringContaining(said)]);
      }
    });
  });
});
