import type { NatsConnection } from '@nats-io/transport-node';
import type { Socket } from 'node:net';
import { ConnectionState } from './connection-events.js';

/**
 * Gathers what a process writes to the NATS server during one turn of the event loop into one
 * socket write. nats.js writes at the end of every microtask queue: under load a process handles
 * many requests (HTTP requests in the gateway, NATS requests in a service) in one poll phase and
 * makes as many write syscalls, each of which also wakes nats-server to read it. Corked at the
 * first write of a turn and uncorked when the turn's I/O callbacks are done (`setImmediate` runs
 * right after the poll phase), the socket sends them all in one `writev`. A lone write goes out
 * in the same turn as before, microseconds later.
 *
 * nats.js keeps its socket on an internal transport that a reconnect replaces: the write of each
 * new socket is wrapped when the connection reports the reconnect. A connection of another shape
 * (a future nats.js) is left as it is: the writes are then simply not gathered.
 */
export function coalesceWrites(connection: NatsConnection): void {
  wrap(socketOf(connection));
  ConnectionState.of(connection).listen({ reconnect: () => wrap(socketOf(connection)) });
}

const wrapped = new WeakSet<Socket>();

function wrap(socket: Socket | undefined): void {
  if (!socket || wrapped.has(socket) || typeof socket.cork !== 'function') return;
  wrapped.add(socket);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket.uncork();
  };
  socket.write = ((...args: unknown[]): boolean => {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      setImmediate(uncork);
    }
    return write(...args);
  }) as Socket['write'];
}

function socketOf(connection: NatsConnection): Socket | undefined {
  const socket = (connection as unknown as { protocol?: { transport?: { socket?: unknown } } }).protocol?.transport?.socket;
  return socket && typeof (socket as Socket).write === 'function' ? (socket as Socket) : undefined;
}
