import type { JetStreamManager } from '@nats-io/jetstream';

/**
 * Raises an existing stream (a key-value bucket is one too) to `replicas` copies when it has fewer:
 * a stream made while NATS ran as one server, or before the setting, gains its copies on the next
 * start-up. Never lowers it: during a rollout an old pod with an older setting must not shrink a
 * stream the new ones grew; scaling down is an operator's `nats stream edit`. For a second or two
 * after the raise a new copy may serve old revisions (the rate limiter then lets requests through
 * rather than fail them).
 */
export async function ensureStreamReplicas(manager: JetStreamManager, stream: string, replicas: number): Promise<void> {
  const info = await manager.streams.info(stream);
  if (info.config.num_replicas >= replicas) return;
  await manager.streams.update(stream, { num_replicas: replicas });
}
