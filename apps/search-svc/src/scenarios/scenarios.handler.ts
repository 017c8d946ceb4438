import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CompileScenarioRequest, EvaluateScenarioRequest, SearchSubjects, type ScenarioFitView, type ScenarioListView, type SearchParcelsRequest } from '@lp/contracts';
import { ScenarioEvaluationService } from './scenario-evaluation.service.js';
import { ScenariosService } from './scenarios.service.js';

@Controller()
export class ScenariosHandler {
  constructor(
    private readonly scenarios: ScenariosService,
    private readonly evaluation: ScenarioEvaluationService,
  ) {}

  @MessagePattern(SearchSubjects.scenariosList)
  list(): ScenarioListView {
    return this.scenarios.list();
  }

  @MessagePattern(SearchSubjects.scenariosCompile)
  compile(@Payload() request: CompileScenarioRequest): SearchParcelsRequest {
    return this.scenarios.compile(request);
  }

  @MessagePattern(SearchSubjects.scenariosEvaluate)
  evaluate(@Payload() request: EvaluateScenarioRequest): Promise<ScenarioFitView> {
    return this.evaluation.evaluate(request);
  }
}
