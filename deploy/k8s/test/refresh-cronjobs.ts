import { LAYER_CATALOGUE, type Cadence } from '@lp/contracts';
import { stringify } from 'yaml';
import { fetchable, type SourceMap } from '../../../apps/layer-svc/src/refresh/source-map.js';

/** Voivodeships by TERYT: a layer harvested by parts runs one CronJob per voivodeship. */
export const VOIVODESHIPS = ['02', '04', '06', '08', '10', '12', '14', '16', '18', '20', '22', '24', '26', '28', '30', '32'];

/** Where each cadence's window starts (Europe/Warsaw) and on which days. */
const WINDOWS: Record<Cadence, { startMinute: number; days: string; deadlineS: number }> = {
  daily: { startMinute: 2 * 60 + 15, days: '* * *', deadlineS: 7200 },
  weekly: { startMinute: 3 * 60 + 30, days: '* * 0', deadlineS: 21600 },
  monthly: { startMinute: 4 * 60, days: '1 * *', deadlineS: 43200 },
  quarterly: { startMinute: 1 * 60, days: '1 1,4,7,10 *', deadlineS: 43200 },
};

export interface RefreshJob {
  name: string;
  layerId: string;
  cadence: Cadence;
  /** The voivodeship whose parts the job refreshes, for a layer by parts. */
  within: string | null;
  schedule: string;
}

/**
 * One CronJob per layer with an open source, and per voivodeship for a layer harvested by parts
 * (powiats or gminas), spread over its cadence's window so that they do not start together;
 * admin_bounds first, as every other layer's gminas and coverage are computed against it.
 */
export function refreshJobs(sources: SourceMap): RefreshJob[] {
  const layers = [...LAYER_CATALOGUE].sort((a, b) => Number(b.id === 'admin_bounds') - Number(a.id === 'admin_bounds'));
  const jobs: RefreshJob[] = [];
  for (const cadence of Object.keys(WINDOWS) as Cadence[]) {
    const planned = layers
      .filter((layer) => layer.cadence === cadence && fetchable(sources[layer.id]))
      .flatMap((layer): Array<Omit<RefreshJob, 'cadence' | 'schedule'>> => {
        const entry = sources[layer.id] as { parts?: string };
        const base = `refresh-${layer.id.replaceAll('_', '-')}`;
        return entry.parts ? VOIVODESHIPS.map((within) => ({ name: `${base}-${within}`, layerId: layer.id, within })) : [{ name: base, layerId: layer.id, within: null }];
      });
    const window = WINDOWS[cadence];
    const spacing = Math.max(1, Math.min(15, Math.floor((22 * 60 - window.startMinute) / Math.max(1, planned.length))));
    planned.forEach((job, index) => {
      const minute = window.startMinute + index * spacing;
      jobs.push({ ...job, cadence, schedule: `${minute % 60} ${Math.floor(minute / 60)} ${window.days}` });
    });
  }
  return jobs;
}

/** The CronJobs of deploy/k8s/base/refresh/cronjobs.yaml, as YAML. */
export function refreshCronJobsYaml(sources: SourceMap): string {
  const header = [
    '# Generated from sources.json and the layer catalogue by deploy/k8s/test/refresh-cronjobs.ts: do not edit.',
    '# Regenerate with LP_UPDATE_K8S=1 npm test -- deploy/k8s/test/manifests after changing sources.json.',
    '# One CronJob per layer with an open source; a layer harvested by parts (voivodeships, powiats or gminas) has one',
    '# per voivodeship, each refreshing that voivodeship\'s parts as one resumable run.',
  ].join('\n');
  return `${header}\n${refreshJobs(sources).map((job) => stringify(cronJob(job), { lineWidth: 0 })).join('---\n')}`;
}

function cronJob(job: RefreshJob): object {
  const labels = { 'app.kubernetes.io/name': job.name, 'app.kubernetes.io/component': 'refresh', 'landparcel.io/layer': job.layerId };
  const command = ['node', 'apps/layer-svc/dist/refresh/layers.cli.js', 'refresh-scheduled', job.layerId, '--sources', '/etc/landparcel/layer-sources/sources.json', ...(job.within ? ['--within', job.within] : [])];
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: job.name, labels },
    spec: {
      schedule: job.schedule,
      timeZone: 'Europe/Warsaw',
      // Never two runs of one job at once; the pipeline also locks per layer, and a part group
      // waits for another group of its layer to finish.
      concurrencyPolicy: 'Forbid',
      startingDeadlineSeconds: 3600,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 5,
      jobTemplate: {
        spec: {
          // A failed layer or part keeps its previous rows served; a harvest that stopped resumes next time.
          backoffLimit: 1,
          activeDeadlineSeconds: job.within ? 21600 : WINDOWS[job.cadence].deadlineS,
          template: {
            metadata: { labels: { ...labels, 'landparcel.io/db-client': 'true', 'landparcel.io/nats-client': 'true', 'landparcel.io/source-fetcher': 'true' } },
            spec: {
              restartPolicy: 'Never',
              automountServiceAccountToken: false,
              securityContext: { runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001, fsGroup: 10001, seccompProfile: { type: 'RuntimeDefault' } },
              containers: [
                {
                  name: 'refresh',
                  image: 'landparcel/layer-svc',
                  command,
                  envFrom: [{ configMapRef: { name: 'jetstream-config' } }],
                  env: [
                    { name: 'NATS_URL', value: 'nats://nats:4222' },
                    { name: 'DB_USER', valueFrom: { secretKeyRef: { name: 'pg-role-layer-svc', key: 'username' } } },
                    { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'pg-role-layer-svc', key: 'password' } } },
                    {
                      name: 'DATABASE_URL',
                      value: 'postgres://$(DB_USER):$(DB_PASSWORD)@landparcel-pg-rw:5432/landparcel?sslmode=verify-full&sslrootcert=/etc/landparcel/pg-ca/ca.crt',
                    },
                  ],
                  resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { memory: '2Gi' } },
                  securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, privileged: false, capabilities: { drop: ['ALL'] } },
                  volumeMounts: [
                    { name: 'tmp', mountPath: '/tmp' },
                    { name: 'sources', mountPath: '/etc/landparcel/layer-sources', readOnly: true },
                    { name: 'pg-ca', mountPath: '/etc/landparcel/pg-ca', readOnly: true },
                  ],
                },
              ],
              volumes: [
                // ogr2ogr's downloads and scratch files.
                { name: 'tmp', emptyDir: { sizeLimit: '20Gi' } },
                { name: 'sources', configMap: { name: 'layer-sources' } },
                { name: 'pg-ca', secret: { secretName: 'landparcel-pg-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
              ],
            },
          },
        },
      },
    },
  };
}
