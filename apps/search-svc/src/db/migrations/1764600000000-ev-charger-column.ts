import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The nearest EV charger (index-columns.ts, `ev_charger`, format 3): "near a charger" searches
 * probed every candidate parcel against the layer. Rows of older builds hold null there, so until
 * a searched gmina is rebuilt (start-up does it while the old rows answer) such a filter keeps
 * joining the layer (filter-sql.ts, nearestColumnsAt). Adding nullable columns rewrites nothing.
 */
export class EvChargerColumn1764600000000 implements MigrationInterface {
  name = 'EvChargerColumn1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search.parcel_index ADD COLUMN ev_charger_m double precision, ADD COLUMN ev_charger_name text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search.parcel_index DROP COLUMN ev_charger_m, DROP COLUMN ev_charger_name`);
  }
}
