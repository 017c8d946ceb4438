import { Injectable } from '@nestjs/common';
import { AppError, SearchSubjects, type EvaluateScenarioRequest, type ReportLanguage, type ScenarioFitView } from '@lp/contracts';
import { OutboundRpc } from './outbound-rpc.js';

/** Why search-svc could not judge a scenario: it is down or did not answer in time. */
const UNAVAILABLE_CODES = new Set(['service_unavailable', 'upstream_timeout']);

export function isScenarioServiceUnavailable(error: unknown): boolean {
  return error instanceof AppError && UNAVAILABLE_CODES.has(error.code);
}

/** Scenario fit of a parcel, judged by search-svc (the owner of the scenario catalogue). */
@Injectable()
export class ScenarioFitClient {
  private titles?: Promise<Map<string, { en: string; pl: string }>>;

  constructor(private readonly rpc: OutboundRpc) {}

  evaluate(scenario: string, parcelId: string): Promise<ScenarioFitView> {
    const request: EvaluateScenarioRequest = { scenario, parcel_id: parcelId };
    return this.rpc.call(SearchSubjects.scenariosEvaluate, request);
  }

  /**
   * The fit, or null when search-svc cannot answer now: a report or comparison then leaves the
   * scenario out and says why, instead of failing as a whole. An unknown scenario still fails.
   */
  async evaluateIfAvailable(scenario: string, parcelId: string): Promise<ScenarioFitView | null> {
    try {
      return await this.evaluate(scenario, parcelId);
    } catch (error) {
      if (isScenarioServiceUnavailable(error)) return null;
      throw error;
    }
  }

  /** The scenario's title in the report language, from the catalogue (null when it cannot be read). */
  async title(scenario: string, language: ReportLanguage): Promise<string | null> {
    this.titles ??= this.rpc.call(SearchSubjects.scenariosList, {}).then((list) => new Map(list.scenarios.map((s) => [s.id, { en: s.title, pl: s.title_pl }])));
    try {
      return (await this.titles).get(scenario)?.[language] ?? null;
    } catch {
      this.titles = undefined; // asked again next time: search-svc may be back
      return null;
    }
  }
}
