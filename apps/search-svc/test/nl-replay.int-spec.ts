import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, AssemblySearchRequest, SearchParcelsRequest } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import { AssemblyRepository } from '../src/assemblies/assembly.repository.js';
import { AssemblyService } from '../src/assemblies/assembly.service.js';
import type { NamedFeatures } from '../src/natural-language/anchors/named-features.js';
import { CORPUS } from '../src/natural-language/corpus/corpus.js';
import { interpret } from '../src/natural-language/interpreter.js';
import type { NaturalLanguageService } from '../src/natural-language/natural-language.service.js';
import type { Gazetteer } from '../src/natural-language/places/gazetteer.js';
import { naturalLanguageOver, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * The replay property (an interpretation sent back as a request gives the same answer) over the
 * whole corpus, on the small demo dataset: every query that
 * interprets is searched by natural-language search, and `interpretation.request`, sent again as
 * JSON the way a client replays it against POST /v1/search/parcels, gives the same results and
 * coverage; every result says why it matched. A query asking for a site of several parcels replays
 * against POST /v1/search/assemblies with `interpretation.assembly` and gives the same sites.
 */
describe('natural-language search replays as structured search', () => {
  let f: SearchEngineFixture;
  let gazetteer: Gazetteer;
  let features: NamedFeatures;
  let nl: NaturalLanguageService;
  let assemblies: AssemblyService;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    assemblies = new AssemblyService(f.engine, new AssemblyRepository(f.source));
    ({ nl, gazetteer, features } = await naturalLanguageOver(f, { assemblies }));
  }, 300_000);
  afterAll(() => f?.close());

  it('holds for every corpus query with results', async () => {
    let withResults = 0;
    let blocked = 0;
    for (const corpusCase of CORPUS) {
      try {
        interpret(corpusCase.q, {}, gazetteer, features);
      } catch (error) {
        if (error instanceof AppError) continue;
        throw error;
      }
      const answer = await nl.run({ query: corpusCase.q });
      if (answer.interpretation.assembly) {
        const body = JSON.parse(JSON.stringify({ ...answer.interpretation.request, language: answer.interpretation.language, assembly: answer.interpretation.assembly }));
        const sites = await assemblies.run(validateMessage(AssemblySearchRequest, body));
        expect({ q: corpusCase.q, sites: sites.results, coverage: sites.coverage, blocked: sites.blocked }).toEqual({ q: corpusCase.q, sites: answer.sites, coverage: answer.coverage, blocked: answer.blocked });
        expect(answer.results).toEqual([]);
        continue;
      }
      const replayed = await f.engine.run(validateMessage(SearchParcelsRequest, JSON.parse(JSON.stringify(answer.interpretation.request))));
      expect({ q: corpusCase.q, results: replayed.results.map(({ facts: _facts, ...r }) => r), coverage: replayed.coverage, blocked: replayed.blocked }).toEqual({
        q: corpusCase.q,
        results: answer.results.map(({ why: _why, ...r }) => r),
        coverage: answer.coverage,
        blocked: answer.blocked,
      });
      for (const result of answer.results) expect(result.why.length).toBeGreaterThan(0);
      if (answer.count > 0) withResults++;
      if (answer.blocked) blocked++;
    }
    process.stdout.write(`\nreplay: ${withResults} corpus queries with results, ${blocked} blocked by coverage, of ${CORPUS.length}\n`);
    // most corpus places lie outside the demo area, where searches are blocked by coverage
    expect(withResults).toBeGreaterThan(20);
  }, 600_000);
});
