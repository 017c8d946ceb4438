import { LAYER_CATALOGUE, type LayerDefinition } from '@lp/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { checkedLayerId, createVersionTableSql, indexVersionTableSql, layerViewSql, subdividedViewSql, versionTableName } from './layer-tables.js';

/**
 * Every layer of the live catalogue exists in the database: an empty version 0 with its published
 * view `layer_pub.<layer>` (so other contexts can read it before the first refresh) and a state
 * row, and `layer_pub.features` spans them all. Run by migrate.js after the migrations, on a fresh
 * and on an upgraded database alike, so a layer added to the catalogue appears on the next
 * deploy; layers already there are left as they are. Idempotent; returns the layers it added.
 */
export async function ensureCatalogueLayers(db: DataSource, log: (message: string) => void = () => undefined): Promise<string[]> {
  const added = await db.transaction(async (tx) => {
    // Two migrate runs at once (two rollouts) wait for each other instead of racing.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('layer.catalogue_layers'))`);
    const rows: Array<{ layer_id: string }> = await tx.query(`SELECT layer_id FROM layer.layer_state`);
    const present = new Set(rows.map((row) => row.layer_id));
    const missing = LAYER_CATALOGUE.filter((layer) => !present.has(layer.id));
    for (const layer of missing) await createEmptyLayer(tx, layer);
    await tx.query(featuresViewSql(LAYER_CATALOGUE));
    return missing.map((layer) => layer.id);
  });
  log(`layer: ${added.length === 0 ? `all ${LAYER_CATALOGUE.length} catalogue layers present` : `added catalogue layers ${added.join(', ')}`}`);
  return added;
}

async function createEmptyLayer(tx: EntityManager, layer: LayerDefinition): Promise<void> {
  const table = versionTableName(layer.id, 0);
  for (const sql of createVersionTableSql(table)) await tx.query(sql);
  for (const sql of indexVersionTableSql(layer, table)) await tx.query(sql);
  await tx.query(layerViewSql(layer, table));
  const subdivided = subdividedViewSql(layer, table);
  if (subdivided) await tx.query(subdivided);
  await tx.query(`INSERT INTO layer.layer_state (layer_id, table_name) VALUES ($1, $2)`, [layer.id, table]);
}

/** Every layer's features in one view, with the layer id (identifiers from the catalogue only). */
export function featuresViewSql(layers: readonly LayerDefinition[]): string {
  const union = layers
    .map((layer) => `SELECT '${checkedLayerId(layer.id)}'::text AS layer_id, fid, id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url FROM layer_pub.${layer.id}`)
    .join('\nUNION ALL\n');
  return `CREATE OR REPLACE VIEW layer_pub.features AS ${union}`;
}
