import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CompileScenarioRequest, SearchSubjects, type ScenarioListView, type SearchParcelsRequest } from '@lp/contracts';
import { ScenariosService } from './scenarios.service.js';

@Controller()
export class ScenariosHandler {
  constructor(private readonly scenarios: ScenariosService) {}

  @MessagePattern(SearchSubjects.scenariosList)
  list(): ScenarioListView {
    return this.scenarios.list();
  }

  @MessagePattern(SearchSubjects.scenariosCompile)
  compile(@Payload() request: CompileScenarioRequest): SearchParcelsRequest {
    return this.scenarios.compile(request);
  }
}
