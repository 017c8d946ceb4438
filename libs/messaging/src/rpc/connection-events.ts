import type { NatsConnection } from '@nats-io/transport-node';

export interface ConnectionEvents {
  /** The socket to the server dropped: nothing sent before it will be answered on this connection. */
  disconnect?(): void;
  /** Connected again (the same server restarted or another of the cluster): subscriptions are restored. */
  reconnect?(): void;
}

/**
 * Calls back on a connection's disconnects and reconnects until it closes. nats.js keeps
 * requests it sent before a disconnect waiting for their own timeout although their replies can
 * no longer arrive (core NATS keeps nothing for a subscriber that is away), so whoever waits on
 * the bus listens here to give up at once instead.
 */
export function onConnectionEvents(connection: NatsConnection, events: ConnectionEvents): void {
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') events.disconnect?.();
      else if (status.type === 'reconnect') events.reconnect?.();
    }
  })().catch(() => undefined);
}
