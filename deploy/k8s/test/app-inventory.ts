import { getMetadataStorage } from 'class-validator';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { K8S_DIR } from './render.js';

export const REPO_ROOT = join(K8S_DIR, '..', '..');

/** What the manifests must know of one app, read from its code. */
export interface AppFacts {
  name: string;
  /** The env class its main.ts validates the environment with. */
  envClass: new () => object;
  /** Every variable the env class declares. */
  envVariables: Set<string>;
  /** It has a migrate.ts: a step of the migration Job and a wait-for-migrations init container. */
  migrates: boolean;
  /** Apps whose published views (`<context>_pub`) its migrations read: they must migrate first. */
  migratesAfter: string[];
  /** Its module gives DatabaseModule a DATABASE_READ_URL: it has reads that tolerate a replica's lag. */
  readsReplica: boolean;
}

/** Every runnable app: a folder of apps/ with src/main.ts. */
export async function appInventory(): Promise<AppFacts[]> {
  const names = readdirSync(join(REPO_ROOT, 'apps')).filter((name) => existsSync(join(REPO_ROOT, 'apps', name, 'src', 'main.ts')));
  // One after another: Jest's ESM loader fails ("request for … is not in cache") when several
  // dynamic imports load the same lib at once.
  const facts: AppFacts[] = [];
  for (const name of names.sort()) facts.push(await appFacts(name));
  return facts;
}

async function appFacts(name: string): Promise<AppFacts> {
  const src = join(REPO_ROOT, 'apps', name, 'src');
  const main = readFileSync(join(src, 'main.ts'), 'utf8');
  const className = /loadEnv\((\w+)\)/.exec(main)?.[1];
  const importPath = className ? new RegExp(`import \\{[^}]*\\b${className}\\b[^}]*\\} from '(\\./[^']+)\\.js'`).exec(main)?.[1] : undefined;
  if (!className || !importPath) throw new Error(`apps/${name}/src/main.ts: no loadEnv(<EnvClass>) with a relative import found`);
  const module = (await import(join(src, importPath))) as Record<string, new () => object>;
  const envClass = module[className];
  if (!envClass) throw new Error(`apps/${name}/src/${importPath}.ts does not export ${className}`);
  const envVariables = new Set(getMetadataStorage().getTargetValidationMetadatas(envClass, '', true, false).map((meta) => meta.propertyName));
  return { name, envClass, envVariables, migrates: existsSync(join(src, 'migrate.ts')), migratesAfter: viewsReadByMigrations(name), readsReplica: readsReplica(src) };
}

/** A `*.module.ts` of the app passes `readUrl: env.DATABASE_READ_URL` (DatabaseModule.forService). */
function readsReplica(src: string): boolean {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.module.ts'))
    .some((path) => /\breadUrl:\s*env\.DATABASE_READ_URL\b/.test(readFileSync(join(src, path), 'utf8')));
}

/** `layer_pub` belongs to layer-svc, `geocode_pub` to geocode-svc: the context's name and `-svc`. */
function viewsReadByMigrations(name: string): string[] {
  const dir = join(REPO_ROOT, 'apps', name, 'src', 'db', 'migrations');
  if (!existsSync(dir)) return [];
  const owners = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))) {
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/\b([a-z]+)_pub\b/g)) {
      const owner = `${match[1]}-svc`;
      if (owner !== name && existsSync(join(REPO_ROOT, 'apps', owner))) owners.add(owner);
    }
  }
  return [...owners].sort();
}
