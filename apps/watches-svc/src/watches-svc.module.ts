import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@lp/db';
import { createStatusController } from '@lp/messaging';
import { currentDeadlineMs, currentSignal } from '@lp/runtime';
import { WATCHES_SVC_ENV, type WatchesSvcEnv } from './config/watches-svc.env.js';
import { WATCHES_SCHEMA } from './db/migrations/index.js';
import { EvaluationRepository } from './evaluation/evaluation.repository.js';
import { LayerEventsConsumer } from './evaluation/layer-events.consumer.js';
import { WatchEvaluator } from './evaluation/watch-evaluator.js';
import { WatchEventsRepository } from './events/watch-events.repository.js';
import { WatchEventsService } from './events/watch-events.service.js';
import { OutboundRpc } from './rpc/outbound-rpc.js';
import { WatchDefinitionResolver } from './watches/watch-definition.js';
import { WatchesHandler } from './watches/watches.handler.js';
import { WatchesRepository } from './watches/watches.repository.js';
import { WatchesService } from './watches/watches.service.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';
import { WebhookOutboxRepository } from './webhooks/webhook-outbox.repository.js';

@Module({})
export class WatchesSvcModule {
  static register(env: WatchesSvcEnv): DynamicModule {
    return {
      module: WatchesSvcModule,
      imports: [
        DatabaseModule.forService(() => ({
          url: env.DATABASE_URL,
          schema: WATCHES_SCHEMA,
          applicationName: 'watches-svc',
          poolSize: env.DB_POOL_SIZE,
          deadline: currentDeadlineMs,
          signal: currentSignal,
        })),
      ],
      controllers: [createStatusController('watches', 'watches-svc'), WatchesHandler],
      providers: [
        { provide: WATCHES_SVC_ENV, useValue: env },
        OutboundRpc,
        EvaluationRepository,
        WatchEvaluator,
        LayerEventsConsumer,
        WatchDefinitionResolver,
        WatchesRepository,
        WatchesService,
        WatchEventsRepository,
        WatchEventsService,
        WebhookOutboxRepository,
        WebhookDispatcher,
      ],
    };
  }
}
