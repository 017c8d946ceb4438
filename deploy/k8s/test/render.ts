import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** One rendered Kubernetes object, as kubectl would send it. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export const K8S_DIR = join(import.meta.dirname, '..');
export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/**
 * `kubectl kustomize` of one overlay, parsed. tools/test/run.sh makes sure kubectl is there (the
 * machine image ships it; Debian's kubernetes-client is too old for these kustomizations).
 */
export function renderOverlay(overlay: Overlay): K8sObject[] {
  const kubectl = process.env['LP_TEST_KUBECTL'] ?? 'kubectl';
  const text = execFileSync(kubectl, ['kustomize', join(K8S_DIR, 'overlays', overlay)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length > 0) throw new Error(`kubectl kustomize ${overlay} printed invalid YAML: ${document.errors[0]?.message}`);
    return document.toJS() as K8sObject;
  });
}

export function objectsOfKind<T = K8sObject>(objects: K8sObject[], kind: string): Array<K8sObject & T> {
  return objects.filter((object) => object.kind === kind) as Array<K8sObject & T>;
}

export function findObject(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((object) => object.kind === kind && object.metadata.name === name);
}
