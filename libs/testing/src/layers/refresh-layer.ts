import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAppCli } from '../stack/app-cli.js';

/**
 * Refreshes a layer the way production does: layer-svc's refresh pipeline, run as its built CLI
 * (a service never imports another service's code), as layer-svc's database role. With `natsUrl` the refresh event is published.
 */
export async function refreshLayer(databaseUrl: string, layerId: string, source: string, options: { natsUrl?: string; allowShrink?: boolean } = {}): Promise<void> {
  const args = ['refresh', layerId, '--source', source, ...(options.allowShrink ? ['--allow-shrink'] : [])];
  const run = await runAppCli('layer-svc', 'refresh/layers.cli.js', args, { databaseUrl, natsUrl: options.natsUrl, timeoutMs: 120_000 });
  if (run.code !== 0) throw new Error(`layers refresh ${layerId} failed with ${run.code}:\n${run.stdout}\n${run.stderr}`);
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
