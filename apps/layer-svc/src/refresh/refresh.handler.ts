import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LayerSubjects, RefreshLayerRequest } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import type { RefreshResult } from './refresh-pipeline.js';
import { RefreshService } from './refresh.service.js';

@Controller()
export class RefreshHandler {
  constructor(private readonly refreshes: RefreshService) {}

  /** Long-running: callers give it a deadline of minutes, not seconds. */
  @Answers(LayerSubjects.refresh)
  refresh(@Payload() request: RefreshLayerRequest): Promise<RefreshResult> {
    return this.refreshes.refresh(request.layer_id, request.source, request.allow_shrink === true);
  }
}
