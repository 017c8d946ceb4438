import { ParcelFactsReadModel1764000000000 } from './1764000000000-parcel-facts-read-model.js';
import { ReportLinks1764100000000 } from './1764100000000-report-links.js';
import { FactsLz41764200000000 } from './1764200000000-facts-lz4.js';
import { FactSharedParts1764300000000 } from './1764300000000-fact-shared-parts.js';
import { ReportLinkOwner1764400000000 } from './1764400000000-report-link-owner.js';

/** parcel-svc's migrations, oldest first. Parcels themselves are read from `layer_pub`. */
export const PARCEL_MIGRATIONS = [
  ParcelFactsReadModel1764000000000,
  ReportLinks1764100000000,
  FactsLz41764200000000,
  FactSharedParts1764300000000,
  ReportLinkOwner1764400000000,
];
export const PARCEL_SCHEMA = 'parcel';
