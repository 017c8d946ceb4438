import { loadEnv } from '@lp/runtime';
import { LAYER_CATALOGUE } from '@lp/contracts';
import type { AppFacts } from './app-inventory.js';
import type { K8sObject } from './render.js';
import { findObject, objectsOfKind } from './render.js';
import { parseSourceMap, type SourceMap } from '../../../apps/layer-svc/src/refresh/source-map.js';
import { refreshJobs } from './refresh-cronjobs.js';

/** Which listener of an app a probe reaches, and whether it answers a path (not 404). */
export type Listener = 'ops' | 'mcp';
export type PathAnswers = (listener: Listener, path: string) => Promise<boolean>;

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string }; fieldRef?: { fieldPath: string } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  command?: string[];
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: Array<{ name?: string; containerPort: number }>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: PodSpec;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Everything the manifests promise about the apps, checked against the apps themselves: each app
 * has a Deployment, an HPA and a PDB; the Deployment sets every variable the app's env class needs
 * (with values that pass its validation); probes reach a port and a path the app serves; apps
 * that migrate have their step in the migration Job, after the apps whose views they read, and
 * wait for it; streams keep as many copies as NATS has servers; every catalogue layer is named in
 * sources.json, and each with a source has its refresh CronJob (one per voivodeship for a layer
 * refreshed by parts).
 * Returns the problems found, empty when consistent.
 */
export async function consistencyProblems(objects: K8sObject[], apps: AppFacts[], answers: PathAnswers): Promise<string[]> {
  const problems: string[] = [];
  for (const app of apps) {
    const deployment = findObject(objects, 'Deployment', app.name);
    if (!deployment) {
      problems.push(`${app.name}: no Deployment`);
      continue;
    }
    const template = (deployment['spec'] as { template: PodTemplate }).template;
    const container = template.spec.containers.find((candidate) => candidate.command?.includes(`apps/${app.name}/dist/main.js`));
    if (!container) {
      problems.push(`${app.name}: the Deployment has no container running apps/${app.name}/dist/main.js`);
      continue;
    }
    const env = containerEnv(objects, container);
    problems.push(...envProblems(`${app.name} Deployment`, app, env, true));
    problems.push(...(await probeProblems(app, container, env, answers)));
    problems.push(...scalingProblems(objects, app.name, template));
    problems.push(...streamReplicaProblems(`${app.name} Deployment`, app, env, natsServerCount(objects)));
    if (app.migrates) problems.push(...waitForMigrationProblems(objects, app));
  }
  problems.push(...migrationJobProblems(objects, apps));
  problems.push(...refreshProblems(objects, apps));
  return problems;
}

/** The environment a container starts with: envFrom ConfigMaps, then env with $(VAR) expanded. */
export function containerEnv(objects: K8sObject[], container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
    const object = ref ? findObject(objects, kind, ref.name) : undefined;
    Object.assign(env, decodedData(object) ?? {});
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string) => env[name] ?? whole);
    else if (variable.valueFrom?.secretKeyRef) {
      const { name, key } = variable.valueFrom.secretKeyRef;
      // A Secret made outside the repository (production) is stood in for by a URL-safe placeholder.
      env[variable.name] = decodedData(findObject(objects, 'Secret', name))?.[key] ?? `secret0${key}`;
    } else if (variable.valueFrom?.configMapKeyRef) {
      const { name, key } = variable.valueFrom.configMapKeyRef;
      const value = decodedData(findObject(objects, 'ConfigMap', name))?.[key];
      if (value !== undefined) env[variable.name] = value;
    } else if (variable.valueFrom?.fieldRef) env[variable.name] = 'from-the-pod';
  }
  return env;
}

function decodedData(object: K8sObject | undefined): Record<string, string> | undefined {
  if (!object) return undefined;
  const data = { ...((object['data'] as Record<string, string> | undefined) ?? {}) };
  if (object.kind === 'Secret') for (const [key, value] of Object.entries(data)) data[key] = Buffer.from(value, 'base64').toString('utf8');
  return { ...data, ...((object['stringData'] as Record<string, string> | undefined) ?? {}) };
}

function envProblems(where: string, app: AppFacts, env: Record<string, string>, listens: boolean): string[] {
  const problems: string[] = [];
  try {
    // As main.ts does at start-up; a migration or a CLI is given no NATS_URL by migrate.ts either.
    loadEnv(app.envClass, listens ? env : { NATS_URL: 'nats://unused:4222', ...env });
  } catch (error) {
    problems.push(`${where}: the app would refuse to start: ${(error as Error).message}`);
  }
  // A ConfigMap key the app does not read is a typo or a leftover (helpers for $(VAR) are env entries).
  const unknown = Object.keys(env).filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name) && !app.envVariables.has(name) && !HELPER_VARIABLES.has(name) && !RUNTIME_VARIABLES.has(name));
  if (unknown.length > 0) problems.push(`${where}: sets variables ${app.name} does not read: ${unknown.join(', ')}`);
  return problems;
}

/** Variables that only compose others ($(DB_USER) in DATABASE_URL). */
const HELPER_VARIABLES = new Set(['DB_USER', 'DB_PASSWORD']);
/** Variables the C library reads, not the app (search-svc's column buffers mapped on their own: engine/columns/column-pack.ts). */
const RUNTIME_VARIABLES = new Set(['MALLOC_MMAP_THRESHOLD_']);

async function probeProblems(app: AppFacts, container: Container, env: Record<string, string>, answers: PathAnswers): Promise<string[]> {
  const problems: string[] = [];
  const listener: Listener = app.envVariables.has('OPS_PORT') ? 'ops' : 'mcp';
  const portVariable = listener === 'ops' ? 'OPS_PORT' : 'MCP_PORT';
  const hostVariable = listener === 'ops' ? 'OPS_HOST' : 'MCP_HOST';
  const listenPort = Number(env[portVariable]);
  if (!(listenPort > 0)) problems.push(`${app.name}: ${portVariable} must be a fixed port in the Deployment (the probes and the container port name it)`);
  if (LOOPBACK.has(env[hostVariable] ?? '127.0.0.1')) problems.push(`${app.name}: ${hostVariable} is loopback, so the kubelet's probes cannot reach ${portVariable}`);
  for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe'] as const) {
    const probe = container[kind]?.httpGet;
    if (!probe) {
      if (kind !== 'startupProbe') problems.push(`${app.name}: no HTTP ${kind}`);
      continue;
    }
    const port = typeof probe.port === 'number' ? probe.port : container.ports?.find((candidate) => candidate.name === probe.port)?.containerPort;
    if (port === undefined) problems.push(`${app.name}: ${kind} names port ${probe.port}, which the container does not declare`);
    else if (port !== listenPort) problems.push(`${app.name}: ${kind} goes to port ${port}, but the app serves /healthz and /readyz on ${portVariable}=${env[portVariable]}`);
    if (!(await answers(listener, probe.path))) problems.push(`${app.name}: ${kind} path ${probe.path} does not exist on the app's ${listener} port`);
  }
  const expected = { livenessProbe: '/healthz', readinessProbe: '/readyz' } as const;
  for (const [kind, path] of Object.entries(expected)) {
    const actual = container[kind as keyof typeof expected]?.httpGet?.path;
    if (actual !== undefined && actual !== path) problems.push(`${app.name}: ${kind} should ask ${path}, asks ${actual}`);
  }
  return problems;
}

function scalingProblems(objects: K8sObject[], name: string, template: PodTemplate): string[] {
  const problems: string[] = [];
  const hpa = objectsOfKind<{ spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number } }>(objects, 'HorizontalPodAutoscaler').find(
    (candidate) => candidate.spec.scaleTargetRef.kind === 'Deployment' && candidate.spec.scaleTargetRef.name === name,
  );
  if (!hpa) problems.push(`${name}: no HorizontalPodAutoscaler scales its Deployment`);
  const labels = template.metadata?.labels ?? {};
  const pdb = objectsOfKind<{ spec: { selector: { matchLabels?: Record<string, string> } } }>(objects, 'PodDisruptionBudget').find((candidate) =>
    Object.entries(candidate.spec.selector.matchLabels ?? { none: '' }).every(([key, value]) => labels[key] === value),
  );
  if (!pdb) problems.push(`${name}: no PodDisruptionBudget selects its pods`);
  return problems;
}

/** The one migration Job: a step per app that migrates, each after the apps whose views it reads. */
function migrationJobProblems(objects: K8sObject[], apps: AppFacts[]): string[] {
  const problems: string[] = [];
  // Init containers run one after another; the main containers together, after the last of them.
  const steps = new Map<string, { rank: number; container: Container; job: string }>();
  for (const job of objectsOfKind<{ spec: { template: PodTemplate } }>(objects, 'Job')) {
    const pod = job.spec.template.spec;
    const ordered = [...(pod.initContainers ?? []).map((container, rank) => ({ container, rank })), ...pod.containers.map((container) => ({ container, rank: pod.initContainers?.length ?? 0 }))];
    for (const { container, rank } of ordered) {
      const app = /^apps\/([^/]+)\/dist\/migrate\.js$/.exec(container.command?.find((part) => part.endsWith('/migrate.js')) ?? '')?.[1];
      if (app && !container.command?.includes('--wait')) steps.set(app, { rank, container, job: job.metadata.name });
    }
  }
  for (const app of apps.filter((candidate) => candidate.migrates)) {
    const step = steps.get(app.name);
    if (!step) {
      problems.push(`${app.name}: no migration Job runs apps/${app.name}/dist/migrate.js`);
      continue;
    }
    problems.push(...envProblems(`${app.name} migration step`, app, containerEnv(objects, step.container), false));
    for (const dependency of app.migratesAfter) {
      const before = steps.get(dependency);
      if (!before || before.job !== step.job || before.rank >= step.rank) {
        problems.push(`${app.name}: its migrations read ${dependency}'s published views, but the migration Job does not run ${dependency}'s migrations before them`);
      }
    }
  }
  return problems;
}

/** The init container that holds a new pod until the schema has every migration of its image. */
function waitForMigrationProblems(objects: K8sObject[], app: AppFacts): string[] {
  const deployment = findObject(objects, 'Deployment', app.name);
  const init = (deployment?.['spec'] as { template: PodTemplate } | undefined)?.template.spec.initContainers?.find(
    (candidate) => candidate.command?.includes(`apps/${app.name}/dist/migrate.js`) && candidate.command.includes('--wait'),
  );
  if (!init) return [`${app.name}: its Deployment does not wait for its migrations (init container migrate.js --wait)`];
  return envProblems(`${app.name} wait-for-migrations`, app, containerEnv(objects, init), false);
}

/**
 * JetStream keeps NATS_STREAM_REPLICAS copies of each stream and bucket an app creates: fewer than
 * the NATS servers and a stream dies with one server; more and the app cannot create it.
 */
function streamReplicaProblems(where: string, app: AppFacts, env: Record<string, string>, natsServers: number): string[] {
  if (!app.envVariables.has('NATS_STREAM_REPLICAS') || env['NATS_URL'] === undefined) return [];
  let replicas: number;
  try {
    replicas = (loadEnv(app.envClass, env) as { NATS_STREAM_REPLICAS: number }).NATS_STREAM_REPLICAS;
  } catch {
    return []; // envProblems reports why the app would not start
  }
  const expected = Math.min(natsServers, MAX_STREAM_REPLICAS);
  return replicas === expected ? [] : [`${where}: NATS_STREAM_REPLICAS is ${replicas}, but NATS runs ${natsServers} server(s): streams and buckets need ${expected} copies`];
}

/** JetStream's limit on the copies of one stream. */
const MAX_STREAM_REPLICAS = 5;

function natsServerCount(objects: K8sObject[]): number {
  return (findObject(objects, 'StatefulSet', 'nats')?.['spec'] as { replicas?: number } | undefined)?.replicas ?? 1;
}

function refreshProblems(objects: K8sObject[], apps: AppFacts[]): string[] {
  const problems: string[] = [];
  const layer = apps.find((app) => app.name === 'layer-svc');
  const config = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('layer-sources'));
  const text = (config?.['data'] as Record<string, string> | undefined)?.['sources.json'];
  if (!text) return ['no ConfigMap layer-sources with the sources.json of the refresh CronJobs'];
  let sources: SourceMap;
  try {
    sources = parseSourceMap(text, 'layer-sources sources.json');
  } catch (error) {
    return [(error as Error).message];
  }
  for (const missing of LAYER_CATALOGUE.filter((definition) => !sources[definition.id])) {
    problems.push(`sources.json has no entry for ${missing.id} (its source, or why it is not scheduled)`);
  }
  for (const job of refreshJobs(sources)) {
    const cron = findObject(objects, 'CronJob', job.name);
    if (!cron) {
      problems.push(`no CronJob ${job.name} refreshes ${job.layerId}${job.within ? ` in voivodeship ${job.within}` : ''}`);
      continue;
    }
    const spec = cron['spec'] as { concurrencyPolicy?: string; jobTemplate: { spec: { template: PodTemplate } } };
    if (spec.concurrencyPolicy !== 'Forbid') problems.push(`${job.name}: concurrencyPolicy must be Forbid`);
    const container = spec.jobTemplate.spec.template.spec.containers[0];
    const command = container?.command ?? [];
    const at = command.indexOf('refresh-scheduled');
    const within = command.includes('--within') ? command[command.indexOf('--within') + 1] : null;
    if (at < 0 || command[at + 1] !== job.layerId || within !== job.within) {
      problems.push(`${job.name}: does not run layers.cli.js refresh-scheduled ${job.layerId}${job.within ? ` --within ${job.within}` : ''}`);
    }
    if (layer && container) {
      const env = containerEnv(objects, container);
      problems.push(...envProblems(job.name, layer, env, false));
      problems.push(...streamReplicaProblems(job.name, layer, env, natsServerCount(objects)));
    }
  }
  return problems;
}
