import { ParcelsAndAdminUnits1763700000000 } from './1763700000000-parcels-and-admin-units.js';
import { ParcelIdPrefixIndex1763700000200 } from './1763700000200-parcel-id-prefix-index.js';
import { VersionedLayerStorage1763800000000 } from './1763800000000-versioned-layer-storage.js';
import { LayerSourceNote1763800000100 } from './1763800000100-layer-source-note.js';
import { CoerceAttribute1763800000200 } from './1763800000200-coerce-attribute.js';
import { LayerVersionsSourceNote1763800000300 } from './1763800000300-layer-versions-source-note.js';
import { ParcelIdTrigramExpression1763800000400 } from './1763800000400-parcel-id-trigram-expression.js';
import { LinePieces1764600000000 } from './1764600000000-line-pieces.js';
import { TileGeometry1764700000000 } from './1764700000000-tile-geometry.js';
import { RefreshParts1765100000000 } from './1765100000000-refresh-parts.js';
import { VersionExtents1765200000000 } from './1765200000000-version-extents.js';
import { KindParts1765300000000 } from './1765300000000-kind-parts.js';
import { RefreshRunsLeftOut1765400000000 } from './1765400000000-refresh-runs-left-out.js';
import { ElevationModel1765500000000 } from './1765500000000-elevation-model.js';

/** layer-svc's migrations, oldest first. */
export const LAYER_MIGRATIONS = [
  ParcelsAndAdminUnits1763700000000,
  ParcelIdPrefixIndex1763700000200,
  VersionedLayerStorage1763800000000,
  LayerSourceNote1763800000100,
  CoerceAttribute1763800000200,
  LayerVersionsSourceNote1763800000300,
  ParcelIdTrigramExpression1763800000400,
  LinePieces1764600000000,
  TileGeometry1764700000000,
  RefreshParts1765100000000,
  VersionExtents1765200000000,
  KindParts1765300000000,
  RefreshRunsLeftOut1765400000000,
  ElevationModel1765500000000,
];
export const LAYER_SCHEMA = 'layer';
export const LAYER_PUBLISHED_SCHEMA = 'layer_pub';
