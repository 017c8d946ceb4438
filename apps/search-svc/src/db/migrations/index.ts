import { ParcelSearchIndex1764100000000 } from './1764100000000-parcel-search-index.js';
import { ZoningAndLandUseEvidence1764200000000 } from './1764200000000-zoning-and-land-use-evidence.js';
import { ParcelAdjacency1764300000000 } from './1764300000000-parcel-adjacency.js';
import { ParcelKeys1764400000000 } from './1764400000000-parcel-keys.js';
import { CapacityFronts1764500000000 } from './1764500000000-capacity-fronts.js';
import { EvChargerColumn1764600000000 } from './1764600000000-ev-charger-column.js';
import { BlockingOverlaps1764700000000 } from './1764700000000-blocking-overlaps.js';
import { PublishedIndexBuilds1765000000000 } from './1765000000000-published-index-builds.js';

/** search-svc's migrations, oldest first. */
export const SEARCH_MIGRATIONS = [ParcelSearchIndex1764100000000, ZoningAndLandUseEvidence1764200000000, ParcelAdjacency1764300000000, ParcelKeys1764400000000, CapacityFronts1764500000000, EvChargerColumn1764600000000, BlockingOverlaps1764700000000, PublishedIndexBuilds1765000000000];
export const SEARCH_SCHEMA = 'search';
/** Views other contexts read (index build versions, for watches); their columns are a contract. */
export const SEARCH_PUBLISHED_SCHEMA = 'search_pub';
