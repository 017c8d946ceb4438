import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-parcel facts read model: the regulations, constraints (at the default buffer), terrain
 * and proximity blocks as served, one row per parcel, and per gmina and block the layer
 * versions they were derived from. Rebuilt by parcel-svc from layer_pub on layer refreshes; a
 * parcel or block without a stored row is computed live by the same queries.
 */
export class ParcelFactsReadModel1764000000000 implements MigrationInterface {
  name = 'ParcelFactsReadModel1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE parcel.facts (
        parcel_id   text PRIMARY KEY,
        teryt       text NOT NULL,
        regulations jsonb,
        constraints jsonb,
        terrain     jsonb,
        proximity   jsonb
      )`);
    await q.query(`CREATE INDEX facts_teryt_idx ON parcel.facts (teryt)`);
    await q.query(`
      CREATE TABLE parcel.fact_builds (
        teryt       text NOT NULL,
        block       text NOT NULL CHECK (block IN ('regulations', 'constraints', 'terrain', 'proximity')),
        versions    jsonb NOT NULL,
        parcels     integer NOT NULL,
        duration_ms integer NOT NULL,
        built_at    timestamptz NOT NULL,
        PRIMARY KEY (teryt, block)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE parcel.fact_builds`);
    await q.query(`DROP TABLE parcel.facts`);
  }
}
