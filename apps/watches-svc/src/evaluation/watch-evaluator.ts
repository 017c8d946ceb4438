import { Injectable, Logger } from '@nestjs/common';
import { SEARCH_LIMIT_MAX, searchCriteriaOf, SearchSubjects, type LayerRefreshedEvent, type SearchMatchView, type SearchParcelsRequest } from '@lp/contracts';
import { OutboundRpc } from '../rpc/outbound-rpc.js';
import { diffGmina, type CoverageByCriterion, type GminaAnswer, type NewEvent } from './answer-diff.js';
import { diffParcelFacts, type ParcelFacts } from './parcel-facts-diff.js';
import { EvaluationRepository, type AnswerRow, type WatchToEvaluate } from './evaluation.repository.js';

function coverageOf(match: SearchMatchView): CoverageByCriterion {
  return Object.fromEntries(match.coverage.map((entry) => [entry.criterion, entry.status]));
}

/** Whether a gmina lies in a watch's regions (TERYT prefixes; none = all of Poland). */
export function inRegions(regions: readonly string[], teryt: string): boolean {
  return regions.length === 0 || regions.some((prefix) => teryt.startsWith(prefix));
}

/** Searches sent to search-svc in one request; each is one watch in one gmina. */
const MATCH_BATCH = 25;
/** One batch may take this long (a national search in memory takes well under a second). */
const MATCH_TIMEOUT_MS = 120_000;

/** One search watch's share of a refresh: the touched gminas of its regions and the criterion fed by the refreshed layer. */
interface SearchWork {
  watch: WatchToEvaluate;
  search: SearchParcelsRequest;
  gminas: string[];
  deciding: string | null;
}

/** What of a refresh a search watch must re-run, or null when the refresh cannot change its answer. */
export function searchWorkOf(watch: WatchToEvaluate, event: LayerRefreshedEvent): SearchWork | null {
  const criteria = searchCriteriaOf(watch.search!);
  const fed = criteria.filter((criterion) => criterion.layers.includes(event.layer_id)).map((criterion) => criterion.criterion);
  // A refresh of a layer no criterion reads cannot change the answer (parcels can: area, geometry, splits).
  if (fed.length === 0 && event.layer_id !== 'parcels') return null;
  const gminas = event.teryt.filter((teryt) => inRegions(watch.regions, teryt)).sort();
  if (gminas.length === 0) return null;
  return { watch, search: watch.search!, gminas, deciding: fed.length > 0 ? fed.join(',') : null };
}

/** The search narrowed to one gmina (a bbox search keeps its box; its answer is filtered to the gmina). */
export function narrowedTo(search: SearchParcelsRequest, gmina: string): SearchParcelsRequest {
  return search.bbox !== undefined ? search : { ...search, region: gmina };
}

/** A search's answer in one gmina; truncated when fewer parcels came back than matched (the search limit). */
export function answerIn(match: SearchMatchView, gmina: string): GminaAnswer {
  return {
    teryt: gmina,
    parcels: new Set(match.parcels.filter((parcel) => parcel.teryt === gmina).map((parcel) => parcel.parcel_id)),
    coverage: coverageOf(match),
    truncated: match.count < match.matched,
  };
}

/**
 * Runs a watch's search and compares it with the stored answer. The first evaluation (when the
 * watch is made) only records the answer; after a refresh, only the touched gminas in the watch's
 * regions are searched again, each on its own, so the answer compared is the gmina's whole answer
 * up to the search limit, and the cost follows the refresh, not the watch's size.
 */
@Injectable()
export class WatchEvaluator {
  private readonly logger = new Logger('WatchEvaluator');

  constructor(
    private readonly rpc: OutboundRpc,
    private readonly evaluations: EvaluationRepository,
  ) {}

  /** Records the first answer of a search watch; no events. */
  async baseline(watchId: string, search: SearchParcelsRequest): Promise<void> {
    const [match] = await this.matchAll([search]);
    const answers: AnswerRow[] = match!.parcels.map((parcel) => ({ parcel_id: parcel.parcel_id, teryt: parcel.teryt }));
    await this.evaluations.write({ watchId, gminas: [], answers, coverage: { '*': coverageOf(match!) }, events: [], layerVersions: {}, hasWebhook: false });
  }

  /** Records the facts of watched parcels; no events. */
  async baselineParcels(watchId: string, parcels: ReadonlyArray<{ id: string; teryt: string }>): Promise<void> {
    const facts = await this.evaluations.parcelFacts(parcels.map((parcel) => parcel.id));
    const answers = parcels.map((parcel) => ({ parcel_id: parcel.id, teryt: parcel.teryt, facts: facts.get(parcel.id) ?? {} }));
    await this.evaluations.write({ watchId, gminas: [], answers, coverage: {}, events: [], layerVersions: {}, hasWebhook: false });
  }

  /**
   * Re-evaluates the overlapping watches of one refresh; returns the events written. Every search
   * to run (a watch's search narrowed to each touched gmina of its regions) goes to search-svc in
   * batches of MATCH_BATCH (search.parcels.match: ids and coverage, no near misses, no geometry),
   * the stored answers are read in one statement, and each watch's change is written in one
   * transaction of its own, so a watch's answer and events never disagree.
   */
  async afterRefreshAll(watches: readonly WatchToEvaluate[], event: LayerRefreshedEvent): Promise<number> {
    let produced = 0;
    const work: SearchWork[] = [];
    for (const watch of watches) {
      if (watch.search === null) produced += await this.parcelsAfterRefresh(watch, event);
      else {
        const one = searchWorkOf(watch, event);
        if (one !== null) work.push(one);
      }
    }
    if (work.length === 0) return produced;
    const runs = work.flatMap((one) => one.gminas.map((gmina) => ({ one, gmina, search: narrowedTo(one.search, gmina) })));
    const answers = await this.matchAll(runs.map((run) => run.search));
    const stored = await this.evaluations.answersOf(
      work.map((one) => one.watch.id),
      [...new Set(runs.map((run) => run.gmina))],
    );
    const nowByWatch = new Map<string, GminaAnswer[]>();
    runs.forEach((run, index) => {
      const list = nowByWatch.get(run.one.watch.id) ?? [];
      list.push(answerIn(answers[index]!, run.gmina));
      nowByWatch.set(run.one.watch.id, list);
    });
    for (const one of work) produced += await this.record(one, nowByWatch.get(one.watch.id) ?? [], stored.get(one.watch.id) ?? [], event);
    return produced;
  }

  /** Re-evaluates one watch after a refresh; returns the events written. */
  async afterRefresh(watch: WatchToEvaluate, event: LayerRefreshedEvent): Promise<number> {
    return this.afterRefreshAll([watch], event);
  }

  /** The searches' answers, in order, MATCH_BATCH at a time. */
  private async matchAll(searches: readonly SearchParcelsRequest[]): Promise<SearchMatchView[]> {
    const answers: SearchMatchView[] = [];
    for (let from = 0; from < searches.length; from += MATCH_BATCH) {
      const batch = searches.slice(from, from + MATCH_BATCH).map((search) => ({ ...search, limit: SEARCH_LIMIT_MAX }));
      const reply = await this.rpc.call(SearchSubjects.parcelsMatch, { searches: batch }, MATCH_TIMEOUT_MS);
      answers.push(...reply.answers);
    }
    return answers;
  }

  /** Compares one watch's new answers with the stored ones and writes the change; returns the events. */
  private async record(one: SearchWork, now: readonly GminaAnswer[], stored: readonly AnswerRow[], event: LayerRefreshedEvent): Promise<number> {
    const { watch } = one;
    const events: NewEvent[] = [];
    const answers: AnswerRow[] = [];
    const coverage: Record<string, CoverageByCriterion> = {};
    for (const answer of now) {
      const was = {
        parcels: new Set(stored.filter((row) => row.teryt === answer.teryt).map((row) => row.parcel_id)),
        coverage: watch.coverage[answer.teryt] ?? watch.coverage['*'] ?? {},
      };
      events.push(...diffGmina(was, answer, one.deciding));
      answers.push(...[...answer.parcels].map((parcelId) => ({ parcel_id: parcelId, teryt: answer.teryt })));
      coverage[answer.teryt] = answer.coverage;
    }
    await this.evaluations.write({
      watchId: watch.id,
      gminas: one.gminas,
      answers,
      coverage,
      events,
      layerVersions: { [event.layer_id]: event.version },
      hasWebhook: watch.has_webhook,
    });
    if (events.length > 0) this.logger.log(`watch ${watch.id}: ${events.length} events after ${event.layer_id} v${event.version}`);
    return events.length;
  }

  /**
   * Watched parcels after a refresh of the parcels layer: gone (split or merged), appeared, or
   * redrawn. Facts derived from other layers (zoning, constraints, grid, transactions, permits) are
   * not compared yet.
   */
  private async parcelsAfterRefresh(watch: WatchToEvaluate, event: LayerRefreshedEvent): Promise<number> {
    if (event.layer_id !== 'parcels') return 0;
    const gminas = event.teryt.filter((teryt) => inRegions(watch.regions, teryt)).sort();
    if (gminas.length === 0) return 0;
    const stored = await this.evaluations.answersIn(watch.id, gminas);
    const before = new Map(stored.map((row) => [row.parcel_id, row.facts && 'area_sqm' in row.facts ? (row.facts as unknown as ParcelFacts) : null]));
    const after = await this.evaluations.parcelFacts([...before.keys()]);
    const events = diffParcelFacts(before, after);
    const answers = stored.map((row) => ({ parcel_id: row.parcel_id, teryt: row.teryt, facts: after.get(row.parcel_id) ?? {} }));
    await this.evaluations.write({
      watchId: watch.id,
      gminas,
      answers,
      coverage: {},
      events,
      layerVersions: { [event.layer_id]: event.version },
      hasWebhook: watch.has_webhook,
    });
    return events.length;
  }
}
