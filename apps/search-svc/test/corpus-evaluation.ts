import { AppError, expandKinds, ZONING_CATEGORY_GROUPS, type SearchParcelsRequest } from '@lp/contracts';
import type { Interpretation } from '../src/natural-language/interpreter.js';
import type { CorpusCase, ExpectedFilters } from '../src/natural-language/corpus/corpus-case.js';

export type CheckedField = 'region' | 'scenario' | 'language' | 'filters' | 'errors';

export interface Check {
  field: CheckedField;
  ok: boolean;
  /** What was wrong, for the report. */
  detail?: string;
}

export interface CaseResult {
  case: CorpusCase;
  checks: Check[];
}

export interface FieldAccuracy {
  field: CheckedField;
  passed: number;
  total: number;
}

const close = (a: unknown, b: unknown): boolean => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 0.01 : JSON.stringify(a) === JSON.stringify(b));

/** Checks one interpretation (or the error it threw) against what the corpus expects. */
export function evaluateCase(corpusCase: CorpusCase, outcome: Interpretation | AppError): CaseResult {
  const checks: Check[] = [];
  const check = (field: CheckedField, ok: boolean, detail: string): void => {
    checks.push(ok ? { field, ok } : { field, ok, detail });
  };
  if (corpusCase.error) {
    const code = outcome instanceof AppError ? outcome.code : 'no error';
    const field: CheckedField = corpusCase.error.code === 'ambiguous_region' ? 'region' : 'errors';
    check(field, code === corpusCase.error.code, `expected ${corpusCase.error.code}, got ${outcome instanceof AppError ? `${code}: ${outcome.message}` : JSON.stringify((outcome as Interpretation).region)}`);
    if (outcome instanceof AppError && corpusCase.error.candidates) {
      const missing = corpusCase.error.candidates.filter((teryt) => !(outcome.candidates ?? []).some((candidate) => candidate.endsWith(`(${teryt})`)));
      check(field, missing.length === 0 && (outcome.candidates ?? []).length > 0, `candidates lack ${missing.join(', ')}: ${JSON.stringify(outcome.candidates)}`);
    }
    return { case: corpusCase, checks };
  }
  if (outcome instanceof AppError) {
    check('region', false, `${outcome.code}: ${outcome.message}`);
    return { case: corpusCase, checks };
  }
  check('region', (outcome.region?.teryt ?? null) === corpusCase.region, `expected ${corpusCase.region}, got ${outcome.region?.teryt ?? null}`);
  check('scenario', outcome.scenario === corpusCase.scenario, `expected ${corpusCase.scenario}, got ${outcome.scenario}`);
  if (corpusCase.lang) check('language', outcome.language === corpusCase.lang, `expected ${corpusCase.lang}, got ${outcome.language}`);
  for (const [key, ok, detail] of filterChecks(corpusCase.filters ?? {}, outcome.request)) check('filters', ok, `${key}: ${detail}`);
  // what cannot be searched is said: an incomplete reading never looks complete
  if (corpusCase.complete !== undefined) check('filters', outcome.complete === corpusCase.complete, `complete: expected ${corpusCase.complete}, got ${outcome.complete} (${outcome.assumptions.join(' ')})`);
  // a site of several parcels only where the case says so, with the area it names
  const assembly = outcome.assembly?.min_total_area_sqm;
  const wanted = corpusCase.filters?.assemblyMin;
  check('filters', wanted === undefined ? assembly === undefined : close(assembly, wanted), `assembly: expected ${wanted ?? 'none'}, got ${assembly ?? 'none'}`);
  return { case: corpusCase, checks };
}

function filterChecks(expected: ExpectedFilters, request: SearchParcelsRequest): Array<[string, boolean, string]> {
  const filters = request.filters ?? {};
  const out: Array<[string, boolean, string]> = [];
  const got = JSON.stringify(filters);
  if (expected.areaMin !== undefined) out.push(['areaMin', close(filters.area_sqm?.min, expected.areaMin), got]);
  if (expected.areaMax !== undefined) out.push(['areaMax', close(filters.area_sqm?.max, expected.areaMax), got]);
  if (expected.slopeMax !== undefined) out.push(['slopeMax', close(filters.slope_pct?.max, expected.slopeMax), got]);
  if (expected.vacant !== undefined) out.push(['vacant', filters.vacant === expected.vacant, got]);
  if (expected.priceEstimate !== undefined) {
    const bounds = filters.price_estimate_pln;
    out.push(['priceEstimate', bounds !== undefined && bounds.min === expected.priceEstimate.min && bounds.max === expected.priceEstimate.max, got]);
  }
  if (expected.ownership !== undefined) {
    const groups = filters.ownership_groups;
    out.push(['ownership', JSON.stringify(groups ?? null) === JSON.stringify(expected.ownership), got]);
  }
  if (expected.zoning === 'buildable') {
    // spec phrase "buildable": residential or service local-plan zones, or general-plan zones in force that allow building
    out.push(['zoning', filters.zoning?.buildable === true, got]);
  } else if (expected.zoning === 'agricultural') {
    // agricultural land is land use (EGiB classes, land cover), not a zoning category
    out.push(['zoning', filters.land_use?.kinds?.includes('agricultural') === true && filters.zoning?.categories === undefined, got]);
  } else if (expected.zoning !== undefined) {
    const group = [...(ZONING_CATEGORY_GROUPS[expected.zoning] ?? [])].sort();
    out.push(['zoning', JSON.stringify([...(filters.zoning?.categories ?? [])].sort()) === JSON.stringify(group), got]);
  }
  if (expected.symbols !== undefined) out.push(['symbols', expected.symbols.every((symbol) => filters.zoning?.symbols?.includes(symbol)), got]);
  if (expected.requirePlan !== undefined) out.push(['requirePlan', filters.zoning?.require_plan === expected.requirePlan, got]);
  for (const [layer, want] of Object.entries(expected.near ?? {})) {
    const near = filters.near?.find((item) => item.layer === layer);
    out.push([`near ${layer}`, near !== undefined && distanceMatches(layer, near, near.within_m, want, want.within), got]);
  }
  for (const layer of expected.notNear ?? []) out.push([`not near ${layer}`, !(filters.near ?? []).some((item) => item.layer === layer), got]);
  for (const [layer, want] of Object.entries(expected.far ?? {})) {
    const far = filters.far?.find((item) => item.layer === layer);
    out.push([`far ${layer}`, far !== undefined && distanceMatches(layer, far, far.beyond_m, want, want.beyond), got]);
  }
  for (const [layer, want] of Object.entries(expected.exclude ?? {})) {
    const exclude = filters.exclude?.find((item) => item.layer === layer);
    const ok =
      exclude !== undefined &&
      (want.kinds === undefined || exclude.kinds === undefined || expandKinds(layer, want.kinds).every((kind) => exclude.kinds!.includes(kind))) &&
      (want.buffer === undefined || close(exclude.buffer_m ?? 0, want.buffer));
    out.push([`exclude ${layer}`, ok, got]);
  }
  for (const signal of expected.rank ?? []) out.push([`rank ${signal}`, request.rank_by?.some((rank) => rank.signal === signal) ?? false, JSON.stringify(request.rank_by)]);
  if (expected.limit !== undefined) out.push(['limit', request.limit === expected.limit, String(request.limit)]);
  return out;
}

/** Named anchors as expected: the same ids (in any order), or none when none are expected. */
/** A near or far filter against the case's expectation: the distance, `where`, kinds and ids. */
function distanceMatches(
  layer: string,
  got: { where?: Record<string, unknown>; kinds?: readonly string[]; ids?: readonly string[] },
  gotMetres: number,
  want: { where?: Record<string, unknown>; kinds?: string[]; ids?: string[] },
  wantMetres: number | undefined,
): boolean {
  return (
    (wantMetres === undefined || close(gotMetres, wantMetres)) &&
    Object.entries(want.where ?? {}).every(([key, value]) => close(got.where?.[key], value)) &&
    (want.kinds === undefined || JSON.stringify([...(got.kinds ?? [])].sort()) === JSON.stringify(expandKinds(layer, want.kinds).sort())) &&
    sameIds(got.ids, want.ids)
  );
}

function sameIds(got: readonly string[] | undefined, want: readonly string[] | undefined): boolean {
  if (want === undefined) return got === undefined;
  return got !== undefined && JSON.stringify([...got].sort()) === JSON.stringify([...want].sort());
}

/** Accuracy per field over a run of the corpus. */
export function accuracy(results: readonly CaseResult[]): FieldAccuracy[] {
  const fields: CheckedField[] = ['region', 'scenario', 'language', 'filters', 'errors'];
  return fields.map((field) => {
    const checks = results.flatMap((result) => result.checks.filter((check) => check.field === field));
    return { field, passed: checks.filter((check) => check.ok).length, total: checks.length };
  });
}

/** The accuracy table as text. */
export function accuracyTable(rows: readonly FieldAccuracy[], caseCount: number): string {
  const lines = rows.map((row) => `  ${row.field.padEnd(9)} ${String(row.passed).padStart(4)} / ${String(row.total).padEnd(4)} ${row.total === 0 ? '  n/a' : `${((100 * row.passed) / row.total).toFixed(1).padStart(5)} %`}`);
  return [`natural-language corpus: ${caseCount} queries`, ...lines].join('\n');
}
