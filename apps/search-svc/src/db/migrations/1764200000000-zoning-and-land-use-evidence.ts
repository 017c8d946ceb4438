import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zoning and land use as evidence (design SEARCH.md "Zoning evidence"): which instrument decided a
 * parcel's zoning (`unknown` and `none` besides mpzp and plan_ogolny), what the local plan says
 * (`local_plan`: a zone, a plan whose zones we lack, no boundaries, no plan), the plan whose zones
 * are missing, whether a binding general-plan zone allows building, and the land-use kinds proven
 * by EGiB classes or land cover. `index_builds.evidence` holds per gmina how many parcels have
 * unknown zoning or land use, for coverage. The rows derived before are dropped: every gmina is
 * rebuilt at start-up (the search answers 503 for a gmina until then, never from stale evidence).
 */
export class ZoningAndLandUseEvidence1764200000000 implements MigrationInterface {
  name = 'ZoningAndLandUseEvidence1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`TRUNCATE search.parcel_index, search.parcel_geometry, search.index_builds`);
    await q.query(`ALTER TABLE search.parcel_index DROP CONSTRAINT IF EXISTS parcel_index_zoning_source_check`);
    await q.query(`
      ALTER TABLE search.parcel_index
        ADD CONSTRAINT parcel_index_zoning_source_check CHECK (zoning_source IN ('mpzp', 'plan_ogolny', 'unknown', 'none')),
        ADD COLUMN local_plan text CHECK (local_plan IN ('zone', 'zones_missing', 'boundaries_missing', 'none')),
        ADD COLUMN zoning_missing_plan text,
        ADD COLUMN general_plan_allows_building boolean,
        ADD COLUMN land_use_kinds text[],
        ADD COLUMN land_use_source text CHECK (land_use_source IN ('egib', 'land_cover'))`);
    await q.query(`ALTER TABLE search.index_builds ADD COLUMN evidence jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`TRUNCATE search.parcel_index, search.parcel_geometry, search.index_builds`);
    await q.query(`ALTER TABLE search.index_builds DROP COLUMN evidence`);
    await q.query(`
      ALTER TABLE search.parcel_index
        DROP CONSTRAINT parcel_index_zoning_source_check,
        DROP COLUMN local_plan, DROP COLUMN zoning_missing_plan, DROP COLUMN general_plan_allows_building,
        DROP COLUMN land_use_kinds, DROP COLUMN land_use_source`);
    await q.query(`ALTER TABLE search.parcel_index ADD CONSTRAINT parcel_index_zoning_source_check CHECK (zoning_source IN ('mpzp', 'plan_ogolny'))`);
  }
}
