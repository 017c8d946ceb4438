import type { LayerDefinition } from '@lp/contracts';
import type { QueryRunner } from 'typeorm';
import {
  checkedLayerId,
  createVersionTableSql,
  dropVersionTableSql,
  indexVersionTableSql,
  layerViewSql,
  subdividedTableName,
  subdividedViewSql,
  versionTableName,
} from './layer-tables.js';
import { terytDigits } from './teryt-level.js';

/** SQL types of staged columns that already hold a catalogue type as it should be. */
const STAGE_TYPE_FITS: Record<string, string[]> = {
  number: ['double precision', 'integer', 'bigint', 'numeric', 'real', 'smallint'],
  integer: ['integer', 'bigint', 'smallint'],
  boolean: ['boolean'],
  date: ['date'],
  string: ['character varying', 'text'],
};

/** Quotes a column name that came from a source file. */
function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Poland's extent in EPSG:2180 with a margin: features wholly outside it are rejected. */
const POLAND_2180 = 'ST_MakeEnvelope(130000, 100000, 900000, 800000, 2180)';

const GEOMETRY_FAMILY: Record<string, { dimension: number; label: string }> = {
  Point: { dimension: 1, label: 'points' },
  LineString: { dimension: 2, label: 'lines' },
  Polygon: { dimension: 3, label: 'polygons' },
  Raster: { dimension: 3, label: 'polygons (raster sheet footprints)' },
  None: { dimension: 3, label: 'polygons' },
};

export interface LayerState {
  layer_id: string;
  version: number;
  table_name: string | null;
  feature_count: number;
  refreshed_at: Date | null;
  run_id: string | null;
  coverage_gminas: string[] | null;
}

/** A column of a stage table as GDAL made it. */
export interface StageColumn {
  name: string;
  type: string;
}

/**
 * The columns a stage table holds (minus geometry and GDAL's fid), with their SQL types: what a
 * plain load copies into a version and what a register's profile maps from.
 */
export async function stageColumnsOf(db: { query(sql: string, params?: unknown[]): Promise<unknown> }, stageTable: string): Promise<StageColumn[]> {
  const rows = (await db.query(
    `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_schema = 'layer_stage' AND table_name = $1 AND column_name NOT IN ('geom', 'ogc_fid')
     ORDER BY ordinal_position`,
    [stageTable],
  )) as Array<{ column_name: string; data_type: string }>;
  return rows.map((row) => ({ name: row.column_name, type: row.data_type }));
}

/**
 * All SQL of layer storage: version tables, loading from the staging table, validation, the
 * swap of the served version and coverage per region. Runs on one connection (a QueryRunner) so
 * the refresh can hold its advisory lock and its transaction.
 */
export class LayerStorageRepository {
  constructor(private readonly q: QueryRunner) {}

  startTransaction(): Promise<void> {
    return this.q.startTransaction();
  }

  commit(): Promise<void> {
    return this.q.commitTransaction();
  }

  rollback(): Promise<void> {
    return this.q.rollbackTransaction();
  }

  /** Lock waits of the current transaction end after `ms` with lock_not_available (55P03). */
  async setLocalLockTimeout(ms: number): Promise<void> {
    await this.q.query(`SELECT set_config('lock_timeout', $1, true)`, [`${Math.max(1, Math.round(ms))}ms`]);
  }

  /** Sessions holding a lock on a layer's published view, for the message of a swap that gave up. */
  viewLockHolders(layerId: string): Promise<Array<{ pid: number; usename: string | null; xact_start: Date | null }>> {
    return this.q.query(
      `SELECT DISTINCT l.pid, a.usename, a.xact_start
       FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.granted AND l.relation = to_regclass('layer_pub.' || $1) AND l.pid <> pg_backend_pid()
       ORDER BY a.xact_start NULLS LAST LIMIT 5`,
      [checkedLayerId(layerId)],
    );
  }

  async tryLock(layerId: string): Promise<boolean> {
    const rows: Array<{ locked: boolean }> = await this.q.query(`SELECT pg_try_advisory_lock(hashtext('layer-refresh:' || $1)) AS locked`, [layerId]);
    return rows[0]?.locked === true;
  }

  async unlock(layerId: string): Promise<void> {
    await this.q.query(`SELECT pg_advisory_unlock(hashtext('layer-refresh:' || $1))`, [layerId]);
  }

  async nextRunSeq(): Promise<number> {
    const rows: Array<{ seq: string }> = await this.q.query(`SELECT nextval('layer.refresh_run_seq') AS seq`);
    return Number(rows[0]!.seq);
  }

  async state(layerId: string): Promise<LayerState | null> {
    const rows: LayerState[] = await this.q.query(`SELECT * FROM layer.layer_state WHERE layer_id = $1`, [layerId]);
    return rows[0] ? { ...rows[0], feature_count: Number(rows[0].feature_count) } : null;
  }

  async recordRunStart(run: { runId: string; seq: number; layerId: string; sourceUrl: string }): Promise<void> {
    await this.q.query(
      `INSERT INTO layer.refresh_runs (run_id, seq, layer_id, status, source_url, started_at) VALUES ($1, $2, $3, 'running', $4, now())`,
      [run.runId, run.seq, run.layerId, run.sourceUrl],
    );
  }

  async recordRunEnd(run: {
    runId: string;
    status: 'succeeded' | 'failed' | 'not_swapped';
    loaded: number | null;
    previous: number | null;
    error: string | null;
    steps: Record<string, number>;
    /** Rows of the source left out on purpose, each described (absent: none). */
    leftOut?: string[];
  }): Promise<void> {
    await this.q.query(
      `UPDATE layer.refresh_runs
         SET status = $2, finished_at = now(), loaded_count = $3, previous_count = $4, error = $5, steps_ms = $6, left_out = $7
       WHERE run_id = $1`,
      [run.runId, run.status, run.loaded, run.previous, run.error, JSON.stringify(run.steps), run.leftOut?.length ? JSON.stringify(run.leftOut) : null],
    );
  }

  async createVersionTable(table: string): Promise<void> {
    for (const sql of createVersionTableSql(table)) await this.q.query(sql);
  }

  async dropTables(table: string): Promise<void> {
    for (const sql of dropVersionTableSql(table)) await this.q.query(sql);
    await this.forgetExtent(table);
  }

  /** Drops a retired version unless a reader still holds it (then it stays for the next run). */
  async dropTablesWithoutWaiting(table: string): Promise<void> {
    await this.q.startTransaction();
    try {
      await this.setLocalLockTimeout(200);
      for (const sql of dropVersionTableSql(table)) await this.q.query(sql);
      await this.forgetExtent(table);
      await this.q.commitTransaction();
    } catch (error) {
      await this.q.rollbackTransaction();
      throw error;
    }
  }

  async dropStage(stageTable: string): Promise<void> {
    await this.q.query(`DROP TABLE IF EXISTS layer_stage.${stageTable}`);
  }

  /** Columns the source brought (minus geometry and GDAL's fid), with their SQL types. */
  stageColumns(stageTable: string): Promise<StageColumn[]> {
    return stageColumnsOf(this.q, stageTable);
  }

  /** Moves staged rows into the version table: core columns, typed attributes as JSON, repaired geometry. */
  async copyFromStage(layer: LayerDefinition, stageTable: string, table: string, provenance: { runId: string; fetchedAt: Date; sourceUrl: string }): Promise<number> {
    const dimension = GEOMETRY_FAMILY[layer.geometryType]!.dimension;
    // The source's columns as one JSON object, built column by column: to_jsonb(row) would also
    // turn the geometry into GeoJSON first, which cost ten times the rest of the copy.
    const columns = await this.stageColumns(stageTable);
    const params: unknown[] = [dimension, provenance.runId, provenance.fetchedAt, provenance.sourceUrl];
    const pairs = columns.map((column) => {
      params.push(column.name);
      return `$${params.length}::text, st.${quoteIdentifier(column.name)}`;
    });
    const stageType = new Map(columns.map((column) => [column.name, column.type]));
    const source = pairs.length > 0 ? `jsonb_build_object(${pairs.join(', ')})` : `'{}'::jsonb`;
    // Attributes are kept with the types the catalogue gives them: a source that writes numbers as
    // text (CSV, some WFS) is read as numbers; text that is no number stays text and fails validation.
    // Only columns the source typed differently from the catalogue are converted (most are not).
    const typed = layer.attributes
      .filter((attribute) => attribute.name !== 'name' && attribute.name !== 'teryt')
      .filter((attribute) => stageType.has(attribute.name) && !STAGE_TYPE_FITS[attribute.type].includes(stageType.get(attribute.name)!))
      .map((attribute) => `'${attribute.name}', layer.coerce_attribute(j->'${attribute.name}', '${attribute.type}')`);
    const attrs = typed.length > 0 ? `(j - ARRAY['id', 'kind', 'name', 'teryt']) || jsonb_build_object(${typed.join(', ')})` : `j - ARRAY['id', 'kind', 'name', 'teryt']`;
    // The source's box goes into each row as it is written: set afterwards, it rewrote every row (its
    // WAL and a dead copy of the table until vacuum). Expanded by a metre so that a source of one
    // point still covers an area (a polygon).
    await this.q.query(
      `INSERT INTO layer.${table} (ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox)
       SELECT NULLIF(j->>'id', ''), NULLIF(j->>'kind', ''), NULLIF(j->>'name', ''), NULLIF(j->>'teryt', ''),
              jsonb_strip_nulls(${attrs}),
              COALESCE(ST_CollectionExtract(ST_MakeValid(ST_Force2D(s.geom)), $1), 'GEOMETRYCOLLECTION EMPTY'::geometry),
              $2, $3, $4,
              (SELECT ST_Envelope(ST_Transform(ST_Expand(ST_SetSRID(ST_Extent(geom)::geometry, 2180), 1), 4326)) FROM layer_stage.${stageTable})
       FROM (SELECT ${source} AS j, st.geom FROM layer_stage.${stageTable} st) s`,
      params,
    );
    return this.count(table);
  }

  async count(table: string): Promise<number> {
    const rows: Array<{ n: string }> = await this.q.query(`SELECT count(*) AS n FROM layer.${table}`);
    return Number(rows[0]!.n);
  }

  /** Gives features without a gmina the one containing their point on surface. */
  async assignGminas(table: string): Promise<void> {
    // Point-in-polygon against the subdivided gminas: a few dozen vertices per test instead of
    // thousands, an order of magnitude faster for long lines and large polygons.
    await this.q.query(
      `WITH points AS (
         SELECT fid, ST_PointOnSurface(geom) AS p FROM layer.${table} WHERE teryt IS NULL AND NOT ST_IsEmpty(geom)
       ), hits AS (
         SELECT DISTINCT ON (points.fid) points.fid, b.id
         FROM points
         JOIN layer_pub.admin_bounds_subdivided s ON s.kind = 'gmina' AND ST_Intersects(s.geom, points.p)
         JOIN layer_pub.admin_bounds b ON b.fid = s.fid
         ORDER BY points.fid, b.id
       )
       UPDATE layer.${table} f SET teryt = hits.id FROM hits WHERE f.fid = hits.fid`,
    );
  }

  /** Every rule a served version must meet; each broken rule with a few examples. */
  async validate(layer: LayerDefinition, table: string): Promise<string[]> {
    const problems: string[] = [];
    const examples = async (label: string, where: string, params: unknown[] = []): Promise<void> => {
      const rows: Array<{ ext_id: string | null; n: string }> = await this.q.query(
        `SELECT ext_id, count(*) OVER () AS n FROM layer.${table} WHERE ${where} ORDER BY fid LIMIT 3`,
        params,
      );
      if (rows.length > 0) problems.push(`${rows[0]!.n} feature(s) ${label} (e.g. ${rows.map((row) => row.ext_id ?? '(no id)').join(', ')})`);
    };
    await examples('without an id', 'ext_id IS NULL');
    const duplicates: Array<{ ext_id: string }> = await this.q.query(
      `SELECT ext_id FROM layer.${table} WHERE ext_id IS NOT NULL GROUP BY ext_id HAVING count(*) > 1 ORDER BY ext_id LIMIT 3`,
    );
    if (duplicates.length > 0) problems.push(`duplicate ids (e.g. ${duplicates.map((row) => row.ext_id).join(', ')})`);
    const kinds = layer.kinds.map((kind) => kind.id);
    const unknownKinds: Array<{ kind: string | null }> = await this.q.query(
      `SELECT DISTINCT kind FROM layer.${table} WHERE kind IS NULL OR kind <> ALL($1::text[]) ORDER BY kind LIMIT 5`,
      [kinds],
    );
    const found = unknownKinds.map((row) => row.kind ?? '(none)').join(', ');
    await examples(`with a kind (${found}) outside ${kinds.join(', ')}`, `kind IS NULL OR kind <> ALL($1::text[])`, [kinds]);
    await examples(`with an empty or unrepairable geometry (expected ${GEOMETRY_FAMILY[layer.geometryType]!.label})`, 'ST_IsEmpty(geom)');
    await examples('outside Poland', `NOT ST_IsEmpty(geom) AND NOT ST_Intersects(geom, ${POLAND_2180})`);
    for (const attribute of layer.attributes) {
      const value = attribute.name === 'name' || attribute.name === 'teryt' ? attribute.name : `attrs->>'${attribute.name}'`;
      if (attribute.required) await examples(`without the required attribute ${attribute.name}`, `${value} IS NULL`);
      if (attribute.name === 'name' || attribute.name === 'teryt') continue;
      const json = `attrs->'${attribute.name}'`;
      const typeCheck: Record<string, string> = {
        number: `jsonb_typeof(${json}) <> 'number'`,
        integer: `jsonb_typeof(${json}) <> 'number' OR (${json})::numeric <> trunc((${json})::numeric)`,
        boolean: `jsonb_typeof(${json}) <> 'boolean'`,
        date: `jsonb_typeof(${json}) <> 'string' OR NOT (${json} #>> '{}') ~ '^\\d{4}-\\d{2}-\\d{2}'`,
        string: `jsonb_typeof(${json}) NOT IN ('string', 'number', 'boolean')`,
      };
      await examples(`whose ${attribute.name} is not of type ${attribute.type}`, `${json} IS NOT NULL AND (${typeCheck[attribute.type]})`);
    }
    await examples('with a teryt that is not a TERYT code of 2, 4 or 7 digits', `teryt IS NOT NULL AND teryt !~ '^([0-9]{2}|[0-9]{4}|[0-9]{7})$'`);
    // A coarser unit than the catalogue states (a powiat where a gmina is meant) would roll coverage
    // up as if the whole powiat had data; a finer one (a gmina assigned from the geometry) is fine.
    const coarsest = Math.min(...terytDigits(layer));
    await examples(`with a teryt coarser than the ${coarsest}-digit unit the catalogue states`, `teryt ~ '^[0-9]+$' AND length(teryt) < $1`, [coarsest]);
    return problems;
  }

  /**
   * The published views belong to the owner of schema `layer` (layer_svc) and read the version
   * tables with its rights: a refresh run as another role (an operator's superuser, a test) hands
   * the tables it made to that owner, or the views would answer "permission denied".
   */
  private async handToSchemaOwner(tables: readonly string[]): Promise<void> {
    const [row]: Array<{ owner: string; me: string }> = await this.q.query(`SELECT pg_get_userbyid(nspowner) AS owner, current_user AS me FROM pg_namespace WHERE nspname = 'layer'`);
    if (!row || row.owner === row.me) return;
    for (const table of tables) await this.q.query(`ALTER TABLE layer.${table} OWNER TO "${row.owner.replaceAll('"', '""')}"`);
  }

  /** Indexes a built version and measures its extent, before it is served (no reader waits for either). */
  async indexVersionTable(layer: LayerDefinition, table: string): Promise<void> {
    for (const sql of indexVersionTableSql(layer, table)) await this.q.query(sql);
    await this.measureExtent(table);
  }

  private async forgetExtent(table: string): Promise<void> {
    await this.q.query(`DELETE FROM layer.version_extents WHERE table_name = $1`, [table]);
  }

  /**
   * The version's WGS84 extent, exact: every vertex transformed (measured on the demo's parcels, no
   * slower than transforming each feature's box). Transforming the layer's EPSG:2180 box instead
   * overshoots by kilometres where the grid and the meridians diverge (4° at Poland's edges).
   */
  private async measureExtent(table: string): Promise<void> {
    await this.q.query(
      `INSERT INTO layer.version_extents (table_name, extent_wgs84)
       SELECT $1, ST_Extent(ST_Transform(geom, 4326)) FROM layer.${table}
       HAVING count(geom) > 0
       ON CONFLICT (table_name) DO UPDATE SET extent_wgs84 = EXCLUDED.extent_wgs84, measured_at = now()`,
      [table],
    );
  }

  /**
   * Gminas whose features changed between two versions: a feature added, removed, or different in
   * kind, name, gmina, attributes or geometry (provenance columns differ on every run and do not
   * count). With no old version, every gmina of the new one.
   */
  async affectedGminas(oldTable: string | null, newTable: string): Promise<string[]> {
    const content = (table: string): string => `SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.${table}`;
    const changed = oldTable
      ? `(${content(newTable)} EXCEPT ${content(oldTable)}) UNION ALL (${content(oldTable)} EXCEPT ${content(newTable)})`
      : `SELECT teryt FROM layer.${newTable}`;
    const rows: Array<{ teryt: string }> = await this.q.query(
      `SELECT DISTINCT left(teryt, 7) AS teryt FROM (${changed}) t WHERE teryt ~ '^[0-9]{7}$' ORDER BY 1`,
    );
    return rows.map((row) => row.teryt);
  }

  /**
   * Points the published views at the new table and records the new state. Runs inside the
   * caller's transaction: readers see the old version or the new one, never a mix.
   */
  async swap(layer: LayerDefinition, table: string, run: { runId: string; featureCount: number; coverageGminas: string[] | null; sourceUrl: string; sourceNote: string | null }): Promise<number> {
    const subdivided = subdividedViewSql(layer, table);
    await this.handToSchemaOwner(subdivided ? [table, subdividedTableName(table)] : [table]);
    await this.q.query(layerViewSql(layer, table));
    if (subdivided) await this.q.query(subdivided);
    // UPDATE ... RETURNING answers [rows, affectedCount] through TypeORM's postgres driver.
    const [rows]: [Array<{ version: number }>, number] = await this.q.query(
      `UPDATE layer.layer_state
         SET version = version + 1, table_name = $2, feature_count = $3, refreshed_at = now(), run_id = $4,
             coverage_gminas = $5, source_url = $6, source_note = $7
       WHERE layer_id = $1
       RETURNING version`,
      [layer.id, table, run.featureCount, run.runId, run.coverageGminas, run.sourceUrl, run.sourceNote],
    );
    return rows[0]!.version;
  }

  /** Coverage of one layer per gmina, rolled up to powiats and voivodeships. */
  async recomputeCoverage(layerId: string, coverageGminas: string[] | null): Promise<void> {
    await this.q.query(`DELETE FROM layer.region_coverage WHERE layer_id = $1`, [layerId]);
    await this.q.query(
      `INSERT INTO layer.region_coverage (layer_id, teryt, level, status)
       SELECT $1, g.id, 'gmina', CASE WHEN $2::text[] IS NULL OR g.id = ANY($2::text[]) THEN 'available' ELSE 'missing' END
       FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina'`,
      [layerId, coverageGminas],
    );
    // A powiat's code is the first 4 digits of its gminas' codes, a voivodeship's the first 2: the
    // rollup groups the gmina rows without a join (the planner, blind to rows inserted in this
    // transaction, once picked a nested loop that took minutes).
    for (const [level, digits] of [['powiat', 4], ['voivodeship', 2]] as const) {
      await this.q.query(
        `INSERT INTO layer.region_coverage (layer_id, teryt, level, status)
         SELECT $1, left(c.teryt, $3), $2,
                CASE WHEN bool_and(c.status = 'available') THEN 'available'
                     WHEN bool_or(c.status = 'available') THEN 'partial' ELSE 'missing' END
         FROM layer.region_coverage c
         WHERE c.layer_id = $1 AND c.level = 'gmina'
         GROUP BY left(c.teryt, $3)`,
        [layerId, level, digits],
      );
    }
  }

  /** Layers to recompute when the gminas change; a layer never loaded covers nothing. */
  async layersWithCoverage(): Promise<Array<{ layer_id: string; coverage_gminas: string[] | null }>> {
    return this.q.query(
      `SELECT layer_id, CASE WHEN version = 0 THEN ARRAY[]::text[] ELSE coverage_gminas END AS coverage_gminas
       FROM layer.layer_state ORDER BY layer_id`,
    );
  }

  async enqueueEvent(subject: string, payload: unknown): Promise<void> {
    await this.q.query(`INSERT INTO layer.outbox (subject, payload) VALUES ($1, $2)`, [subject, JSON.stringify(payload)]);
  }

  /** Table of the version before the one just replaced, dropped once the new one is served. */
  async tablesToRetire(layerId: string, keep: string[]): Promise<string[]> {
    const rows: Array<{ table_name: string }> = await this.q.query(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'layer' AND table_name LIKE 'f\\_' || $1 || '\\_\\_%' AND table_name NOT LIKE '%\\_sub'
         AND table_name <> ALL($2::text[])`,
      [layerId, keep],
    );
    return rows.map((row) => row.table_name).filter((name) => /__\d+$/.test(name) && name.startsWith(`f_${layerId}__`));
  }

  static tableFor(layerId: string, seq: number): string {
    return versionTableName(layerId, seq);
  }
}
