export * from './geocode.subjects.js';
export * from './find-regions.request.js';
export * from './region.view.js';
export * from './geocode-address.request.js';
export * from './geocode-candidate.view.js';
