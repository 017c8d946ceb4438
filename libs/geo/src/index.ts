export * from './crs.js';
export * from './parcel-id.js';
export * from './bbox.js';
export * from './tile.js';
export * from './fold-polish.js';
