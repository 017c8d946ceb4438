import { loadEnv } from '@lp/messaging';
import { LAYER_CATALOGUE } from '@lp/contracts';
import type { AppFacts } from './app-inventory.js';
import type { K8sObject } from './render.js';
import { findObject, objectsOfKind } from './render.js';

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
 * that migrate have their Job and wait for it; one refresh CronJob per catalogue cadence.
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
    if (app.migrates) problems.push(...migrationProblems(objects, app));
  }
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
  const unknown = Object.keys(env).filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name) && !app.envVariables.has(name) && !HELPER_VARIABLES.has(name));
  if (unknown.length > 0) problems.push(`${where}: sets variables ${app.name} does not read: ${unknown.join(', ')}`);
  return problems;
}

/** Variables that only compose others ($(DB_USER) in DATABASE_URL). */
const HELPER_VARIABLES = new Set(['DB_USER', 'DB_PASSWORD']);

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

function migrationProblems(objects: K8sObject[], app: AppFacts): string[] {
  const problems: string[] = [];
  const job = findObject(objects, 'Job', `migrate-${app.name}`);
  const jobContainer = (job?.['spec'] as { template: PodTemplate } | undefined)?.template.spec.containers.find((candidate) =>
    candidate.command?.includes(`apps/${app.name}/dist/migrate.js`),
  );
  if (!job || !jobContainer) problems.push(`${app.name}: no Job migrate-${app.name} running apps/${app.name}/dist/migrate.js`);
  else problems.push(...envProblems(`${app.name} migration Job`, app, containerEnv(objects, jobContainer), false));
  const deployment = findObject(objects, 'Deployment', app.name);
  const init = (deployment?.['spec'] as { template: PodTemplate } | undefined)?.template.spec.initContainers?.find(
    (candidate) => candidate.command?.includes(`apps/${app.name}/dist/migrate.js`) && candidate.command.includes('--wait'),
  );
  if (!init) problems.push(`${app.name}: its Deployment does not wait for its migrations (init container migrate.js --wait)`);
  else problems.push(...envProblems(`${app.name} wait-for-migrations`, app, containerEnv(objects, init), false));
  return problems;
}

function refreshProblems(objects: K8sObject[], apps: AppFacts[]): string[] {
  const problems: string[] = [];
  const layer = apps.find((app) => app.name === 'layer-svc');
  const cadences = [...new Set(LAYER_CATALOGUE.map((definition) => definition.cadence))];
  for (const cadence of cadences) {
    const cron = findObject(objects, 'CronJob', `refresh-${cadence}`);
    if (!cron) {
      problems.push(`no CronJob refresh-${cadence} for the catalogue's ${cadence} layers`);
      continue;
    }
    const spec = cron['spec'] as { concurrencyPolicy?: string; jobTemplate: { spec: { template: PodTemplate } } };
    if (spec.concurrencyPolicy !== 'Forbid') problems.push(`refresh-${cadence}: concurrencyPolicy must be Forbid`);
    const container = spec.jobTemplate.spec.template.spec.containers[0];
    const command = container?.command ?? [];
    if (!command.includes('refresh-cadence') || command[command.indexOf('refresh-cadence') + 1] !== cadence) {
      problems.push(`refresh-${cadence}: does not run layers.cli.js refresh-cadence ${cadence}`);
    }
    if (layer && container) problems.push(...envProblems(`refresh-${cadence}`, layer, containerEnv(objects, container), false));
  }
  return problems;
}
