import { ParcelsAndAdminUnits1763700000000 } from './1763700000000-parcels-and-admin-units.js';
import { ParcelIdPrefixIndex1763700000200 } from './1763700000200-parcel-id-prefix-index.js';
import { VersionedLayerStorage1763800000000 } from './1763800000000-versioned-layer-storage.js';

/** layer-svc's migrations, oldest first. */
export const LAYER_MIGRATIONS = [ParcelsAndAdminUnits1763700000000, ParcelIdPrefixIndex1763700000200, VersionedLayerStorage1763800000000];
export const LAYER_SCHEMA = 'layer';
export const LAYER_PUBLISHED_SCHEMA = 'layer_pub';
