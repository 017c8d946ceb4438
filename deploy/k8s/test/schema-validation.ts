import { Ajv, type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { K8sObject } from './render.js';
import { K8S_DIR } from './render.js';

interface ModelClass {
  new (data: unknown): { validate(): void };
}

/**
 * Validates one object offline: core kinds against the Kubernetes OpenAPI schemas compiled into the
 * `kubernetes-models` package, CloudNativePG kinds against the vendored CRDs (schemas/). Returns
 * the problems, empty when valid.
 */
export async function schemaProblems(object: K8sObject): Promise<string[]> {
  const crd = crdValidator(object.apiVersion, object.kind);
  if (crd) return crd(object) ? [] : (crd.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim());
  const model = await modelClass(object.apiVersion, object.kind);
  if (!model) return [`no schema known for ${object.apiVersion} ${object.kind}`];
  try {
    new model(object).validate();
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/** kubernetes-models lays its classes out as `<group>/<version>` (the core group as `v1`). */
async function modelClass(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  if (!/^([a-z0-9.-]+\/)?v[0-9a-z]+$/.test(apiVersion) || !/^[A-Z][A-Za-z]+$/.test(kind)) return undefined;
  const module = (await import(`kubernetes-models/${apiVersion}`).catch(() => undefined)) as Record<string, ModelClass> | undefined;
  return module?.[kind];
}

const CRD_FILES: Record<string, string> = {
  'postgresql.cnpg.io/v1/Cluster': 'postgresql.cnpg.io_clusters.yaml',
  'postgresql.cnpg.io/v1/ScheduledBackup': 'postgresql.cnpg.io_scheduledbackups.yaml',
};
const crdValidators = new Map<string, ValidateFunction>();

function crdValidator(apiVersion: string, kind: string): ValidateFunction | undefined {
  const key = `${apiVersion}/${kind}`;
  const file = CRD_FILES[key];
  if (!file) return undefined;
  let validator = crdValidators.get(key);
  if (!validator) {
    const crd = parse(readFileSync(join(K8S_DIR, 'schemas', file), 'utf8')) as CrdDocument;
    const version = crd.spec.versions.find((candidate) => `${crd.spec.group}/${candidate.name}` === apiVersion);
    if (!version) throw new Error(`${file} has no version for ${apiVersion}`);
    const schema = strictStructuralSchema(version.schema.openAPIV3Schema);
    // The API server's own rules: only the structural schema, unknown fields refused (as with
    // kubectl apply --validate=strict), metadata checked by the core model elsewhere.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    validator = ajv.compile(schema);
    crdValidators.set(key, validator);
  }
  return validator;
}

interface CrdDocument {
  spec: { group: string; versions: Array<{ name: string; schema: { openAPIV3Schema: JsonSchema } }> };
}

type JsonSchema = { [keyword: string]: unknown };

/** Adds `additionalProperties: false` wherever a schema lists its properties and keeps no unknown fields. */
function strictStructuralSchema(schema: JsonSchema, path: string[] = []): JsonSchema {
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties' && value && typeof value === 'object') {
      copy[keyword] = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [name, strictStructuralSchema(child, [...path, name])]));
    } else if ((keyword === 'items' || keyword === 'additionalProperties') && value && typeof value === 'object') {
      copy[keyword] = strictStructuralSchema(value as JsonSchema, path);
    } else if (keyword.startsWith('x-kubernetes-')) {
      continue;
    } else {
      copy[keyword] = value;
    }
  }
  const isMetadata = path.length === 1 && path[0] === 'metadata';
  if (copy['properties'] && copy['additionalProperties'] === undefined && !schema['x-kubernetes-preserve-unknown-fields'] && !isMetadata) {
    copy['additionalProperties'] = false;
  }
  return copy;
}
