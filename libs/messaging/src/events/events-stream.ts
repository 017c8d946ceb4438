import { EVENTS_STREAM } from '@lp/contracts';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { ensureStreamReplicas } from './stream-replicas.js';

const NANOS_PER_SECOND = 1_000_000_000;

/**
 * Creates the JetStream stream of all `events.>` subjects when it is missing, with `replicas` copies
 * (NATS_STREAM_REPLICAS: 1 on one server, 3 on a three-server cluster), and raises an existing one
 * that has fewer. Publishers and consumers both call it, so whichever starts first creates it with
 * the same settings: a week of retention and a ten-minute window in which a re-published message id
 * is dropped as a duplicate.
 */
export async function ensureEventsStream(nats: NatsConnection, replicas: number): Promise<JetStreamManager> {
  const manager = await jetstreamManager(nats);
  try {
    await manager.streams.info(EVENTS_STREAM);
  } catch {
    await manager.streams.add({
      name: EVENTS_STREAM,
      subjects: ['events.>'],
      max_age: 7 * 24 * 3600 * NANOS_PER_SECOND,
      duplicate_window: 10 * 60 * NANOS_PER_SECOND,
      num_replicas: replicas,
    });
  }
  await ensureStreamReplicas(manager, EVENTS_STREAM, replicas);
  return manager;
}
