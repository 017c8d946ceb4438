export * from './compare-parcels.request.js';
export * from './parcel-comparison.view.js';
