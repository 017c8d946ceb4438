/**
 * Reads one layer of the demo's GeoJSONSeq sources (EPSG:4326) as features in EPSG:2180, the CRS
 * the registers publish in. GDAL (ogr2ogr, the same PROJ the refresh pipeline uses) transforms the
 * geometry; the properties are taken from the original line, so no value is retyped on the way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Position = [number, number];
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface DemoFeature {
  /** EPSG:2180, easting then northing (GeoJSON order). */
  geometry: Geometry;
  properties: Record<string, unknown> & { id: string; kind: string; name: string | null; teryt: string | null };
}

export function layerFile(dir: string, layerId: string): string {
  return join(dir, `${layerId}.geojsonl`);
}

/** Every feature of a layer, in the file's order (the generator writes them ordered by id). */
export function readLayer2180(dir: string, layerId: string): DemoFeature[] {
  const source = layerFile(dir, layerId);
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  const work = mkdtempSync(join(tmpdir(), 'lp-registers-'));
  try {
    // GeoJSON, not GeoJSONSeq: the sequence driver always writes WGS84, the plain one the CRS asked for.
    const projected = join(work, `${layerId}.geojson`);
    // Millimetres: far below the 7 decimals of a degree (about 1 cm) the demo is written with.
    const run = spawnSync('ogr2ogr', ['-f', 'GeoJSON', projected, source, '-t_srs', 'EPSG:2180', '-lco', 'COORDINATE_PRECISION=3', '-lco', 'WRITE_BBOX=NO'], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`ogr2ogr could not project ${source}: ${run.stderr}`);
    const originals = readFileSync(source, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const collection = JSON.parse(readFileSync(projected, 'utf8')) as { features: Array<{ geometry: Geometry }> };
    const features: DemoFeature[] = [];
    let index = 0;
    for (const { geometry } of collection.features) {
      const original = JSON.parse(originals[index++] ?? 'null') as { properties: DemoFeature['properties'] } | null;
      if (!original) throw new Error(`${source}: GDAL wrote more features than the file holds`);
      features.push({ geometry, properties: original.properties });
    }
    if (index !== originals.length) throw new Error(`${source}: GDAL wrote ${index} of ${originals.length} features`);
    return features;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The properties of a layer without its geometry (names of units and precincts). */
export function readProperties(dir: string, layerId: string): Array<DemoFeature['properties']> {
  return readFileSync(layerFile(dir, layerId), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { properties: DemoFeature['properties'] }).properties);
}
