export * from './crs.js';
export * from './parcel-id.js';
