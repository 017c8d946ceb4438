import { Logger } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS_STREAM, LAYER_REFRESHED_SUBJECT, type LayerRefreshedEvent } from '@lp/contracts';
import { ensureEventsStream } from './events-stream.js';

const NANOS_PER_SECOND = 1_000_000_000;
const RECONNECT_DELAY_MS = 2000;

export interface LayerRefreshedConsumerOptions {
  natsUrl: string;
  /** NATS_STREAM_REPLICAS: copies of the events stream when this consumer creates it. */
  streamReplicas: number;
  /** Durable consumer name: replicas of one service share it, so each event is handled once. */
  durableName: string;
  /** Seconds before a failed event is delivered again. */
  retrySeconds: number;
  /** Seconds a handler may take before the event counts as lost and is redelivered. */
  ackWaitSeconds?: number;
}

/**
 * A durable JetStream consumer of `events.layer.refreshed` for one service's read model. An event
 * is acknowledged only after `handle` resolved; a failure is logged and the event delivered
 * again after `retrySeconds`. The stream and consumer are set up again after any loss.
 */
export class LayerRefreshedConsumer {
  private readonly logger: Logger;
  private nats?: NatsConnection;
  private messages?: ConsumerMessages;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly options: LayerRefreshedConsumerOptions,
    private readonly handle: (event: LayerRefreshedEvent) => Promise<void>,
  ) {
    this.logger = new Logger(`LayerEvents:${options.durableName}`);
  }

  async start(): Promise<void> {
    // A connection of its own, so event handling never waits behind request traffic.
    this.nats = await connect({ servers: this.options.natsUrl, name: `${this.options.durableName}-events`, maxReconnectAttempts: -1 });
    this.running = this.consumeUntilStopped(this.nats);
  }

  /** Call before the database pool closes, so a handler under way finishes (and acknowledges) first. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close();
    await this.running;
    await this.nats?.drain().catch(() => undefined);
  }

  private async deliver(message: JsMsg): Promise<void> {
    let event: LayerRefreshedEvent;
    try {
      event = message.json<LayerRefreshedEvent>();
    } catch {
      this.logger.error(`dropping an unreadable ${LAYER_REFRESHED_SUBJECT} message (stream sequence ${message.seq})`);
      message.term('not JSON');
      return;
    }
    // Long handlers keep the event theirs while they work.
    const keepAlive = setInterval(() => message.working(), 10_000);
    try {
      await this.handle(event);
      await message.ackAck();
    } catch (error) {
      this.logger.error(
        `handling ${event.layer_id} event ${event.run_id} failed (delivery ${message.info.deliveryCount}), retrying in ${this.options.retrySeconds} s: ${error instanceof Error ? error.message : String(error)}`,
      );
      message.nak(this.options.retrySeconds * 1000);
    } finally {
      clearInterval(keepAlive);
    }
  }

  private async consumeUntilStopped(nats: NatsConnection): Promise<void> {
    const durable = this.options.durableName;
    while (!this.stopped) {
      try {
        const manager = await ensureEventsStream(nats, this.options.streamReplicas);
        try {
          await manager.consumers.info(EVENTS_STREAM, durable);
        } catch {
          await manager.consumers.add(EVENTS_STREAM, {
            durable_name: durable,
            filter_subject: LAYER_REFRESHED_SUBJECT,
            ack_policy: AckPolicy.Explicit,
            // A new consumer reads the events still in the stream: a rebuild that is not needed is skipped.
            deliver_policy: DeliverPolicy.All,
            ack_wait: (this.options.ackWaitSeconds ?? 60) * NANOS_PER_SECOND,
          });
        }
        const consumer = await jetstream(nats).consumers.get(EVENTS_STREAM, durable);
        this.messages = await consumer.consume({ max_messages: 16 });
        if (this.stopped) await this.messages.close();
        for await (const message of this.messages) await this.deliver(message);
      } catch (error) {
        if (!this.stopped) this.logger.warn(`consumer stopped, starting again in ${RECONNECT_DELAY_MS} ms: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
    }
  }
}
