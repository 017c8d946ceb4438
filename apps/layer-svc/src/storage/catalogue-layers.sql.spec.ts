import { LAYER_CATALOGUE } from '@lp/contracts';
import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ensureCatalogueLayers } from './catalogue-layers.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'catalogue-layers.ts'),
  // every layer present but env_layers (a polygon layer, so its subdivided view is made too)
  rows: (sql) => (sql.includes('SELECT layer_id FROM layer.layer_state') ? LAYER_CATALOGUE.filter((layer) => layer.id !== 'env_layers').map((layer) => ({ layer_id: layer.id })) : []),
  cases: (db) => ({ 'ensureCatalogueLayers, one layer missing': () => ensureCatalogueLayers(db.as<DataSource>()) }),
});
