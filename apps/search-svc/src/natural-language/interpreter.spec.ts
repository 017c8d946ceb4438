import { describe, expect, it } from '@jest/globals';
import { AppError, assertSearchRequest, SearchParcelsRequest } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import { smallGazetteer } from '../../test/small-gazetteer.js';
import { findScenario } from '../scenarios/scenario-catalogue.js';
import { compileScenario } from '../scenarios/scenario-compiler.js';
import { interpret, NL_QUERY_MAX_CHARS, type InterpretOptions } from './interpreter.js';

const gazetteer = smallGazetteer();
const read = (query: string, options: InterpretOptions = {}) => interpret(query, options, gazetteer);
const failure = (query: string, options: InterpretOptions = {}): AppError => {
  try {
    read(query, options);
  } catch (error) {
    return error as AppError;
  }
  throw new Error(`${query} was interpreted without an error`);
};

describe('interpret', () => {
  it('reads place, asset type and criteria with numbers and units into one structured request', () => {
    const result = read('farma fotowoltaiczna koło Poznania, co najmniej 2 ha, do 3 km od stacji 110 kV, płaska, bez Natury 2000');
    expect(result.region).toEqual({ teryt: '3064011', name: 'Poznań', unit_type: 'gmina miejska' });
    expect(result.scenario).toBe('solar_farm_site');
    expect(result.language).toBe('pl');
    expect(result.request.region).toBe('3064011');
    expect(result.request.filters).toMatchObject({ area_sqm: { min: 20_000 }, slope_pct: { max: 5 } });
    expect(result.request.filters!.near).toContainEqual({ layer: 'power_substations', within_m: 3000, where: { voltage_kv_gte: 110 } });
    expect(result.request.filters!.exclude![0]!.kinds).toEqual(expect.arrayContaining(['natura2000_habitat', 'natura2000_birds']));
    expect(result.understood).toEqual(['farma fotowoltaiczna', 'koło Poznania', 'co najmniej 2 ha', 'do 3 km od stacji 110 kV', 'płaska', 'bez Natury 2000']);
    expect(result.not_understood).toEqual([]);
    expect(() => assertSearchRequest(result.request)).not.toThrow();
    expect(() => validateMessage(SearchParcelsRequest, structuredClone(result.request))).not.toThrow();
  });

  it('never reads a station of another sort as a substation: chargers and services are searched, fuel stations said to be unsearchable', () => {
    const charger = read('działka do 1,5 km od stacji ładowania samochodów elektrycznych w Poznaniu');
    expect(charger.request.filters!.near).toEqual([{ layer: 'ev_chargers', within_m: 1500 }]);
    expect(charger.not_understood).toEqual([]);
    const english = read('plot within 1.5 km of an EV charging station in Poznan');
    expect(english.request.filters!.near).toEqual([{ layer: 'ev_chargers', within_m: 1500 }]);
    const police = read('plot within 1 km of a police station in Poznan');
    expect(police.request.filters!.near).toEqual([{ layer: 'services_poi', kinds: ['police'], within_m: 1000 }]);
    for (const [query, said] of [
      ['działka do 5 km od stacji benzynowej w Poznaniu', 'nie obejmuje stacji paliw'],
      ['plot near a petrol station in Poznan', 'cannot filter on fuel stations'],
    ] as const) {
      const fuel = read(query);
      expect(fuel.request.filters?.near ?? []).toEqual([]);
      expect(fuel.assumptions.join(' ')).toContain(said);
      expect(fuel.not_understood).toEqual([]);
    }
  });

  it('reads an asset type measured from, or after "near", as an existing installation, not as what to build', () => {
    const wind = read('działka do 2 km od farmy wiatrowej w Poznaniu');
    expect(wind.scenario).toBeNull();
    expect(wind.request.filters!.near).toEqual([{ layer: 'oze_installations', kinds: ['wind'], within_m: 2000 }]);
    const english = read('plot within 2 km of a wind farm in Poznan');
    expect(english.scenario).toBeNull();
    expect(english.request.filters!.near).toEqual([{ layer: 'oze_installations', kinds: ['wind'], within_m: 2000 }]);
    // what to build, near what exists
    const storage = read('magazyn energii blisko farmy fotowoltaicznej w Poznaniu');
    expect(storage.scenario).toBe('bess_storage');
    expect(storage.request.filters!.near).toContainEqual({ layer: 'oze_installations', kinds: ['solar'], within_m: 2000 });
    // an asset type alone, or before a distance to something else, stays the scenario
    expect(read('farma wiatrowa do 2 km od stacji 110 kV w Poznaniu').scenario).toBe('wind_farm_site');
    expect(read('wind farm in Poznan').scenario).toBe('wind_farm_site');
  });

  it('reads a data centre or a warehouse measured from as one that exists, keeping the distance', () => {
    // before: the data-centre scenario, and "do 5 km" dropped as not knowing from what
    const dataCentre = read('działka do 5 km od centrum danych w Poznaniu');
    expect(dataCentre.scenario).toBeNull();
    expect(dataCentre.request.filters!.near).toEqual([{ layer: 'data_centers', within_m: 5000 }]);
    expect(dataCentre.filters).toContain('najwyżej 5 km od centrum danych');
    const english = read('plot within 3 km of a data center in Poznan');
    expect(english.scenario).toBeNull();
    expect(english.request.filters!.near).toEqual([{ layer: 'data_centers', within_m: 3000 }]);
    expect(english.filters).toContain('within 3 km of a data centre');
    const warehouse = read('działka blisko hali magazynowej w Poznaniu');
    expect(warehouse.scenario).toBeNull();
    expect(warehouse.request.filters!.near).toEqual([{ layer: 'buildings', kinds: ['warehouse'], within_m: 1000 }]);
    // a building filter without a floor limit is a distance (it read "najwyżej undefined kondygnacjach")
    expect(warehouse.filters).toEqual(['najwyżej 1 km od budynku magazynowego']);
    expect(read('plot near a warehouse in Poznan').filters).toEqual(['within 1 km of a warehouse']);
    // a data centre to build near a substation stays the scenario
    expect(read('centrum danych do 5 km od stacji 110 kV w Poznaniu').scenario).toBe('data_center_site');
    expect(read('warehouse near the A2 motorway in Poznan').scenario).toBe('logistics_warehouse');
  });

  it('puts everything into the request: a bare scenario query equals the compiled scenario plus the region', () => {
    const result = read('magazyn energii w Krakowie');
    expect(result.request).toEqual(compileScenario(findScenario('bess_storage')!, { region: '1261011' }));
  });

  it('states each default it used, in the language of the query', () => {
    const pl = read('płaska działka blisko stacji i przystanku w Kórniku');
    expect(pl.assumptions).toEqual(
      expect.arrayContaining([
        '„Płaska” oznacza średnie nachylenie najwyżej 5 %.',
        'Blisko stacji: najwyżej 10 km do stacji o napięciu co najmniej 110 kV.',
        'Blisko komunikacji publicznej: najwyżej 800 m do przystanku.',
      ]),
    );
    expect(pl.request.filters!.near).toEqual([
      { layer: 'power_substations', within_m: 10_000, where: { voltage_kv_gte: 110 } },
      { layer: 'transport_stops', within_m: 800 },
    ]);
    const en = read('flat plot near a substation in Krakow');
    expect(en.language).toBe('en');
    expect(en.assumptions).toContain('"Flat" means a mean slope of at most 5 %.');
  });

  it('says that all of Poland is searched when no place is named', () => {
    const result = read('wind farm at least 3 hectares');
    expect(result.region).toBeNull();
    expect(result.request.region).toBeUndefined();
    expect(result.assumptions).toContain('No place given: searching all of Poland.');
  });

  it('lets region in the request override a place in the text, and says so', () => {
    const result = read('solar farm near Krakow', { region: '3021' });
    expect(result.region).toEqual({ teryt: '3021', name: 'powiat poznański', unit_type: 'powiat' });
    expect(result.request.region).toBe('3021');
    expect(result.assumptions[result.assumptions.length - 1]).toMatch(/overrides 'Krakow' in the text/);
    expect(failure('solar farm', { region: '9999' }).code).toBe('invalid_request');
  });

  it('answers in the requested language and copies the limit, which wins over a count in the text', () => {
    const result = read('5 plots for solar in Krakow', { language: 'pl', limit: 7 });
    expect(result.language).toBe('pl');
    expect(result.request.limit).toBe(7);
    expect(read('5 plots for solar in Krakow').request.limit).toBe(5);
  });

  it('asks which unit for an ambiguous name, with readable candidates naming type, parent and TERYT', () => {
    const error = failure('działka w Ostródzie');
    expect(error.code).toBe('ambiguous_region');
    expect(error.candidates).toEqual([
      'Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie (2815011)',
      'Ostróda — gmina wiejska, powiat ostródzki, warmińsko-mazurskie (2815092)',
    ]);
    expect(error.message).toMatch(/„Ostródzie” pasuje do 2 jednostek/);
    expect(() => read('działka w Ostródzie', { region: '2815011' })).not.toThrow();
  });

  it('refuses a query with nothing to search by, saying what was and was not understood', () => {
    const error = failure('proszę działka xyzzy qwerty');
    expect(error.code).toBe('unresolvable_query');
    expect(error.message).toMatch(/Zrozumiano: „proszę” i „działka”/);
    expect(error.message).toMatch(/Nie zrozumiano: „xyzzy” i „qwerty”/);
    expect(failure('blah').message).toMatch(/^Could not interpret the query/);
  });

  it('refuses an empty or oversized query as invalid_request', () => {
    expect(failure('   ').code).toBe('invalid_request');
    expect(failure('a'.repeat(NL_QUERY_MAX_CHARS + 1)).message).toMatch(/at most 500 characters/);
  });

  it('lists the words it ignored, and still searches by the rest', () => {
    const result = read('farma PV w Krakowie z basenem');
    expect(result.not_understood).toEqual(['basenem']);
    expect(result.assumptions).toContain('Pominięto niezrozumiane słowa: „basenem”.');
  });

  it('corrects a misspelt lexicon word and says how it read it', () => {
    const result = read('farma fotowltaiczna w Krakowie');
    expect(result.scenario).toBe('solar_farm_site');
    expect(result.assumptions).toContain('„fotowltaiczna” rozumiane jako „fotowoltaiczna”.');
  });

  it('is deterministic: the same query gives byte-equal interpretations', () => {
    const query = 'osiedle w Swarzędzu blisko szkoły, co najmniej 1 ha, tanie';
    expect(JSON.stringify(read(query))).toBe(JSON.stringify(read(query)));
  });

  it('measures a distance from a place to its boundary, and keeps the region what the user said', () => {
    const result = read('działka do 20 km od Poznania');
    expect(result.region).toBeNull();
    expect(result.request.filters?.near).toEqual([{ layer: 'admin_bounds', within_m: 20_000, ids: ['3064011'] }]);
    expect(result.assumptions).toContain(
      '„do 20 km od Poznania”: odległość liczona od granicy jednostki Poznań (gmina miejska, TERYT 3064011); działki w jej granicach mają odległość 0; region wyszukiwania bez zmian.',
    );
    expect(result.filters.join(' ')).toContain('Poznań (gmina miejska)');
    const inPowiat = read('działka w Swarzędzu co najmniej 5 km od Poznania');
    expect(inPowiat.region).toMatchObject({ teryt: '3021163' });
    expect(inPowiat.request.filters?.far).toEqual([{ layer: 'admin_bounds', beyond_m: 5000, ids: ['3064011'] }]);
  });

  it('says a gmina with villages is measured whole, and refuses a village we hold no outline of', () => {
    const kornik = read('plots within 10 km of Kórnik');
    expect(kornik.request.filters?.near).toEqual([{ layer: 'admin_bounds', within_m: 10_000, ids: ['3021093'] }]);
    expect(kornik.assumptions.join(' ')).toContain('this is the whole gmina with its villages');
    const error = failure('działka do 5 km od Zalasewa');
    expect(error.code).toBe('unresolvable_query');
    expect(error.message).toContain('Zalasewo (wieś) leży w gminie Swarzędz (3021163)');
  });

  it('still says a bare distance next to a place without "od" is no filter', () => {
    const result = read('działka 20 km Poznań');
    expect(result.region).toMatchObject({ teryt: '3064011' });
    expect(result.assumptions.join(' ')).toContain('odległość od miejscowości nie jest filtrem');
  });

  it('reads words that name Object.prototype members as ordinary words, never crashing (a fuzz find)', () => {
    for (const query of ['constructor', 'działka constructor w Poznaniu', 'toString valueOf hasOwnProperty']) {
      const error = (() => {
        try {
          read(query, { region: '3064011' });
          return null;
        } catch (caught) {
          return caught as AppError;
        }
      })();
      expect([query, error === null || error instanceof AppError]).toEqual([query, true]);
    }
    expect(read('constructor', { region: '3064011' }).not_understood).toEqual(['constructor']);
  });

  it('describes every filter in words', () => {
    const result = read('magazyn energii 20 MW w Krakowie', { language: 'en' });
    expect(result.filters).toContain('available grid capacity of at least 20 MW within 5 km');
    expect(result.filters).toContain('ranked by (weight): grid capacity 55, distance to a 110 kV substation 30, area 15');
  });
});
