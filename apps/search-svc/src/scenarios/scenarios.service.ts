import { Injectable } from '@nestjs/common';
import { AppError, type CompileScenarioRequest, type ScenarioListView, type SearchParcelsRequest } from '@lp/contracts';
import { findScenario, SCENARIO_IDS, SCENARIOS } from './scenario-catalogue.js';
import { compileScenario } from './scenario-compiler.js';
import type { ScenarioDefinition } from './scenario-definition.js';
import { scenarioView } from './scenario-listing.js';

/** The scenario catalogue: listing with effective values, and compiling to a structured request. */
@Injectable()
export class ScenariosService {
  // the catalogue is code, so its listing never changes while the process runs
  private readonly listing: ScenarioListView = { scenarios: SCENARIOS.map(scenarioView) };

  list(): ScenarioListView {
    return this.listing;
  }

  compile(request: CompileScenarioRequest): SearchParcelsRequest {
    const { scenario, ...options } = request;
    return compileScenario(this.find(scenario), options);
  }

  /** The scenario with that id; an unknown id answers not_found with the ids in candidates. */
  find(id: string): ScenarioDefinition {
    const scenario = findScenario(id);
    if (!scenario) throw AppError.notFound(`No scenario has the id ${id}; the scenarios are ${SCENARIO_IDS.join(', ')}.`, [...SCENARIO_IDS]);
    return scenario;
  }
}
