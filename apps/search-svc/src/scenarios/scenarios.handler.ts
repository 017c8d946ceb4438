import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CompileScenarioRequest, EvaluateScenarioRequest, SearchSubjects, type ScenarioFitView, type ScenarioListView, type SearchParcelsRequest } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { ScenarioEvaluationService } from './scenario-evaluation.service.js';
import { ScenariosService } from './scenarios.service.js';

@Controller()
export class ScenariosHandler {
  constructor(
    private readonly scenarios: ScenariosService,
    private readonly evaluation: ScenarioEvaluationService,
  ) {}

  @Answers(SearchSubjects.scenariosList)
  list(): ScenarioListView {
    return this.scenarios.list();
  }

  @Answers(SearchSubjects.scenariosCompile)
  compile(@Payload() request: CompileScenarioRequest): SearchParcelsRequest {
    return this.scenarios.compile(request);
  }

  @Answers(SearchSubjects.scenariosEvaluate)
  evaluate(@Payload() request: EvaluateScenarioRequest): Promise<ScenarioFitView> {
    return this.evaluation.evaluate(request);
  }
}
