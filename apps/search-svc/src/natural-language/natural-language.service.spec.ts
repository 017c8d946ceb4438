import { describe, expect, it } from '@jest/globals';
import type { SearchParcelsRequest } from '@lp/contracts';
import { smallGazetteer } from '../../test/small-gazetteer.js';
import { NaturalLanguageService } from './natural-language.service.js';
import type { ParcelSearch, ParcelSearchResponse } from '../engine/search-results.js';
import type { PlacesService } from './places/places.service.js';

const gazetteer = smallGazetteer();
const places = { gazetteer: async () => gazetteer } as unknown as PlacesService;

/** Stands in for the structured-search engine: records what it was asked, answers one parcel. */
class RecordingSearch implements ParcelSearch {
  readonly requests: SearchParcelsRequest[] = [];

  async run(request: SearchParcelsRequest): Promise<ParcelSearchResponse> {
    this.requests.push(structuredClone(request));
    return {
      count: 1,
      matched: 1,
      blocked: false,
      coverage: [{ criterion: 'area', mode: 'requires', status: 'available' }],
      results: [
        {
          parcel_id: '126101_1.0001.1',
          area_sqm: 15_000,
          gmina: 'Kraków',
          teryt: '1261011',
          geometry: { type: 'Polygon', coordinates: [] },
          score: null,
          components: [],
          facts: { slope_pct: 1.5 },
        },
      ],
    };
  }
}

describe('NaturalLanguageService', () => {
  it('runs exactly interpretation.request through the structured search and explains each result', async () => {
    const search = new RecordingSearch();
    const service = new NaturalLanguageService(places, search);
    const response = await service.run({ query: 'płaska działka co najmniej 1 ha w Krakowie' });
    expect(search.requests).toEqual([response.interpretation.request]);
    expect(response).toMatchObject({ count: 1, blocked: false, coverage: [{ criterion: 'area', mode: 'requires', status: 'available' }] });
    expect(response.results[0]).not.toHaveProperty('facts');
    expect(response.results[0]!.why).toEqual(['1,5 ha (co najmniej 1 ha)', 'średnie nachylenie 1,5 % (najwyżej 5 %)']);
  });
});
