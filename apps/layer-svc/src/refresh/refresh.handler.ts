import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LayerSubjects, RefreshLayerRequest } from '@lp/contracts';
import type { RefreshResult } from './refresh-pipeline.js';
import { RefreshService } from './refresh.service.js';

@Controller()
export class RefreshHandler {
  constructor(private readonly refreshes: RefreshService) {}

  /** Long-running: callers give it a deadline of minutes, not seconds. */
  @MessagePattern(LayerSubjects.refresh)
  refresh(@Payload() request: RefreshLayerRequest): Promise<RefreshResult> {
    return this.refreshes.refresh(request.layer_id, request.source, request.allow_shrink === true);
  }
}
