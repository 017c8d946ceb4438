export * from './geocode.subjects.js';
export * from './find-regions.request.js';
export * from './region.view.js';
