import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { createSchemaDataSource } from '@lp/db';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import { loadNamedFeatures } from '../src/natural-language/anchors/named-features.repository.js';
import type { NamedFeatures } from '../src/natural-language/anchors/named-features.js';
import { CORPUS } from '../src/natural-language/corpus/corpus.js';
import { accuracy, accuracyTable, evaluateCase, type CaseResult } from './corpus-evaluation.js';
import { interpret, type Interpretation } from '../src/natural-language/interpreter.js';
import type { Gazetteer } from '../src/natural-language/places/gazetteer.js';
import { loadGazetteer } from './search-engine-fixture.js';

/**
 * The natural-language corpus (apps/search-svc/src/natural-language/corpus): every query against
 * the real gazetteer (every unit of Poland and the SIMC localities, as geocode publishes them),
 * checked for region, scenario, language, key filters and errors. Prints the accuracy per field.
 */
describe('natural-language corpus', () => {
  let db: TestDatabase;
  let gazetteer: Gazetteer;
  let features: NamedFeatures;
  let results: CaseResult[];

  beforeAll(async () => {
    db = await createTestDatabase('demo');
    const source = createSchemaDataSource({ url: db.urlAs('search_svc'), schema: 'search', applicationName: 'nl-corpus', poolSize: 1 });
    await source.initialize();
    try {
      gazetteer = await loadGazetteer(source);
      features = await loadNamedFeatures(source);
    } finally {
      await source.destroy();
    }
    results = CORPUS.map((corpusCase) => {
      let outcome: Interpretation | AppError;
      try {
        outcome = interpret(corpusCase.q, {}, gazetteer, features);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome = error;
      }
      return evaluateCase(corpusCase, outcome);
    });
    process.stdout.write(`\n${accuracyTable(accuracy(results), CORPUS.length)}\n`);
  });
  afterAll(() => db?.drop());

  it('has at least 200 queries, half of them Polish and half English', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
    expect(CORPUS.filter((c) => c.lang === 'pl').length).toBeGreaterThanOrEqual(100);
    expect(CORPUS.filter((c) => c.lang === 'en').length).toBeGreaterThanOrEqual(100);
  });

  it('runs against the whole gazetteer and the named features of the demo layers', () => {
    expect(features.size).toBeGreaterThan(1000);
    expect(gazetteer.units.size).toBeGreaterThan(2800);
    expect(gazetteer.localityCount).toBeGreaterThan(60_000);
  });

  // Thresholds: every field at 100 %. A failing query is fixed in the interpreter, not in the corpus.
  it.each(['region', 'scenario', 'language', 'filters', 'errors'] as const)('gets every %s right', (field) => {
    const failures = results.flatMap((result) => result.checks.filter((check) => check.field === field && !check.ok).map((check) => `${result.case.q}: ${check.detail}`));
    expect(failures).toEqual([]);
  });
});
