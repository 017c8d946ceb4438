import { findLayer } from '@lp/contracts';

/** One source per layer id: a file, an http(s) URL or `WFS:...` (what `refresh --source` takes). */
export type SourceMap = Record<string, string>;

/**
 * Reads the sources file of `layers.cli.js refresh-cadence` (the ConfigMap `layer-sources` of the
 * Kubernetes CronJobs): a JSON object of catalogue layer id to source. Throws, naming `where`, when
 * it is not such an object or names a layer the catalogue does not have, so a typo fails the run
 * instead of leaving a layer silently unrefreshed.
 */
export function parseSourceMap(text: string, where: string): SourceMap {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !Object.values(parsed).every((value) => typeof value === 'string' && value.trim() !== '')) {
    throw new Error(`${where} must be a JSON object of layer id to source (file, http(s) URL or WFS:...)`);
  }
  const unknown = Object.keys(parsed).filter((id) => !findLayer(id));
  if (unknown.length > 0) throw new Error(`${where} names layers that are not in the catalogue: ${unknown.join(', ')}`);
  return parsed as SourceMap;
}
