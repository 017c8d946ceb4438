import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ANCHOR_LAYERS, NamedFeatures, type NamedFeatureRow } from './named-features.js';

/** The named features of the anchor layers, read from layer-svc's published views (read-only). */
@Injectable()
export class NamedFeaturesRepository {
  constructor(private readonly db: DataSource) {}

  /** The versions of the anchor layers, as one comparable string. */
  async version(): Promise<string> {
    const [row] = await this.db.query(
      `SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[])`,
      [ANCHOR_LAYERS],
    );
    return String(row?.stamp ?? '');
  }

  async features(): Promise<NamedFeatureRow[]> {
    // identifiers from the fixed list above, never from input
    const selects = ANCHOR_LAYERS.map(
      (layer) =>
        `SELECT '${layer}' AS layer, f.id, f.name, f.kind, f.teryt, ST_X(ST_PointOnSurface(f.geom)) AS x, ST_Y(ST_PointOnSurface(f.geom)) AS y
           FROM layer_pub.${layer} f WHERE f.name IS NOT NULL AND f.name <> ''`,
    );
    return this.db.query(
      `SELECT n.layer, n.id, n.name, n.kind, n.teryt, g.name AS gmina, n.x, n.y
         FROM (${selects.join(' UNION ALL ')}) n
         LEFT JOIN layer_pub.admin_bounds g ON g.kind = 'gmina' AND g.id = n.teryt
        ORDER BY n.layer, n.id`,
    );
  }
}

/** The named features as search-svc loads them (for the corpus test and the benchmark). */
export async function loadNamedFeatures(db: DataSource): Promise<NamedFeatures> {
  const repository = new NamedFeaturesRepository(db);
  const version = await repository.version();
  return new NamedFeatures(await repository.features(), version);
}
