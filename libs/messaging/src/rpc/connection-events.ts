import type { NatsConnection } from '@nats-io/transport-node';

export interface ConnectionEvents {
  /** The socket to the server dropped: nothing sent before it will be answered on this connection. */
  disconnect?(): void;
  /** Connected again (the same server restarted or another of the cluster): subscriptions are restored. */
  reconnect?(): void;
}

/**
 * Whether a connection is down, between a disconnect and its reconnect, with the listeners of both.
 * nats.js keeps requests it sent before a disconnect waiting for their own timeout although their
 * replies can no longer arrive (core NATS keeps nothing for a subscriber that is away), and discards
 * what is published meanwhile when it dials again; whoever waits on the bus reads this to give up at
 * once instead. One per connection (`of`): the state flips and every listener runs in the same
 * callback, so nothing can be sent between the drop being seen and the listeners told.
 */
export class ConnectionState {
  private static readonly states = new WeakMap<NatsConnection, ConnectionState>();

  private isDown = false;
  private signal = droppedSignal();
  private readonly listeners: ConnectionEvents[] = [];

  private constructor(connection: NatsConnection) {
    void (async () => {
      for await (const status of connection.status()) {
        if (status.type === 'disconnect') this.changed(true);
        else if (status.type === 'reconnect') this.changed(false);
      }
    })().catch(() => undefined);
  }

  /** The state of this connection, watched from the first call on. */
  static of(connection: NatsConnection): ConnectionState {
    let state = ConnectionState.states.get(connection);
    if (!state) ConnectionState.states.set(connection, (state = new ConnectionState(connection)));
    return state;
  }

  get down(): boolean {
    return this.isDown;
  }

  /** Rejects when the connection next drops (already rejected while it is down). */
  get dropped(): Promise<never> {
    return this.signal.promise;
  }

  /** Called at every disconnect and reconnect until the connection closes. */
  listen(events: ConnectionEvents): void {
    this.listeners.push(events);
  }

  private changed(down: boolean): void {
    this.isDown = down;
    if (down) this.signal.drop();
    else this.signal = droppedSignal();
    for (const listener of this.listeners) (down ? listener.disconnect : listener.reconnect)?.call(listener);
  }
}

function droppedSignal(): { promise: Promise<never>; drop(): void } {
  let drop!: () => void;
  const promise = new Promise<never>((_, reject) => {
    drop = () => reject(new Error('the connection to NATS dropped'));
  });
  promise.catch(() => undefined); // rejected whether or not anything is waiting on it
  return { promise, drop };
}
