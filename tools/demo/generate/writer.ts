/**
 * Output of the demo generator (tools/demo/SOURCE-FORMAT.md): one `<layer>.geojsonl` per layer
 * (GeoJSONSeq, EPSG:4326, at most 7 decimals, one Feature a line), `<layer>.coverage.json`,
 * `<layer>.source.json`, and `manifest.json` with the feature counts.
 *
 * Properties are written in a fixed order (id, kind, name, teryt, then the attributes in the order
 * given); null attributes other than name and teryt are left out. Files are written to a temporary
 * name and renamed when the layer is closed, so a failed run never leaves a half file that looks
 * complete. Layers not selected with `--only` are generated (other families may need the scratch
 * tables) but not written.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { findLayer, type LayerDefinition } from '@lp/contracts';

export interface SourceInfo {
  /** Where the data comes from: `generated://tools/demo/<family>` or the shared-data path */
  source_url: string;
  note: string;
  /** Real data: the shared-data files it came from (relative to the data dir) */
  files?: string[];
  licence?: string;
}

export interface LayerOptions {
  /** Gminas covered (7-digit); null: national, no coverage file (real national data only) */
  coverage: readonly string[] | null;
  source: SourceInfo;
}

export type Properties = Record<string, unknown> & { id: string; kind?: string };

const FLUSH_BYTES = 1 << 20;
const FETCH_ROWS = 2000;

/** Not catalogue layers but written beside them (SOURCE-FORMAT.md "Not layers"). */
const EXTRA_FILES = new Set(['addresses']);

export class LayerWriter {
  private fd: number | null;
  private buffer: string[] = [];
  private bufferBytes = 0;
  private readonly ids = new Set<string>();
  private readonly definition: LayerDefinition | undefined;
  private readonly kinds: Set<string> | null;
  private readonly required: string[];
  count = 0;
  readonly startedAt = process.hrtime.bigint();
  durationMs = 0;

  constructor(
    readonly layerId: string,
    private readonly tmpPath: string | null,
    private readonly finalPath: string,
    private readonly onClose: (layer: LayerWriter) => void,
  ) {
    this.fd = tmpPath ? fs.openSync(tmpPath, 'w') : null;
    this.definition = findLayer(layerId);
    if (!this.definition && !EXTRA_FILES.has(layerId)) throw new Error(`unknown layer ${layerId}`);
    this.kinds = this.definition ? new Set(this.definition.kinds.map((k) => k.id)) : null;
    this.required = this.definition ? this.definition.attributes.filter((a) => a.required).map((a) => a.name) : [];
  }

  /**
   * Writes one feature. `geometry` is GeoJSON text (as from ST_AsGeoJSON, compact) or an object.
   * Throws on a duplicate id, an unknown kind or a missing required attribute: a generator bug.
   */
  write(geometry: string | object | null, properties: Properties): void {
    const { id, kind, name, teryt, ...rest } = properties;
    if (typeof id !== 'string' || id.length === 0) throw new Error(`${this.layerId}: feature without id`);
    if (this.ids.has(id)) throw new Error(`${this.layerId}: duplicate id ${id}`);
    this.ids.add(id);
    if (this.kinds && !this.kinds.has(kind as string)) throw new Error(`${this.layerId}: unknown kind ${kind} (${id})`);
    // not a layer (addresses): the properties as given, id first
    const props: Record<string, unknown> = this.definition ? { id, kind, name: name ?? null, teryt: teryt ?? null } : { ...properties };
    if (this.definition) for (const [k, v] of Object.entries(rest)) if (v !== null && v !== undefined) props[k] = v;
    for (const r of this.required) {
      if (props[r] === null || props[r] === undefined) throw new Error(`${this.layerId}: ${id} lacks required ${r}`);
    }
    this.count++;
    if (this.fd === null) return;
    const geom = geometry === null ? 'null' : typeof geometry === 'string' ? geometry : JSON.stringify(geometry);
    const line = `{"type":"Feature","geometry":${geom},"properties":${JSON.stringify(props)}}\n`;
    this.buffer.push(line);
    this.bufferBytes += line.length;
    if (this.bufferBytes >= FLUSH_BYTES) this.flush();
  }

  private flush(): void {
    if (this.fd !== null && this.buffer.length > 0) fs.writeSync(this.fd, this.buffer.join(''));
    this.buffer = [];
    this.bufferBytes = 0;
  }

  close(): number {
    this.flush();
    if (this.fd !== null) {
      fs.closeSync(this.fd);
      this.fd = null;
      fs.renameSync(this.tmpPath!, this.finalPath);
    }
    this.durationMs = Number(process.hrtime.bigint() - this.startedAt) / 1e6;
    this.onClose(this);
    return this.count;
  }
}

export class OutputWriter {
  readonly counts = new Map<string, number>();
  /** Extra manifest entries (e.g. admin units without geometry), by key */
  readonly manifestExtras = new Map<string, unknown>();

  constructor(
    readonly dir: string,
    /** Layers to write; null: all */
    private readonly selected: ReadonlySet<string> | null,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    fs.mkdirSync(dir, { recursive: true });
  }

  isSelected(layerId: string): boolean {
    return this.selected === null || this.selected.has(layerId);
  }

  /** Opens a layer: writes its sidecars now, the features through the returned writer. */
  layer(layerId: string, options: LayerOptions): LayerWriter {
    const selected = this.isSelected(layerId);
    const finalPath = path.join(this.dir, `${layerId}.geojsonl`);
    if (selected) {
      const coveragePath = path.join(this.dir, `${layerId}.coverage.json`);
      if (options.coverage) {
        const gminas = [...new Set(options.coverage)].sort();
        fs.writeFileSync(coveragePath, `${JSON.stringify({ gminas })}\n`);
      } else if (fs.existsSync(coveragePath)) {
        fs.rmSync(coveragePath);
      }
      if (!EXTRA_FILES.has(layerId)) {
        fs.writeFileSync(path.join(this.dir, `${layerId}.source.json`), `${JSON.stringify(options.source, null, 2)}\n`);
      }
    }
    return new LayerWriter(layerId, selected ? `${finalPath}.tmp` : null, finalPath, (w) => {
      if (selected) this.counts.set(w.layerId, w.count);
      this.log(`  ${w.layerId}: ${w.count} features${selected ? '' : ' (not written)'} (${(w.durationMs / 1000).toFixed(1)} s)`);
    });
  }

  /**
   * Streams a query into a layer through a server-side cursor. The query returns `geometry`
   * (GeoJSON text, e.g. ST_AsGeoJSON(ST_Transform(geom, 4326), 7)) and `properties` (json built
   * with json_build_object so the key order is kept), ORDER BY a unique key.
   */
  async writeQuery(db: pg.Pool, layer: LayerWriter, sql: string, params: unknown[] = []): Promise<number> {
    if (!this.isSelected(layer.layerId)) return 0;
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DECLARE demo_out NO SCROLL CURSOR FOR ${sql}`, params);
      for (;;) {
        const { rows } = await client.query<{ geometry: string | null; properties: Properties }>(`FETCH ${FETCH_ROWS} FROM demo_out`);
        for (const row of rows) layer.write(row.geometry, row.properties);
        if (rows.length < FETCH_ROWS) break;
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    return layer.count;
  }

  /** Writes manifest.json; with `merge` (an `--only` run) the counts of other layers are kept. */
  writeManifest(meta: { scale: string; seed: string; generated_at: string }, merge: boolean): void {
    const file = path.join(this.dir, 'manifest.json');
    let layers: Record<string, { features: number }> = {};
    let extras: Record<string, unknown> = {};
    if (merge && fs.existsSync(file)) {
      const previous = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      if (previous['scale'] === meta.scale && previous['seed'] === meta.seed) {
        layers = (previous['layers'] as typeof layers) ?? {};
        const { scale: _s, seed: _d, generated_at: _g, layers: _l, ...rest } = previous;
        extras = rest;
      }
    }
    for (const [id, n] of this.counts) if (!EXTRA_FILES.has(id)) layers[id] = { features: n };
    const files: Record<string, { features: number }> = (extras['files'] as typeof files) ?? {};
    for (const [id, n] of this.counts) if (EXTRA_FILES.has(id)) files[id] = { features: n };
    for (const [k, v] of this.manifestExtras) extras[k] = v;
    if (Object.keys(files).length > 0) extras['files'] = sortKeys(files);
    const manifest = { ...meta, layers: sortKeys(layers), ...sortKeys(extras) };
    fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
