import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminBoundRow, AdminUnitRow } from './admin-unit-rows.js';

/** Which served version of admin_bounds a model was built from (run null before the first refresh). */
export interface AdminBoundsVersion {
  run_id: string | null;
  version: number;
}

export interface AdminUnitsBuild extends AdminBoundsVersion {
  model_version: number;
  unit_count: number;
}

/** All SQL of the admin-units read model. admin_bounds is read through layer-svc's published views. */
@Injectable()
export class AdminUnitsRepository {
  constructor(private readonly db: DataSource) {}

  /** The admin_bounds version layer-svc serves now. */
  async servedVersion(): Promise<AdminBoundsVersion> {
    const rows: AdminBoundsVersion[] = await this.db.query(`SELECT run_id, version FROM layer_pub.layer_versions WHERE layer_id = 'admin_bounds'`);
    return rows[0] ?? { run_id: null, version: 0 };
  }

  /** What the read model was last built from; null when it never was. */
  async lastBuild(): Promise<AdminUnitsBuild | null> {
    const rows: AdminUnitsBuild[] = await this.db.query(`SELECT run_id, version, model_version, unit_count FROM geocode.admin_units_source`);
    return rows[0] ?? null;
  }

  /**
   * Replaces every row in one transaction from the admin_bounds served at that moment: readers see
   * the old model or the new one, never a mix. A transaction lock serialises rebuilds of several
   * replicas, and the source is read after taking it, so the last rebuild to commit is the newest.
   */
  async replaceAll(build: (bounds: AdminBoundRow[]) => AdminUnitRow[], modelVersion: number): Promise<AdminUnitsBuild> {
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('geocode:admin_units'))`);
      const served: AdminBoundsVersion[] = await manager.query(`SELECT run_id, version FROM layer_pub.layer_versions WHERE layer_id = 'admin_bounds'`);
      const source = served[0] ?? { run_id: null, version: 0 };
      const bounds: AdminBoundRow[] = await manager.query(
        `SELECT b.id AS teryt, b.kind, b.name, b.unit_type, b.parent_teryt FROM layer_pub.admin_bounds b ORDER BY b.id`,
      );
      const units = build(bounds);
      const column = <K extends keyof AdminUnitRow>(key: K): Array<AdminUnitRow[K]> => units.map((unit) => unit[key]);
      await manager.query(`DELETE FROM geocode.admin_units`);
      await manager.query(
        `INSERT INTO geocode.admin_units
           (teryt, level, level_rank, name, unit_type, parent_teryt, parent_name, parent_label, label, name_folded, core_folded)
         SELECT * FROM unnest($1::text[], $2::text[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])`,
        [
          column('teryt'),
          column('level'),
          column('level_rank'),
          column('name'),
          column('unit_type'),
          column('parent_teryt'),
          column('parent_name'),
          column('parent_label'),
          column('label'),
          column('name_folded'),
          column('core_folded'),
        ],
      );
      // Every row is new: fresh statistics keep the planner on the trigram index as the model grows.
      await manager.query(`ANALYZE geocode.admin_units`);
      await manager.query(
        `INSERT INTO geocode.admin_units_source (singleton, run_id, version, model_version, unit_count, rebuilt_at)
         VALUES (true, $1, $2, $3, $4, now())
         ON CONFLICT (singleton) DO UPDATE
           SET run_id = EXCLUDED.run_id, version = EXCLUDED.version, model_version = EXCLUDED.model_version,
               unit_count = EXCLUDED.unit_count, rebuilt_at = EXCLUDED.rebuilt_at`,
        [source.run_id, source.version, modelVersion, units.length],
      );
      return { ...source, model_version: modelVersion, unit_count: units.length };
    });
  }
}
