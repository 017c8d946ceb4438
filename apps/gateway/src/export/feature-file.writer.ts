import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

/** A GeoJSON feature as the exports write it: the geometry as received (WGS84), flat properties. */
export interface ExportFeature {
  type: 'Feature';
  geometry: unknown;
  properties: Record<string, unknown>;
}

/**
 * The features of an export, written to disk as one GeoJSON FeatureCollection while they arrive
 * page by page, so an export of 50,000 features never sits in the gateway's memory; ogr2ogr
 * reads the file afterwards.
 */
export class FeatureFileWriter {
  private readonly out: WriteStream;
  private written = 0;
  private failure: Error | null = null;

  constructor(readonly path: string) {
    this.out = createWriteStream(path);
    // Without a listener an 'error' (a full disk, or the folder removed while the file still
    // opens after an early failure) would end the process: it is kept and thrown by the next call.
    this.out.on('error', (error) => (this.failure ??= error));
    this.out.write('{"type":"FeatureCollection","features":[\n');
  }

  get count(): number {
    return this.written;
  }

  async write(feature: ExportFeature): Promise<void> {
    if (this.failure) throw this.failure;
    const text = (this.written === 0 ? '' : ',\n') + JSON.stringify(feature);
    this.written += 1;
    if (!this.out.write(text)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    this.out.end('\n]}\n');
    await once(this.out, 'finish');
  }

  /** On failure: the caller removes the folder; the stream only has to let go of the file. */
  destroy(): void {
    this.out.destroy();
  }
}

/**
 * Nested values (provenance, score components) become JSON text: CSV and FlatGeobuf have no
 * object type, and one rule for every format keeps the columns the same in all four.
 */
export function flatProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    flat[key] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return flat;
}
