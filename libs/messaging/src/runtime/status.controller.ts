import { Controller, type Type } from '@nestjs/common';
import { Answers } from '../rpc/answers.decorator.js';
import { serviceStatusSubject, type ServiceStatusView } from '@lp/contracts';

const startedAt = Date.now();

/**
 * `<context>.status.get`: answers that the service is up, so the gateway's readiness can tell
 * which services are reachable over the bus.
 */
export function createStatusController(context: string, service: string): Type<unknown> {
  @Controller()
  class StatusController {
    @Answers(serviceStatusSubject(context))
    status(): ServiceStatusView {
      return { service, pid: process.pid, uptime_s: Math.round((Date.now() - startedAt) / 1000) };
    }
  }
  return StatusController;
}
