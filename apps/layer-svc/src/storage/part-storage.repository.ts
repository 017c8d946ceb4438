import type { QueryRunner } from 'typeorm';

/**
 * A part's code: a voivodeship (2 digits), a powiat (4 digits) or a gmina (7 digits) of TERYT, or
 * `kinds:<name>`, a set of the layer's kinds fed by one register (see refresh/kind-parts.ts).
 */
export const PART_CODE = /^([0-9]{2}|[0-9]{4}|[0-9]{7}|kinds:[a-z][a-z0-9_]*)$/;

/**
 * Which rows of a version table a set of parts holds: those whose `teryt` is one of the values (a
 * part's code and its gminas' codes), or whose `kind` is (a part of kinds). The column is one of
 * these two names, never text from outside.
 */
export interface PartScope {
  column: 'teryt' | 'kind';
  values: string[];
}

export interface PartRow {
  part: string;
  source: string;
  status: 'loading' | 'loaded' | 'failed' | 'published';
  table_name: string | null;
  gminas: string[];
  loaded_count: string | null;
  previous_count: string | null;
  error: string | null;
}

/**
 * The rows of a version table that belong to the parts: their teryt is a part's code or one of its
 * gminas' (`codes`). A set of codes rather than a prefix, so that PostgreSQL uses the teryt index
 * for one part and a hash join for many.
 */
function inParts(alias: string, param: string, scope: PartScope): string {
  const column = scope.column === 'kind' ? 'kind' : 'teryt';
  return `${alias}.${column} IN (SELECT unnest(${param}::text[]))`;
}

/** The complement: a row without a gmina lies in no part by TERYT, but in a part of kinds by its kind. */
function outsideParts(alias: string, param: string, scope: PartScope): string {
  const outside = `NOT (${inParts(alias, param, scope)})`;
  return scope.column === 'kind' ? outside : `${alias}.teryt IS NULL OR ${outside}`;
}

/**
 * The SQL of refreshes by parts: which gminas a part holds, the state of each part of a run, the
 * per-part checks against the served version, and the new version composed of the served rows
 * outside the parts and the parts' new rows. Table names come from layer-tables.ts only.
 */
export class PartStorageRepository {
  constructor(private readonly q: QueryRunner) {}

  /** The gminas of admin_bounds whose code starts with the part's code. */
  async gminasOf(part: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.q.query(
      `SELECT id FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND left(id, length($1)) = $1 ORDER BY id`,
      [part],
    );
    return rows.map((row) => row.id);
  }

  /** Voivodeships, powiats or gminas of admin_bounds, optionally those of one voivodeship. */
  async units(kind: 'voivodeship' | 'powiat' | 'gmina', voivodeship: string | null): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.q.query(
      `SELECT id FROM layer_pub.admin_bounds WHERE kind = $1 AND ($2::text IS NULL OR left(id, 2) = $2) ORDER BY id`,
      [kind, voivodeship],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The layer's latest run when it stopped before publishing, with the parts it had loaded: what a
   * scheduled harvest resumes. A run after which another was started is not resumed.
   */
  async resumableRun(layerId: string): Promise<{ run_id: string; parts: string[] } | null> {
    const rows: Array<{ run_id: string; parts: string[] }> = await this.q.query(
      `SELECT r.run_id, array(SELECT p.part FROM layer.refresh_parts p WHERE p.run_id = r.run_id ORDER BY p.part) AS parts
       FROM (SELECT run_id, status FROM layer.refresh_runs WHERE layer_id = $1 ORDER BY started_at DESC LIMIT 1) r
       WHERE r.status <> 'succeeded' AND EXISTS (SELECT FROM layer.refresh_parts p WHERE p.run_id = r.run_id AND p.status = 'loaded')`,
      [layerId],
    );
    return rows[0] ?? null;
  }

  /** Loaded parts of the layer's earlier runs, no longer to be resumed once a new run starts: their tables. */
  async supersede(layerId: string, runId: string): Promise<string[]> {
    const [rows]: [Array<{ table_name: string }>, number] = await this.q.query(
      `WITH stale AS (
         SELECT p.run_id, p.part, p.table_name FROM layer.refresh_parts p JOIN layer.refresh_runs r ON r.run_id = p.run_id
         WHERE r.layer_id = $1 AND p.run_id <> $2 AND p.status IN ('loaded', 'loading')
       )
       UPDATE layer.refresh_parts p SET status = 'failed', error = 'superseded by run ' || $2, table_name = NULL, updated_at = now()
       FROM stale WHERE p.run_id = stale.run_id AND p.part = stale.part
       RETURNING stale.table_name`,
      [layerId, runId],
    );
    return rows.map((row) => row.table_name).filter((name): name is string => typeof name === 'string');
  }

  async runParts(runId: string): Promise<PartRow[]> {
    return this.q.query(`SELECT part, source, status, table_name, gminas, loaded_count, previous_count, error FROM layer.refresh_parts WHERE run_id = $1 ORDER BY part`, [runId]);
  }

  async run(runId: string): Promise<{ layer_id: string; seq: string; status: string } | null> {
    const rows: Array<{ layer_id: string; seq: string; status: string }> = await this.q.query(`SELECT layer_id, seq, status FROM layer.refresh_runs WHERE run_id = $1`, [runId]);
    return rows[0] ?? null;
  }

  async reopenRun(runId: string): Promise<void> {
    await this.q.query(`UPDATE layer.refresh_runs SET status = 'running', finished_at = NULL, error = NULL WHERE run_id = $1`, [runId]);
  }

  async recordPart(runId: string, part: { part: string; source: string; status: PartRow['status']; table: string | null; gminas: string[]; loaded: number | null; previous: number | null; error: string | null }): Promise<void> {
    await this.q.query(
      `INSERT INTO layer.refresh_parts (run_id, part, source, status, table_name, gminas, loaded_count, previous_count, error, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
       ON CONFLICT (run_id, part) DO UPDATE
         SET source = $3, status = $4, table_name = $5, gminas = $6, loaded_count = $7, previous_count = $8, error = $9, updated_at = now()`,
      [runId, part.part, part.source, part.status, part.table, part.gminas, part.loaded, part.previous, part.error],
    );
  }

  async markPublished(runId: string, parts: string[]): Promise<void> {
    await this.q.query(`UPDATE layer.refresh_parts SET status = 'published', table_name = NULL, updated_at = now() WHERE run_id = $1 AND part = ANY($2::text[])`, [runId, parts]);
  }

  async tableExists(table: string): Promise<boolean> {
    const rows: Array<{ present: boolean }> = await this.q.query(`SELECT to_regclass('layer.' || $1) IS NOT NULL AS present`, [table]);
    return rows[0]?.present === true;
  }

  /** Rows of a part's new table that fall outside the part (by gmina code), with a few ids. */
  async rowsOutside(table: string, scope: PartScope): Promise<{ count: number; examples: string[] }> {
    const rows: Array<{ ext_id: string | null; teryt: string | null; kind: string | null; n: string }> = await this.q.query(
      `SELECT ext_id, teryt, kind, count(*) OVER () AS n FROM layer.${table} f WHERE ${outsideParts('f', '$1', scope)} ORDER BY fid LIMIT 3`,
      [scope.values],
    );
    const where = (row: (typeof rows)[number]): string => (scope.column === 'kind' ? `of kind ${row.kind ?? '(none)'}` : `in ${row.teryt ?? 'no gmina'}`);
    return { count: Number(rows[0]?.n ?? 0), examples: rows.map((row) => `${row.ext_id ?? '(no id)'} ${where(row)}`) };
  }

  async deleteOutside(table: string, scope: PartScope): Promise<void> {
    await this.q.query(`DELETE FROM layer.${table} f WHERE ${outsideParts('f', '$1', scope)}`, [scope.values]);
  }

  /** Rows of the served version inside the part: what the part's shrink check compares with. */
  async servedCountIn(servedTable: string, scope: PartScope): Promise<number> {
    const rows: Array<{ n: string }> = await this.q.query(`SELECT count(*) AS n FROM layer.${servedTable} f WHERE ${inParts('f', '$1', scope)}`, [scope.values]);
    return Number(rows[0]!.n);
  }

  /** Ids of the part's new rows that the served version uses outside the part. */
  async idsUsedOutside(table: string, servedTable: string, scope: PartScope): Promise<string[]> {
    const rows: Array<{ ext_id: string }> = await this.q.query(
      `SELECT p.ext_id FROM layer.${table} p JOIN layer.${servedTable} f ON f.ext_id = p.ext_id
       WHERE ${outsideParts('f', '$1', scope)} ORDER BY p.ext_id LIMIT 3`,
      [scope.values],
    );
    return rows.map((row) => row.ext_id);
  }

  /**
   * Fills the new version: the served rows outside every part, as they are (with their own
   * provenance), then each part's new rows. Returns the number of rows.
   */
  async compose(table: string, servedTable: string | null, scope: PartScope, partTables: string[]): Promise<number> {
    const columns = 'ext_id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox';
    if (servedTable) {
      await this.q.query(`INSERT INTO layer.${table} (${columns}) SELECT ${columns} FROM layer.${servedTable} f WHERE ${outsideParts('f', '$1', scope)}`, [scope.values]);
    }
    for (const partTable of partTables) await this.q.query(`INSERT INTO layer.${table} (${columns}) SELECT ${columns} FROM layer.${partTable}`);
    const rows: Array<{ n: string }> = await this.q.query(`SELECT count(*) AS n FROM layer.${table}`);
    return Number(rows[0]!.n);
  }

  /** Gminas of the parts whose rows differ between the served version and the new one. */
  async changedGminas(servedTable: string | null, table: string, scope: PartScope): Promise<string[]> {
    const content = (source: string): string => `SELECT ext_id, kind, name, teryt, attrs, ST_AsBinary(geom) AS wkb FROM layer.${source} f WHERE ${inParts('f', '$1', scope)}`;
    const changed = servedTable ? `(${content(table)} EXCEPT ${content(servedTable)}) UNION ALL (${content(servedTable)} EXCEPT ${content(table)})` : content(table);
    const rows: Array<{ teryt: string }> = await this.q.query(`SELECT DISTINCT left(teryt, 7) AS teryt FROM (${changed}) t WHERE teryt ~ '^[0-9]{7}$' ORDER BY 1`, [scope.values]);
    return rows.map((row) => row.teryt);
  }
}
