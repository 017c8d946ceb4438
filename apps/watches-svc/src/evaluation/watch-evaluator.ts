import { Injectable, Logger } from '@nestjs/common';
import {
  SEARCH_LIMIT_MAX,
  searchCriteriaOf,
  SearchSubjects,
  type LayerRefreshedEvent,
  type SearchParcelsRequest,
  type SearchResponseView,
} from '@lp/contracts';
import { OutboundRpc } from '../rpc/outbound-rpc.js';
import { diffGmina, type CoverageByCriterion, type GminaAnswer, type NewEvent } from './answer-diff.js';
import { diffParcelFacts, type ParcelFacts } from './parcel-facts-diff.js';
import { EvaluationRepository, type AnswerRow, type WatchToEvaluate } from './evaluation.repository.js';

function coverageOf(response: SearchResponseView): CoverageByCriterion {
  return Object.fromEntries(response.coverage.map((entry) => [entry.criterion, entry.status]));
}

/** Whether a gmina lies in a watch's regions (TERYT prefixes; none = all of Poland). */
export function inRegions(regions: readonly string[], teryt: string): boolean {
  return regions.length === 0 || regions.some((prefix) => teryt.startsWith(prefix));
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

  private run(search: SearchParcelsRequest): Promise<SearchResponseView> {
    return this.rpc.call(SearchSubjects.parcelsRun, { ...search, limit: SEARCH_LIMIT_MAX });
  }

  /** Records the first answer of a search watch; no events. */
  async baseline(watchId: string, search: SearchParcelsRequest): Promise<void> {
    const response = await this.run(search);
    const answers: AnswerRow[] = response.results.map((result) => ({ parcel_id: result.parcel_id, teryt: result.teryt }));
    await this.evaluations.write({ watchId, gminas: [], answers, coverage: { '*': coverageOf(response) }, events: [], layerVersions: {}, hasWebhook: false });
  }

  /** Records the facts of watched parcels; no events. */
  async baselineParcels(watchId: string, parcels: ReadonlyArray<{ id: string; teryt: string }>): Promise<void> {
    const facts = await this.evaluations.parcelFacts(parcels.map((parcel) => parcel.id));
    const answers = parcels.map((parcel) => ({ parcel_id: parcel.id, teryt: parcel.teryt, facts: facts.get(parcel.id) ?? {} }));
    await this.evaluations.write({ watchId, gminas: [], answers, coverage: {}, events: [], layerVersions: {}, hasWebhook: false });
  }

  /** Re-evaluates one watch after a refresh; returns the events written. */
  async afterRefresh(watch: WatchToEvaluate, event: LayerRefreshedEvent): Promise<number> {
    if (watch.search === null) return this.parcelsAfterRefresh(watch, event);
    const criteria = searchCriteriaOf(watch.search);
    const fed = criteria.filter((criterion) => criterion.layers.includes(event.layer_id)).map((criterion) => criterion.criterion);
    // A refresh of a layer no criterion reads cannot change the answer (parcels can: area, geometry, splits).
    if (fed.length === 0 && event.layer_id !== 'parcels') return 0;
    const gminas = event.teryt.filter((teryt) => inRegions(watch.regions, teryt)).sort();
    if (gminas.length === 0) return 0;
    const deciding = fed.length > 0 ? fed.join(',') : null;
    const before = await this.evaluations.answersIn(watch.id, gminas);
    const events: NewEvent[] = [];
    const answers: AnswerRow[] = [];
    const coverage: Record<string, CoverageByCriterion> = {};
    for (const gmina of gminas) {
      const now = await this.answerIn(watch.search, gmina);
      const was = {
        parcels: new Set(before.filter((row) => row.teryt === gmina).map((row) => row.parcel_id)),
        coverage: watch.coverage[gmina] ?? watch.coverage['*'] ?? {},
      };
      events.push(...diffGmina(was, now, deciding));
      answers.push(...[...now.parcels].map((parcelId) => ({ parcel_id: parcelId, teryt: gmina })));
      coverage[gmina] = now.coverage;
    }
    await this.evaluations.write({
      watchId: watch.id,
      gminas,
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

  /** The watch's answer in one gmina: the search narrowed to it (a bbox search keeps its box and is filtered). */
  private async answerIn(search: SearchParcelsRequest, gmina: string): Promise<GminaAnswer> {
    const narrowed: SearchParcelsRequest = search.bbox !== undefined ? search : { ...search, region: gmina };
    const response = await this.run(narrowed);
    const inGmina = response.results.filter((result) => result.teryt === gmina);
    return {
      teryt: gmina,
      parcels: new Set(inGmina.map((result) => result.parcel_id)),
      coverage: coverageOf(response),
      truncated: response.count > response.results.length,
    };
  }
}
