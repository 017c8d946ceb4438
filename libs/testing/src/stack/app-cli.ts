import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { databaseRoleOf, databaseUrlAs } from './app-process.js';
import { testEnvironment } from './test-env.js';

export interface AppCliRun {
  /** The exit code; null when the command was killed (its timeout). */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface AppCliOptions {
  databaseUrl: string;
  natsUrl?: string;
  /** 'own' (the default): as the app's own database role, as the Kubernetes Jobs run it; 'as-given': the URL's user. */
  databaseRole?: 'own' | 'as-given';
  timeoutMs?: number;
}

/**
 * A built command of an app (`node apps/<app>/dist/<script> ...args`), the way the Kubernetes Jobs
 * and `npm run <cli>` run it. Resolves with what it printed and its exit code, failing or not.
 */
export function runAppCli(app: string, script: string, args: string[], options: AppCliOptions): Promise<AppCliRun> {
  const { repoRoot } = testEnvironment();
  const databaseUrl = options.databaseRole === 'as-given' ? options.databaseUrl : databaseUrlAs(options.databaseUrl, databaseRoleOf(app));
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', TZ: 'UTC', DATABASE_URL: databaseUrl, ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}) };
  return new Promise((resolve) => {
    execFile(process.execPath, [join(repoRoot, 'apps', app, 'dist', script), ...args], { cwd: repoRoot, env, timeout: options.timeoutMs ?? 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}
