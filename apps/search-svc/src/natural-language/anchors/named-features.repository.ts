import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FOREST_NAME_KINDS, NamedAreas, type NamedForestRow, type NamedWaterRow } from './named-areas.js';
import { ANCHOR_LAYERS, NamedFeatures, type NamedFeatureRow } from './named-features.js';

/** Every layer whose names the interpreter reads: the point anchors, the waters and the forest complexes. */
const NAMED_LAYERS = [...ANCHOR_LAYERS, 'waterways', 'env_layers'];

/** The named features of the anchor layers, read from layer-svc's published views (read-only). */
@Injectable()
export class NamedFeaturesRepository {
  constructor(private readonly db: DataSource) {}

  /** The versions of the layers whose names are read, as one comparable string. */
  async version(): Promise<string> {
    const [row] = await this.db.query(
      `SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[])`,
      [NAMED_LAYERS],
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

  /** Named waters by name and kind: a river of many segments is one row. */
  async waters(): Promise<NamedWaterRow[]> {
    return this.db.query(
      `SELECT f.name, f.kind, count(*)::int AS features FROM layer_pub.waterways f
        WHERE f.name IS NOT NULL AND f.name <> '' GROUP BY f.name, f.kind ORDER BY f.name, f.kind`,
    );
  }

  /** Named forest complexes of env_layers (land cover holds forests without names). */
  async forests(): Promise<NamedForestRow[]> {
    return this.db.query(
      `SELECT f.id, f.name, f.kind FROM layer_pub.env_layers f
        WHERE f.kind = ANY($1::text[]) AND f.name IS NOT NULL AND f.name <> '' ORDER BY f.id`,
      [FOREST_NAME_KINDS],
    );
  }

  /** Everything named, read after `version` (a newer version published meanwhile is reloaded at the next check). */
  async load(version: string): Promise<NamedFeatures> {
    const areas = new NamedAreas(await this.waters(), await this.forests());
    return new NamedFeatures(await this.features(), version, areas);
  }
}

/** The named features as search-svc loads them (for the corpus test and the benchmark). */
export async function loadNamedFeatures(db: DataSource): Promise<NamedFeatures> {
  const repository = new NamedFeaturesRepository(db);
  return repository.load(await repository.version());
}
