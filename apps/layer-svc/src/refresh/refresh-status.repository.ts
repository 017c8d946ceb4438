import type { DataSource } from 'typeorm';

export interface LayerStateRow {
  layer_id: string;
  version: number;
  feature_count: string;
  refreshed_at: Date | null;
}

/** What the operator CLI lists: each layer's served version, and the latest refresh runs. */
export class RefreshStatusRepository {
  constructor(private readonly db: DataSource) {}

  layerStates(): Promise<LayerStateRow[]> {
    return this.db.query(`SELECT layer_id, version, feature_count, refreshed_at FROM layer.layer_state ORDER BY layer_id`);
  }

  /** The 20 latest runs, of one layer or of all. */
  recentRuns(layerId: string | undefined): Promise<Array<Record<string, unknown>>> {
    return this.db.query(
      `SELECT run_id, status, started_at, finished_at, loaded_count, previous_count, error, steps_ms, left_out
       FROM layer.refresh_runs WHERE $1::text IS NULL OR layer_id = $1 ORDER BY started_at DESC LIMIT 20`,
      [layerId ?? null],
    );
  }
}
