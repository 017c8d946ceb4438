import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AssemblySearchRequest, assertSearchRequest, SearchSubjects, type AssemblySearchResponseView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { AssemblyService } from './assembly.service.js';

@Controller()
export class AssemblyHandler {
  constructor(private readonly assemblies: AssemblyService) {}

  /** POST /v1/search/assemblies. */
  @Answers(SearchSubjects.assembliesRun)
  run(@Payload() request: AssemblySearchRequest): Promise<AssemblySearchResponseView> {
    assertSearchRequest(request);
    return this.assemblies.run(request);
  }
}
