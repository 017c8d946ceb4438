import type { DataSource } from 'typeorm';
import { stageColumnsOf } from '../../storage/layer-storage.repository.js';
import { SUBSTATION_CANDIDATES, SUBSTATION_ROW, type CompiledMapping, type RawColumn } from './profile-mapping.js';

/** Column that records which GDAL layer (or WFS feature type) a raw row came from. */
export const SOURCE_LAYER_COLUMN = '_layer';

/**
 * SQL of loading through a profile: the raw table GDAL fills with the register's own columns, and
 * the staging table the mapping makes of it (`id`, `kind`, `name`, `teryt`, attributes, `geom`),
 * which the refresh pipeline then reads as it reads any source. Table names are made by the
 * pipeline (`r<seq>`), never taken from input.
 */
export class ProfileStagingRepository {
  constructor(private readonly db: DataSource) {}

  async exists(table: string): Promise<boolean> {
    const rows: Array<{ found: boolean }> = await this.db.query(`SELECT to_regclass($1) IS NOT NULL AS found`, [`layer_stage.${table}`]);
    return rows[0]?.found === true;
  }

  /** Marks rows GDAL has just appended with the layer they came from. */
  async tagSourceLayer(table: string, layer: string): Promise<number> {
    await this.db.query(`ALTER TABLE layer_stage.${table} ADD COLUMN IF NOT EXISTS ${SOURCE_LAYER_COLUMN} text`);
    const rows: Array<{ n: string }> = await this.db.query(
      `WITH tagged AS (UPDATE layer_stage.${table} SET ${SOURCE_LAYER_COLUMN} = $1 WHERE ${SOURCE_LAYER_COLUMN} IS NULL RETURNING 1) SELECT count(*) AS n FROM tagged`,
      [layer],
    );
    return Number(rows[0]!.n);
  }

  /** The raw table's columns, as a plain load reads a stage table's. */
  columns(table: string): Promise<RawColumn[]> {
    return stageColumnsOf(this.db, table);
  }

  async createMapped(table: string, mapping: CompiledMapping): Promise<number> {
    await this.db.query(`CREATE TABLE layer_stage.${table} AS ${mapping.sql}`, mapping.params);
    const rows: Array<{ n: string }> = await this.db.query(`SELECT count(*) AS n FROM layer_stage.${table}`);
    return Number(rows[0]!.n);
  }

  /** A few TERYT codes of the mapped rows that do not have the given numbers of digits, with their count. */
  async terytOffLevel(table: string, digits: readonly number[]): Promise<{ count: number; examples: string[] }> {
    const pattern = `^(${digits.map((n) => `[0-9]{${n}}`).join('|')})$`;
    const rows: Array<{ teryt: string; n: string }> = await this.db.query(
      `SELECT teryt, count(*) OVER () AS n FROM (SELECT DISTINCT teryt FROM layer_stage.${table} WHERE teryt IS NOT NULL AND teryt !~ $1) t ORDER BY teryt LIMIT 3`,
      [pattern],
    );
    return { count: Number(rows[0]?.n ?? 0), examples: rows.map((row) => row.teryt) };
  }

  /** Removes mapped rows that found no geometry (a parcel not served); their count and a few ids. */
  async dropUnplaced(table: string): Promise<{ count: number; examples: string[] }> {
    const rows: Array<{ n: string; examples: string[] | null }> = await this.db.query(
      `WITH gone AS (DELETE FROM layer_stage.${table} WHERE geom IS NULL RETURNING id) SELECT count(*) AS n, (array_agg(COALESCE(id, '(no id)')))[1:3] AS examples FROM gone`,
    );
    return { count: Number(rows[0]?.n ?? 0), examples: rows[0]?.examples ?? [] };
  }

  /**
   * Removes mapped rows that matched no served substation, or several, and the matching columns;
   * every removed row, described (its id, what it names and why it was left out).
   */
  async dropUnmatchedSubstations(table: string): Promise<string[]> {
    const rows: Array<{ id: string | null; named: string; candidates: string }> = await this.db.query(
      `WITH gone AS (DELETE FROM layer_stage.${table} WHERE geom IS NULL RETURNING id, ${SUBSTATION_ROW} AS named, ${SUBSTATION_CANDIDATES} AS candidates)
       SELECT id, named, candidates FROM gone ORDER BY id`,
    );
    await this.db.query(`ALTER TABLE layer_stage.${table} DROP COLUMN ${SUBSTATION_ROW}, DROP COLUMN ${SUBSTATION_CANDIDATES}`);
    return rows.map((row) => {
      const found = Number(row.candidates);
      const why = found === 0 ? 'no served substation of that name there' : `${found} served substations match, which one is meant is not clear`;
      return `${row.id ?? '(no id)'} (${row.named}): ${why}`;
    });
  }

  async drop(table: string): Promise<void> {
    await this.db.query(`DROP TABLE IF EXISTS layer_stage.${table}`);
  }
}
