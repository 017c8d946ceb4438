import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AdminUnitsService } from '../admin-units/admin-units.service.js';
import { GEOCODE_SVC_ENV, type GeocodeSvcEnv } from '../config/geocode-svc.env.js';
import { EVENTS_STREAM, LAYER_REFRESHED_SUBJECT, type LayerRefreshedEvent } from '@lp/contracts';
import { ensureEventsStream } from '@lp/messaging';

/** Durable consumer name: replicas of geocode-svc share it, so each event is handled once. */
export const LAYER_EVENTS_CONSUMER = 'geocode-svc';
const NANOS_PER_SECOND = 1_000_000_000;
const RECONNECT_DELAY_MS = 2000;

/**
 * Rebuilds the admin-units read model when layer-svc announces a refresh of admin_bounds. An event
 * is acknowledged only after the rebuild committed; a failed rebuild is logged and the event
 * delivered again after EVENT_RETRY_SECONDS. Events of other layers are acknowledged at once:
 * coverage is read live, so nothing of geocode's depends on them.
 */
@Injectable()
export class LayerEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LayerEvents');
  private nats?: NatsConnection;
  private messages?: ConsumerMessages;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly adminUnits: AdminUnitsService,
    @Inject(GEOCODE_SVC_ENV) private readonly env: GeocodeSvcEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A connection of its own, so event handling never waits behind request traffic.
    this.nats = await connect({ servers: this.env.NATS_URL, name: 'geocode-svc-events', maxReconnectAttempts: -1 });
    this.running = this.consumeUntilStopped(this.nats);
  }

  /** Before the database pool closes, so a rebuild under way finishes (and acknowledges) first. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.messages?.close();
    await this.running;
    await this.nats?.drain().catch(() => undefined);
  }

  private async handle(message: JsMsg): Promise<void> {
    let event: LayerRefreshedEvent;
    try {
      event = message.json<LayerRefreshedEvent>();
    } catch {
      this.logger.error(`dropping an unreadable ${LAYER_REFRESHED_SUBJECT} message (stream sequence ${message.seq})`);
      message.term('not JSON');
      return;
    }
    if (event.layer_id !== 'admin_bounds') {
      message.ack();
      return;
    }
    try {
      const outcome = await this.adminUnits.refreshIfStale(`event ${event.run_id}`);
      if (outcome === 'current') this.logger.log(`admin units already reflect admin_bounds for event ${event.run_id} (v${event.version})`);
      await message.ackAck();
    } catch (error) {
      this.logger.error(
        `rebuild of admin units for event ${event.run_id} failed (delivery ${message.info.deliveryCount}), retrying in ${this.env.EVENT_RETRY_SECONDS} s: ${error instanceof Error ? error.message : String(error)}`,
      );
      message.nak(this.env.EVENT_RETRY_SECONDS * 1000);
    }
  }

  /** Consumes until shutdown, setting the stream and consumer up again after any loss. */
  private async consumeUntilStopped(nats: NatsConnection): Promise<void> {
    while (!this.stopped) {
      try {
        const manager = await ensureEventsStream(nats);
        try {
          await manager.consumers.info(EVENTS_STREAM, LAYER_EVENTS_CONSUMER);
        } catch {
          await manager.consumers.add(EVENTS_STREAM, {
            durable_name: LAYER_EVENTS_CONSUMER,
            filter_subject: LAYER_REFRESHED_SUBJECT,
            ack_policy: AckPolicy.Explicit,
            // A new consumer reads the events still in the stream: a rebuild that is not needed is skipped.
            deliver_policy: DeliverPolicy.All,
            ack_wait: 60 * NANOS_PER_SECOND,
          });
        }
        const consumer = await jetstream(nats).consumers.get(EVENTS_STREAM, LAYER_EVENTS_CONSUMER);
        this.messages = await consumer.consume({ max_messages: 16 });
        if (this.stopped) await this.messages.close();
        for await (const message of this.messages) await this.handle(message);
      } catch (error) {
        if (!this.stopped) this.logger.warn(`layer events consumer stopped, starting again in ${RECONNECT_DELAY_MS} ms: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
    }
  }
}
