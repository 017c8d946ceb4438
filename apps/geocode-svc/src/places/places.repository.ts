import { DataSource } from 'typeorm';
import type { LocalityRow } from './simc-localities.js';

export interface LocalitiesLoad {
  source: string;
  locality_count: number;
  loaded_at: Date;
}

/** All SQL of the locality gazetteer (the admin units have their own repository). */
export class PlacesRepository {
  constructor(private readonly db: DataSource) {}

  /** Replaces every locality in one transaction: readers of geocode_pub.places see the old register or the new one. */
  async replaceLocalities(rows: LocalityRow[], source: string): Promise<LocalitiesLoad> {
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('geocode:localities'))`);
      const column = <K extends keyof LocalityRow>(key: K): Array<LocalityRow[K]> => rows.map((row) => row[key]);
      await manager.query(`DELETE FROM geocode.localities`);
      await manager.query(
        `INSERT INTO geocode.localities (sym, name, name_folded, locality_type, parent_sym, gmina6)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
        [column('sym'), column('name'), column('name_folded'), column('locality_type'), column('parent_sym'), column('gmina6')],
      );
      await manager.query(`ANALYZE geocode.localities`);
      const loaded: LocalitiesLoad[] = await manager.query(
        `INSERT INTO geocode.localities_source (singleton, source, locality_count, loaded_at)
         VALUES (true, $1, $2, now())
         ON CONFLICT (singleton) DO UPDATE SET source = EXCLUDED.source, locality_count = EXCLUDED.locality_count, loaded_at = EXCLUDED.loaded_at
         RETURNING source, locality_count, loaded_at`,
        [source, rows.length],
      );
      return loaded[0]!;
    });
  }

  /** What geocode_pub.places holds now, by kind, and what it was built from. */
  async status(): Promise<{ counts: Array<{ kind: string; places: number }>; version: Record<string, unknown> }> {
    const counts: Array<{ kind: string; places: number }> = await this.db.query(
      `SELECT kind, count(*)::int AS places FROM geocode_pub.places GROUP BY kind ORDER BY min(length(place_id)), kind`,
    );
    const version: Array<Record<string, unknown>> = await this.db.query(`SELECT * FROM geocode_pub.places_version`);
    return { counts, version: version[0] ?? {} };
  }
}
