import type { TerrainView } from '@lp/contracts';
import type { GminaCoverage, LayerSources } from '../layer-coverage.js';
import { sourcesOf } from '../layer-coverage.js';

export type RawTerrain = Omit<TerrainView, 'coverage' | 'sources'> | null;

/** The terrain block: the figures where terrain_stats has them, else only coverage saying why not. */
export function composeTerrain(raw: RawTerrain, coverage: GminaCoverage, sources: LayerSources): TerrainView {
  const notes = new Map<string, string>();
  if (!raw) {
    notes.set(
      'terrain_stats',
      coverage.has('terrain_stats')
        ? 'terrain_stats has data in this gmina but none for this parcel; elevation and slope are unknown, not zero.'
        : 'terrain_stats is rolling out powiat by powiat and has no data here yet; elevation and slope are unknown, not zero.',
    );
  }
  const figures = raw ? Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null)) : {};
  const status = raw ? coverage.status('terrain_stats') : coverage.has('terrain_stats') ? 'partial' : coverage.status('terrain_stats');
  const [entry] = coverage.entries(['terrain_stats'], notes);
  return {
    ...figures,
    coverage: [{ ...entry!, status }],
    sources: sourcesOf(['parcels', 'terrain_stats'], sources),
  };
}
