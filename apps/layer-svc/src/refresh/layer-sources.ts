import { AppError } from '@lp/contracts';
import { existsSync } from 'node:fs';
import { isAbsolute, join, normalize, relative } from 'node:path';

/**
 * Where each layer's source lives for scheduled refreshes: `<dir>/<layer-id>.geojsonl` (the demo
 * generator writes them there; a production deployment points it at its adapters' output). Local
 * files are only read from inside that directory.
 */
export class LayerSources {
  constructor(private readonly dir: string | undefined) {}

  configuredSource(layerId: string): string | null {
    if (!this.dir) return null;
    const path = join(this.dir, `${layerId}.geojsonl`);
    return existsSync(path) ? path : null;
  }

  /** Resolves a requested source: URLs as they are, file names only inside the sources directory. */
  resolve(layerId: string, requested: string | undefined): string {
    if (!requested) {
      const configured = this.configuredSource(layerId);
      if (!configured) throw AppError.invalid(`No source is configured for ${layerId}; pass one (file in LAYER_SOURCES_DIR, http(s) URL or WFS:...).`);
      return configured;
    }
    if (/^(https?:\/\/|WFS:)/i.test(requested)) return requested;
    if (!this.dir) throw AppError.invalid('Local file sources need LAYER_SOURCES_DIR on layer-svc; pass an http(s) URL or WFS:... instead.');
    const path = normalize(isAbsolute(requested) ? requested : join(this.dir, requested));
    const inside = relative(this.dir, path);
    if (inside.startsWith('..') || isAbsolute(inside)) throw AppError.invalid(`Local sources must be inside LAYER_SOURCES_DIR (${this.dir}).`);
    return path;
  }
}
