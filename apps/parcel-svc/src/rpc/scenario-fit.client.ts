import { Injectable } from '@nestjs/common';
import { SearchSubjects, type EvaluateScenarioRequest, type ScenarioFitView } from '@lp/contracts';
import { OutboundRpc } from './outbound-rpc.js';

/** Scenario fit of a parcel, judged by search-svc (the owner of the scenario catalogue). */
@Injectable()
export class ScenarioFitClient {
  constructor(private readonly rpc: OutboundRpc) {}

  evaluate(scenario: string, parcelId: string): Promise<ScenarioFitView> {
    const request: EvaluateScenarioRequest = { scenario, parcel_id: parcelId };
    return this.rpc.call<ScenarioFitView>(SearchSubjects.scenariosEvaluate, request);
  }
}
