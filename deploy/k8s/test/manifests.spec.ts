import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadEnv, startOpsServer } from '@lp/runtime';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { LAYER_CATALOGUE } from '@lp/contracts';
import { entrySources, fetchable, parseSourceMap } from '../../../apps/layer-svc/src/refresh/source-map.js';
import { McpSvcEnv } from '../../../apps/mcp-svc/src/config/mcp-svc.env.js';
import { startMcpSvc, type RunningMcpSvc } from '../../../apps/mcp-svc/src/mcp-svc.app.js';
import { appInventory, REPO_ROOT, type AppFacts } from './app-inventory.js';
import { consistencyProblems, type Listener, type PathAnswers } from './consistency.js';
import { findObject, OVERLAYS, renderOverlay, type K8sObject, type Overlay } from './render.js';
import { refreshCronJobsYaml, refreshJobs, VOIVODESHIPS } from './refresh-cronjobs.js';
import { schemaProblems } from './schema-validation.js';

/** Secrets operators make: CloudNativePG's CA, cert-manager's TLS certificate for the Ingress. */
const OPERATOR_SECRETS = new Set(['landparcel-pg-ca', 'landparcel-tls']);

describe('Kubernetes manifests (deploy/k8s)', () => {
  const rendered = new Map<Overlay, K8sObject[]>();
  let apps: AppFacts[];
  let ops: Server;
  let mcp: RunningMcpSvc;
  let answers: PathAnswers;

  beforeAll(async () => {
    for (const overlay of OVERLAYS) rendered.set(overlay, renderOverlay(overlay));
    apps = await appInventory();
    // The real servers behind the probes: the ops port of the gateway and every service, and mcp-svc.
    ops = await startOpsServer(0, {}, '127.0.0.1');
    mcp = await startMcpSvc(loadEnv(McpSvcEnv, { GATEWAY_URL: 'http://127.0.0.1:9', MCP_PORT: '0', LOG_LEVEL: 'error', ACCESS_LOG: 'false' }));
    const bases: Record<Listener, string> = { ops: `http://127.0.0.1:${(ops.address() as AddressInfo).port}`, mcp: mcp.url };
    answers = async (listener, path) => (await fetch(`${bases[listener]}${path}`)).status !== 404;
  });
  afterAll(async () => {
    await new Promise((resolve) => ops?.close(resolve));
    await mcp?.close();
  });

  const objects = (overlay: Overlay): K8sObject[] => {
    const list = rendered.get(overlay);
    if (!list) throw new Error(`${overlay} was not rendered`);
    return list;
  };
  const copyOf = (overlay: Overlay): K8sObject[] => structuredClone(objects(overlay));

  it('holds the refresh CronJobs the generator makes from sources.json and the catalogue (LP_UPDATE_K8S=1 rewrites them)', () => {
    const dir = join(REPO_ROOT, 'deploy/k8s/base/refresh');
    const generated = refreshCronJobsYaml(parseSourceMap(readFileSync(join(dir, 'sources.json'), 'utf8'), 'sources.json'));
    if (process.env['LP_UPDATE_K8S'] === '1') writeFileSync(join(dir, 'cronjobs.yaml'), generated);
    expect(readFileSync(join(dir, 'cronjobs.yaml'), 'utf8')).toBe(generated);
  });

  it('finds every app of the repository', () => {
    expect(apps.map((app) => app.name)).toEqual(['gateway', 'geocode-svc', 'layer-svc', 'market-svc', 'mcp-svc', 'parcel-svc', 'search-svc', 'watches-svc']);
  });

  for (const overlay of OVERLAYS) {
    describe(`overlay ${overlay}`, () => {
      it('validates every object against the Kubernetes schemas and the CloudNativePG CRDs', async () => {
        const problems: string[] = [];
        for (const object of objects(overlay)) {
          for (const problem of await schemaProblems(object)) problems.push(`${object.kind} ${object.metadata.name}: ${problem}`);
        }
        expect(problems).toEqual([]);
        expect(objects(overlay).filter((object) => object.apiVersion.startsWith('postgresql.cnpg.io')).length).toBeGreaterThan(0);
      });

      it('matches the apps: env classes, probes, Deployment/HPA/PDB, migrations, refresh CronJobs', async () => {
        expect(await consistencyProblems(objects(overlay), apps, answers)).toEqual([]);
      });

      it('runs every pod non-root, read-only, without privilege escalation, with requests and a memory limit', () => {
        const problems: string[] = [];
        for (const [name, pod] of podSpecs(objects(overlay))) {
          if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot`);
          for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
            const security = container.securityContext ?? {};
            if (security.readOnlyRootFilesystem !== true) problems.push(`${name}/${container.name}: readOnlyRootFilesystem`);
            if (security.allowPrivilegeEscalation !== false) problems.push(`${name}/${container.name}: allowPrivilegeEscalation`);
            if (!security.capabilities?.drop?.includes('ALL')) problems.push(`${name}/${container.name}: capabilities not dropped`);
            if (!container.resources?.requests?.cpu || !container.resources.requests.memory || !container.resources.limits?.memory) {
              problems.push(`${name}/${container.name}: resources`);
            }
          }
        }
        expect(problems).toEqual([]);
      });

      it('exposes only the gateway and mcp-svc publicly; ops ports are never routed', () => {
        const ingresses = objects(overlay).filter((object) => object.kind === 'Ingress');
        const backends = ingresses.flatMap((ingress) =>
          (ingress['spec'] as IngressSpec).rules.flatMap((rule) => rule.http.paths.map((path) => `${path.backend.service.name}:${path.backend.service.port.name}`)),
        );
        expect(new Set(backends)).toEqual(new Set(['gateway:http', 'mcp-svc:http']));
        const services = objects(overlay).filter((object) => object.kind === 'Service' && !object.metadata.name.startsWith('nats'));
        expect(services.map((service) => service.metadata.name).sort()).toEqual(['gateway', 'mcp-svc']);
        for (const service of services) {
          expect((service['spec'] as { ports: Array<{ targetPort: string }> }).ports.map((port) => port.targetPort)).toEqual(['http']);
        }
      });

      it('runs one refresh CronJob per layer with a source and per voivodeship of a layer by parts, from real public endpoints', () => {
        const config = objects(overlay).find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('layer-sources'));
        const text = (config?.['data'] as Record<string, string> | undefined)?.['sources.json'] ?? '';
        const sources = parseSourceMap(text, 'layer-sources sources.json');
        expect(Object.keys(sources).sort()).toEqual(LAYER_CATALOGUE.map((layer) => layer.id).sort());
        // Every source is a public register's own address: no placeholder host, no file of an import job.
        for (const source of Object.values(sources).filter(fetchable).flatMap(entrySources)) {
          expect(source).toMatch(/^(https:\/\/|WFS:https:\/\/)[a-z0-9.-]+\.(gov\.pl|geofabrik\.de)\//);
          expect(source).not.toMatch(/example|localhost|landparcel/);
        }
        const refreshJobsRendered = objects(overlay).filter((object) => object.kind === 'CronJob' && object.metadata.labels?.['app.kubernetes.io/component'] === 'refresh');
        const expected = refreshJobs(sources);
        expect(refreshJobsRendered.map((job) => job.metadata.name).sort()).toEqual(expected.map((job) => job.name).sort());
        expect(expected.filter((job) => job.layerId === 'parcels').map((job) => job.within)).toEqual(VOIVODESHIPS);
        expect(expected.filter((job) => job.layerId === 'env_layers').map((job) => job.within)).toEqual([null]);
        for (const job of refreshJobsRendered) {
          const pod = (job['spec'] as { jobTemplate: { spec: DeploymentSpec } }).jobTemplate.spec.template.spec as PodSpecShape & { volumes: Array<{ name: string; configMap?: { name: string } }> };
          const container = pod.containers[0] as ContainerSpec & { command: string[]; volumeMounts: Array<{ name: string; mountPath: string }> };
          const path = container.command[container.command.indexOf('--sources') + 1] ?? '';
          // The file --sources names is a key of the mounted ConfigMap (its name carries kustomize's hash).
          const mount = container.volumeMounts.find((candidate) => path.startsWith(`${candidate.mountPath}/`));
          const configName = pod.volumes.find((volume) => volume.name === mount?.name)?.configMap?.name ?? '';
          expect([job.metadata.name, configName]).toEqual([job.metadata.name, config?.metadata.name]);
          expect(path.slice((mount?.mountPath.length ?? 0) + 1)).toBe('sources.json');
        }
      });

      it('bootstraps PostgreSQL with the roles SQL npm start and npm test apply, and gives each of its roles a login', () => {
        const cluster = findObject(objects(overlay), 'Cluster', 'landparcel-pg') as K8sObject;
        const spec = cluster['spec'] as {
          bootstrap: { initdb: { postInitApplicationSQLRefs?: { configMapRefs?: Array<{ name: string; key: string }> }; postInitApplicationSQL?: string[] } };
          managed: { roles: Array<{ name: string; login: boolean; passwordSecret: { name: string } }> };
        };
        const refs = spec.bootstrap.initdb.postInitApplicationSQLRefs?.configMapRefs ?? [];
        expect(refs).toHaveLength(1);
        const ref = refs[0] as { name: string; key: string };
        const rendered = (findObject(objects(overlay), 'ConfigMap', ref.name)?.['data'] as Record<string, string> | undefined)?.[ref.key];
        const file = readFileSync(join(REPO_ROOT, 'deploy/k8s/base/postgres/roles.sql'), 'utf8');
        expect(rendered).toBe(file);
        expect(spec.bootstrap.initdb.postInitApplicationSQL).toBeUndefined();
        const sqlRoles = /FOREACH role_name IN ARRAY ARRAY\[([^\]]+)\]/.exec(file)?.[1]?.match(/'([a-z_]+)'/g)?.map((quoted) => quoted.slice(1, -1));
        expect(spec.managed.roles.map((role) => role.name).sort()).toEqual([...(sqlRoles ?? [])].sort());
        expect(spec.managed.roles.every((role) => role.login && role.passwordSecret.name === `pg-role-${role.name.replace(/_/g, '-')}`)).toBe(true);
      });

      it("sends only the apps' lag-tolerant reads to the Cluster's read-only service, and only where it has replicas", () => {
        const cluster = findObject(objects(overlay), 'Cluster', 'landparcel-pg') as K8sObject;
        const instances = (cluster['spec'] as { instances: number }).instances;
        const [readWrite, readOnly] = ['rw', 'ro'].map((suffix) => `@${cluster.metadata.name}-${suffix}:`);
        const uses = databaseHosts(objects(overlay));
        // The read-only service: only in DATABASE_READ_URL of an app's own container, never in an init container, Job or CronJob.
        const readOnlyUses = uses.filter((use) => use.value.includes(readOnly!));
        expect(readOnlyUses.filter((use) => use.variable !== 'DATABASE_READ_URL' || use.init || !use.pod.startsWith('Deployment '))).toEqual([]);
        // DATABASE_READ_URL only ever names the read-only service; DATABASE_URL always the primary.
        expect(uses.filter((use) => use.variable === 'DATABASE_READ_URL' && !use.value.includes(readOnly!))).toEqual([]);
        expect(uses.filter((use) => use.variable === 'DATABASE_URL' && !use.value.includes(readWrite!))).toEqual([]);
        // Exactly the apps whose code routes reads by it (a DatabaseModule with readUrl), wherever the Cluster has replicas.
        const readers = readOnlyUses.map((use) => use.pod.replace('Deployment ', '')).sort();
        const expected = instances > 1 ? apps.filter((app) => app.readsReplica).map((app) => app.name) : [];
        expect(readers).toEqual(expected);
        if (overlay === 'prod') expect(readers.length).toBeGreaterThan(0);
      });

      it('refers only to Secrets it renders, the operator makes, or the operations guide tells the operator to create', () => {
        const referenced = referencedSecrets(objects(overlay));
        const renderedNames = new Set(objects(overlay).filter((object) => object.kind === 'Secret').map((object) => object.metadata.name));
        const external = [...referenced].filter((name) => !renderedNames.has(name) && !OPERATOR_SECRETS.has(name));
        if (overlay === 'dev') expect(external).toEqual([]);
        const guide = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
        expect(external.filter((name) => !guide.includes(name))).toEqual([]);
        expect(referenced.size).toBeGreaterThan(6);
      });
    });
  }

  describe('the consistency check fails when the manifests drift from the apps', () => {
    const problemsAfter = async (change: (objects: K8sObject[]) => void): Promise<string[]> => {
      const changed = copyOf('dev');
      change(changed);
      return consistencyProblems(changed, apps, answers);
    };
    const configOf = (list: K8sObject[], app: string): Record<string, string> => {
      const deployment = findObject(list, 'Deployment', app) as K8sObject;
      const name = (deployment['spec'] as DeploymentSpec).template.spec.containers[0]?.envFrom?.[0]?.configMapRef?.name;
      return findObject(list, 'ConfigMap', name ?? '')?.['data'] as Record<string, string>;
    };
    const mainContainer = (list: K8sObject[], app: string): ContainerSpec =>
      (findObject(list, 'Deployment', app)?.['spec'] as DeploymentSpec).template.spec.containers[0] as ContainerSpec;

    it('when an env class requires a variable the Deployment does not set', async () => {
      const problems = await problemsAfter((list) => delete configOf(list, 'gateway')['PUBLIC_BASE_URL']);
      expect(problems.join('\n')).toMatch(/gateway Deployment: the app would refuse to start: .*PUBLIC_BASE_URL/);
      const noNats = await problemsAfter((list) => {
        const container = mainContainer(list, 'market-svc');
        container.env = container.env?.filter((variable) => variable.name !== 'NATS_URL');
      });
      expect(noNats.join('\n')).toMatch(/market-svc Deployment: the app would refuse to start: .*NATS_URL/);
    });

    it('when a variable is misspelt or invalid', async () => {
      const problems = await problemsAfter((list) => {
        const config = configOf(list, 'parcel-svc');
        config['FACTS_BILDER'] = 'on';
        config['DB_POOL_SIZE'] = 'many';
      });
      expect(problems.join('\n')).toMatch(/parcel-svc Deployment: sets variables parcel-svc does not read: FACTS_BILDER/);
      expect(problems.join('\n')).toMatch(/parcel-svc Deployment: the app would refuse to start: .*DB_POOL_SIZE/);
    });

    it('when a probe path or port does not exist in the app', async () => {
      const wrongPath = await problemsAfter((list) => {
        const probe = mainContainer(list, 'search-svc').readinessProbe?.httpGet;
        if (probe) probe.path = '/ready';
      });
      expect(wrongPath).toContain('search-svc: readinessProbe path /ready does not exist on the app\'s ops port');
      const wrongPort = await problemsAfter((list) => {
        const probe = mainContainer(list, 'gateway').livenessProbe?.httpGet;
        if (probe) probe.port = 'http';
      });
      expect(wrongPort.join('\n')).toMatch(/gateway: livenessProbe goes to port 8080, but the app serves \/healthz and \/readyz on OPS_PORT=9090/);
      const loopback = await problemsAfter((list) => (configOf(list, 'layer-svc')['OPS_HOST'] = '127.0.0.1'));
      expect(loopback).toContain("layer-svc: OPS_HOST is loopback, so the kubelet's probes cannot reach OPS_PORT");
    });

    it('when an app lacks its Deployment, HPA, PDB or migration Job', async () => {
      const drop = (kind: string, name: string) => (list: K8sObject[]) => list.splice(list.findIndex((object) => object.kind === kind && object.metadata.name === name), 1);
      expect(await problemsAfter(drop('HorizontalPodAutoscaler', 'parcel-svc'))).toContain('parcel-svc: no HorizontalPodAutoscaler scales its Deployment');
      expect(await problemsAfter(drop('PodDisruptionBudget', 'mcp-svc'))).toContain('mcp-svc: no PodDisruptionBudget selects its pods');
      expect(await problemsAfter(drop('Deployment', 'geocode-svc'))).toContain('geocode-svc: no Deployment');
      expect(await problemsAfter(drop('Job', 'migrate'))).toContain('search-svc: no migration Job runs apps/search-svc/dist/migrate.js');
      expect(await problemsAfter(drop('CronJob', 'refresh-env-layers'))).toContain('no CronJob refresh-env-layers refreshes env_layers');
      expect(await problemsAfter(drop('CronJob', 'refresh-parcels-14'))).toContain('no CronJob refresh-parcels-14 refreshes parcels in voivodeship 14');
    });

    it('when a migration runs before the migrations of the views it reads', async () => {
      expect(apps.find((app) => app.name === 'parcel-svc')?.migratesAfter).toEqual(['layer-svc']);
      const problems = await problemsAfter((list) => {
        const pod = (findObject(list, 'Job', 'migrate')?.['spec'] as DeploymentSpec).template.spec;
        const layer = pod.initContainers?.shift() as ContainerSpec;
        pod.initContainers?.splice(3, 0, layer); // after geocode, market and parcel
      });
      expect(problems).toContain("parcel-svc: its migrations read layer-svc's published views, but the migration Job does not run layer-svc's migrations before them");
      expect(problems).toContain("geocode-svc: its migrations read layer-svc's published views, but the migration Job does not run layer-svc's migrations before them");
      expect(problems.join('\n')).not.toMatch(/market-svc/);
      const concurrent = await problemsAfter((list) => {
        const pod = (findObject(list, 'Job', 'migrate')?.['spec'] as DeploymentSpec).template.spec;
        pod.containers.push(...(pod.initContainers?.splice(0) ?? [])); // all at once
      });
      expect(concurrent.join('\n')).toMatch(/search-svc: its migrations read layer-svc's published views/);
    });

    it("when streams keep fewer copies than NATS has servers (or more)", async () => {
      const prod = copyOf('prod');
      const config = findObject(prod, 'ConfigMap', ((findObject(prod, 'Deployment', 'gateway')?.['spec'] as DeploymentSpec).template.spec.containers[0]?.envFrom?.[1]?.configMapRef?.name ?? '')) as K8sObject;
      expect((config['data'] as Record<string, string>)['NATS_STREAM_REPLICAS']).toBe('3');
      delete (config['data'] as Record<string, string>)['NATS_STREAM_REPLICAS'];
      const problems = await consistencyProblems(prod, apps, answers);
      expect(problems).toContain('gateway Deployment: NATS_STREAM_REPLICAS is 1, but NATS runs 3 server(s): streams and buckets need 3 copies');
      expect(problems).toContain('refresh-air-quality: NATS_STREAM_REPLICAS is 1, but NATS runs 3 server(s): streams and buckets need 3 copies');
      const grown = await problemsAfter((list) => ((findObject(list, 'StatefulSet', 'nats')?.['spec'] as { replicas: number }).replicas = 3));
      expect(grown).toContain('parcel-svc Deployment: NATS_STREAM_REPLICAS is 1, but NATS runs 3 server(s): streams and buckets need 3 copies');
    });

    it('and the schema check refuses unknown CRD fields and wrong types', async () => {
      const cluster = structuredClone(findObject(objects('prod'), 'Cluster', 'landparcel-pg') as K8sObject);
      (cluster['spec'] as Record<string, unknown>)['instance'] = 3;
      expect((await schemaProblems(cluster)).join('\n')).toMatch(/must NOT have additional properties/);
      const deployment = structuredClone(findObject(objects('prod'), 'Deployment', 'gateway') as K8sObject);
      const port = (deployment['spec'] as DeploymentSpec).template.spec.containers[0]?.ports?.[0] as { containerPort: unknown };
      port.containerPort = 'eighty';
      expect((await schemaProblems(deployment)).join('\n')).toMatch(/containerPort must be integer/);
    });
  });
});

interface ContainerSpec {
  name: string;
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  ports?: Array<{ containerPort: number }>;
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; capabilities?: { drop?: string[] } };
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
}
interface PodSpecShape {
  securityContext?: { runAsNonRoot?: boolean };
  containers: ContainerSpec[];
  initContainers?: ContainerSpec[];
}
interface DeploymentSpec {
  template: { spec: PodSpecShape };
}
interface IngressSpec {
  rules: Array<{ http: { paths: Array<{ backend: { service: { name: string; port: { name: string } } } }> } }>;
}

/** Every pod template: Deployments, StatefulSets, Jobs and CronJobs. */
function podSpecs(objects: K8sObject[]): Array<[string, PodSpecShape]> {
  const pods: Array<[string, PodSpecShape]> = [];
  for (const object of objects) {
    const spec = object['spec'] as { template?: { spec: PodSpecShape }; jobTemplate?: { spec: { template: { spec: PodSpecShape } } } } | undefined;
    const pod = spec?.template?.spec ?? spec?.jobTemplate?.spec.template.spec;
    if (pod && ['Deployment', 'StatefulSet', 'Job', 'CronJob'].includes(object.kind)) pods.push([`${object.kind} ${object.metadata.name}`, pod]);
  }
  return pods;
}

interface DatabaseHostUse {
  pod: string;
  init: boolean;
  variable: string;
  value: string;
}

/** Every env value of every pod that names a PostgreSQL URL, with where it is. */
function databaseHosts(objects: K8sObject[]): DatabaseHostUse[] {
  const uses: DatabaseHostUse[] = [];
  for (const [pod, spec] of podSpecs(objects)) {
    for (const [init, containers] of [[false, spec.containers], [true, spec.initContainers ?? []]] as const) {
      for (const container of containers) {
        for (const entry of container.env ?? []) if (entry.value?.startsWith('postgres')) uses.push({ pod, init, variable: entry.name, value: entry.value });
      }
    }
  }
  return uses;
}

/** Secret names referenced anywhere: env, volumes, and the CloudNativePG Cluster. */
function referencedSecrets(objects: K8sObject[]): Set<string> {
  const names = new Set<string>();
  const walk = (value: unknown, parentKey: string): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, parentKey));
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record['secretName'] === 'string') names.add(record['secretName']);
    if (['secretKeyRef', 'secretRef', 'passwordSecret', 'accessKeyId', 'secretAccessKey'].includes(parentKey) && typeof record['name'] === 'string') names.add(record['name']);
    for (const [key, child] of Object.entries(record)) walk(child, key);
  };
  for (const object of objects) if (object.kind !== 'Secret') walk(object['spec'], '');
  return names;
}
