import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PlaceRow } from './place-row.js';

/** What geocode's published places were built from (`geocode_pub.places_version`, one row). */
export interface PlacesVersion {
  admin_bounds_version: number | null;
  admin_bounds_run_id: string | null;
  admin_units_model_version: number | null;
  admin_units_rebuilt_at: Date | null;
  unit_count: number | null;
  localities_loaded_at: Date | null;
  locality_count: number | null;
}

/** All SQL of the place gazetteer: geocode-svc's published views, read-only. */
@Injectable()
export class PlacesRepository {
  constructor(private readonly db: DataSource) {}

  async version(): Promise<PlacesVersion> {
    const rows: PlacesVersion[] = await this.db.query(
      `SELECT admin_bounds_version, admin_bounds_run_id, admin_units_model_version, admin_units_rebuilt_at, unit_count, localities_loaded_at, locality_count
         FROM geocode_pub.places_version`,
    );
    return rows[0]!;
  }

  /**
   * Every unit and every locality but the parts of villages (SIMC type "część": 36,000 names such as
   * Kolonia or Górki that would make most names ambiguous); parts of towns stay, they name districts.
   */
  async places(): Promise<PlaceRow[]> {
    return this.db.query(
      `SELECT place_id, kind, name, name_folded, unit_type, teryt, parent_teryt, label
         FROM geocode_pub.places
        WHERE kind <> 'locality' OR unit_type <> $1
        ORDER BY place_id`,
      ['część'],
    );
  }
}

/** A version as one comparable string. */
export function versionStamp(version: PlacesVersion): string {
  return [version.admin_bounds_version, version.admin_bounds_run_id, version.admin_units_model_version, version.admin_units_rebuilt_at?.toISOString(), version.localities_loaded_at?.toISOString()].join('|');
}
