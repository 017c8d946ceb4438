import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface LayerStateRow {
  layer_id: string;
  version: number;
  feature_count: string;
  refreshed_at: Date | null;
  source_note: string | null;
}

@Injectable()
export class CatalogueRepository {
  constructor(private readonly db: DataSource) {}

  async states(): Promise<Map<string, LayerStateRow>> {
    const rows: LayerStateRow[] = await this.db.query(`SELECT layer_id, version, feature_count, refreshed_at, source_note FROM layer.layer_state`);
    return new Map(rows.map((row) => [row.layer_id, row]));
  }
}
