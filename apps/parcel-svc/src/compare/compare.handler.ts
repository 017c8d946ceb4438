import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CompareParcelsRequest, ParcelSubjects, type ParcelComparisonView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { CompareService } from './compare.service.js';

@Controller()
export class CompareHandler {
  constructor(private readonly comparisons: CompareService) {}

  @Answers(ParcelSubjects.compare)
  compare(@Payload() request: CompareParcelsRequest): Promise<ParcelComparisonView> {
    return this.comparisons.compare(request);
  }
}
