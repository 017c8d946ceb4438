import { Logger, type BeforeApplicationShutdown, type InjectionToken, type OnApplicationBootstrap, type Provider } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { LAYER_REFRESHED_SUBJECT, type LayerRefreshedEvent } from '@lp/contracts';

/** What hearing of served-version switches moves: a service's lag-tolerant reads (LagTolerantReads of @lp/db). */
export interface SwitchAware {
  /** A switch committed on the primary at this WAL position. */
  heardSwitch(lsn: string): void;
  /** Asks the primary for its WAL position now and takes it as a switch heard of. */
  requirePrimaryPosition(): Promise<void>;
}

/**
 * Hears every `events.layer.refreshed` on a plain NATS subscription (every instance of a service,
 * not one of a queue group or a durable consumer: each instance routes its own reads) and tells
 * the reads the primary's WAL position each carries. Switches it cannot have heard of (before it
 * subscribed, while NATS was away, or in an event without a position) are covered by the primary's
 * current position instead, which is at least as new.
 */
export class ServedSwitchListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ServedSwitches');
  private nats?: NatsConnection;

  constructor(
    private readonly natsUrl: string,
    private readonly reads: SwitchAware,
    /** False without a read replica: there is nothing to route then. */
    private readonly enabled = true,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  async start(): Promise<void> {
    if (!this.enabled || this.nats) return;
    this.nats = await connect({ servers: this.natsUrl, name: 'served-switches', maxReconnectAttempts: -1 });
    this.nats.subscribe(LAYER_REFRESHED_SUBJECT, { callback: (error, message) => (error ? undefined : this.heard(message.string())) });
    void this.coverMissedOnReconnect(this.nats);
    await this.nats.flush();
    await this.catchUp();
  }

  async stop(): Promise<void> {
    await this.nats?.drain().catch(() => undefined);
  }

  private heard(text: string): void {
    let lsn: string | undefined;
    try {
      lsn = (JSON.parse(text) as Partial<LayerRefreshedEvent>).primary_lsn;
    } catch {
      lsn = undefined;
    }
    if (lsn) this.reads.heardSwitch(lsn);
    else void this.catchUp();
  }

  private async coverMissedOnReconnect(nats: NatsConnection): Promise<void> {
    for await (const status of nats.status()) if (status.type === 'reconnect') await this.catchUp();
  }

  private async catchUp(): Promise<void> {
    await this.reads.requirePrimaryPosition().catch((error: unknown) => {
      this.logger.warn(`could not read the primary's WAL position: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}

/**
 * The listener as a provider of a service module: `readsToken` is the service's LagTolerantReads;
 * `replica` whether DATABASE_READ_URL is set (without it the listener does nothing).
 */
export function servedSwitchListener(natsUrl: string, readsToken: InjectionToken, replica: boolean): Provider {
  return { provide: ServedSwitchListener, inject: [readsToken], useFactory: (reads: SwitchAware) => new ServedSwitchListener(natsUrl, reads, replica) };
}
