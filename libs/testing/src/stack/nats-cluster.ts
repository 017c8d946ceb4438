import { jetstreamManager, StorageType } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackChild } from './child-reaper.js';
import { freePort } from './free-port.js';
import { stopChild, waitForPort } from './nats-server.js';
import { testEnvironment } from './test-env.js';

export interface TestNatsCluster {
  /** Every server's client URL; connecting to all of them is what a pod does through the Service. */
  urls: string[];
  stop(): Promise<void>;
}

/**
 * A JetStream cluster of `size` nats-servers on loopback, as the Kubernetes StatefulSet runs it, for
 * tests of stream replication (a single server refuses streams with more than one copy). Resolves
 * once JetStream has a meta leader and answers.
 */
export async function startNatsCluster(size: number): Promise<TestNatsCluster> {
  const env = testEnvironment();
  const dir = await mkdtemp(join(tmpdir(), 'lp-test-nats-cluster-'));
  const clientPorts = await Promise.all(Array.from({ length: size }, () => freePort()));
  const routePorts = await Promise.all(Array.from({ length: size }, () => freePort()));
  const routes = routePorts.map((port) => `nats-route://127.0.0.1:${port}`).join(', ');
  const children: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(children.map((child) => stopChild(child)));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const [index, port] of clientPorts.entries()) {
      const config = join(dir, `n${index}.conf`);
      await writeFile(
        config,
        [
          `server_name: n${index}`,
          `listen: 127.0.0.1:${port}`,
          `jetstream { store_dir: "${join(dir, `n${index}`)}" }`,
          `cluster { name: lp-test, listen: 127.0.0.1:${routePorts[index]}, routes: [${routes}] }`,
        ].join('\n'),
      );
      const child = trackChild(spawn(env.natsServerBin, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] }));
      let output = '';
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      children.push(child);
      await waitForPort(port, child, () => output);
    }
    const urls = clientPorts.map((port) => `nats://127.0.0.1:${port}`);
    await waitForJetStream(urls);
    return { urls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The meta leader is elected a few seconds after the routes connect; until then the API errs. Even
 * then a stream of one copy per server can fail "no suitable peers for placement" while the leader
 * still learns of the others (seen on a loaded machine), so a probe stream of that many copies is
 * made and removed before the cluster counts as up.
 */
async function waitForJetStream(urls: string[]): Promise<void> {
  const nats = await connect({ servers: urls });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const manager = await jetstreamManager(nats);
        await manager.getAccountInfo();
        await manager.streams.add({ name: 'LP_CLUSTER_PROBE', subjects: ['lp.cluster.probe'], num_replicas: urls.length, storage: StorageType.Memory });
        await manager.streams.delete('LP_CLUSTER_PROBE');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`the NATS cluster's JetStream did not answer within 60 s: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await nats.close();
  }
}
