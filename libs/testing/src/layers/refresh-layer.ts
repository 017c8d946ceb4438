import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testEnvironment } from '../stack/test-env.js';

const run = promisify(execFile);

/**
 * Refreshes a layer the way production does: layer-svc's refresh pipeline, run as its built CLI
 * (a service never imports another service's code). With `natsUrl` the refresh event is published.
 */
export async function refreshLayer(databaseUrl: string, layerId: string, source: string, options: { natsUrl?: string; allowShrink?: boolean } = {}): Promise<void> {
  const { repoRoot } = testEnvironment();
  const args = [join(repoRoot, 'apps/layer-svc/dist/refresh/layers.cli.js'), 'refresh', layerId, '--source', source, ...(options.allowShrink ? ['--allow-shrink'] : [])];
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', TZ: 'UTC', DATABASE_URL: databaseUrl };
  if (options.natsUrl) env['NATS_URL'] = options.natsUrl;
  try {
    await run(process.execPath, args, { cwd: repoRoot, env, timeout: 120_000 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`layers refresh ${layerId} failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
  }
}

/**
 * Writes a layer source (GeoJSON lines, source.json, and coverage.json when the source covers
 * only some gminas) into a fresh temporary folder and returns the path of the lines file.
 */
export function writeLayerSource(layerId: string, lines: string, coverageGminas: string[] | null, note = 'written by a test, not real data'): string {
  const dir = mkdtempSync(join(tmpdir(), `lp-${layerId}-`));
  writeFileSync(join(dir, `${layerId}.geojsonl`), lines);
  writeFileSync(join(dir, `${layerId}.source.json`), JSON.stringify({ source_url: 'test', note }));
  if (coverageGminas) writeFileSync(join(dir, `${layerId}.coverage.json`), JSON.stringify({ gminas: coverageGminas }));
  return join(dir, `${layerId}.geojsonl`);
}

/** Retries an assertion until it passes or the time is up (events are handled asynchronously). */
export async function eventually(assertion: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
