import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { NaturalLanguageSearchRequest, SearchSubjects, type InterpretationView, type NaturalLanguageSearchView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { NaturalLanguageService } from './natural-language.service.js';

@Controller()
export class NaturalLanguageHandler {
  constructor(private readonly naturalLanguage: NaturalLanguageService) {}

  @Answers(SearchSubjects.nlRun)
  run(@Payload() request: NaturalLanguageSearchRequest): Promise<NaturalLanguageSearchView> {
    return this.naturalLanguage.run(request);
  }

  @Answers(SearchSubjects.nlInterpret)
  interpret(@Payload() request: NaturalLanguageSearchRequest): Promise<InterpretationView> {
    return this.naturalLanguage.interpret(request);
  }
}
