import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  type CreateWatchRequest,
  type CreatedWatchView,
  type DeletedWatchView,
  type ListWatchesRequest,
  type WatchByIdRequest,
  type WatchListView,
  type WatchView,
} from '@lp/contracts';
import { randomBytes } from 'node:crypto';
import { WATCHES_SVC_ENV, type WatchesSvcEnv } from '../config/watches-svc.env.js';
import { webhookUrlPolicy, webhookUrlProblem, type WebhookUrlPolicy } from '../webhooks/webhook-url-guard.js';
import { WatchEvaluator } from '../evaluation/watch-evaluator.js';
import { WatchDefinitionResolver, type WatchDefinition } from './watch-definition.js';
import { WatchesRepository } from './watches.repository.js';

export function newWatchId(): string {
  return `w_${randomBytes(10).toString('hex')}`;
}

/** The key webhooks are signed with: 32 random bytes, shown once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The rules of a key's watches: what may be watched, how many, where events may be sent. */
@Injectable()
export class WatchesService {
  private readonly webhookPolicy: WebhookUrlPolicy;

  constructor(
    private readonly watches: WatchesRepository,
    private readonly definitions: WatchDefinitionResolver,
    private readonly evaluator: WatchEvaluator,
    @Inject(WATCHES_SVC_ENV) private readonly env: WatchesSvcEnv,
  ) {
    this.webhookPolicy = webhookUrlPolicy(env);
  }

  async create(request: CreateWatchRequest): Promise<CreatedWatchView> {
    const webhookUrl = request.webhook_url ?? null;
    if (webhookUrl !== null) {
      const problem = await webhookUrlProblem(webhookUrl, this.webhookPolicy);
      if (problem !== null) throw AppError.invalid(problem);
    }
    const definition = await this.definitions.resolve(request);
    const id = newWatchId();
    const webhookSecret = webhookUrl === null ? null : newWebhookSecret();
    const stored = await this.watches.insertWithinLimit(
      {
        id,
        owner: request.owner,
        name: request.name ?? null,
        kind: definition.kind,
        search: definition.search,
        scenario: request.scenario === undefined ? null : { ...request.scenario },
        query: request.query ?? null,
        parcelIds: definition.parcelIds,
        regions: definition.regions,
        webhookUrl,
        webhookSecret,
      },
      this.env.WATCHES_PER_KEY_MAX,
    );
    if (!stored) throw AppError.invalid(`This key already has ${this.env.WATCHES_PER_KEY_MAX} watches, the most a key may hold; delete one first.`);
    await this.recordFirstAnswer(request.owner, id, definition);
    const watch = await this.watches.findOwned(request.owner, id);
    return { ...watch!, webhook_secret: webhookSecret };
  }

  /** The answer later refreshes are compared with; a watch without it would report every match as new. */
  private async recordFirstAnswer(owner: string, id: string, definition: WatchDefinition): Promise<void> {
    try {
      if (definition.search !== null) await this.evaluator.baseline(id, definition.search);
      else await this.evaluator.baselineParcels(id, definition.parcels);
    } catch (error) {
      await this.watches.deleteOwned(owner, id);
      throw error;
    }
  }

  async list(request: ListWatchesRequest): Promise<WatchListView> {
    return { watches: await this.watches.listByOwner(request.owner) };
  }

  async get(request: WatchByIdRequest): Promise<WatchView> {
    const watch = await this.watches.findOwned(request.owner, request.id);
    if (watch === null) throw AppError.notFound(`This key has no watch ${request.id}.`);
    return watch;
  }

  async delete(request: WatchByIdRequest): Promise<DeletedWatchView> {
    if (!(await this.watches.deleteOwned(request.owner, request.id))) throw AppError.notFound(`This key has no watch ${request.id}.`);
    return { id: request.id, deleted: true };
  }
}
