export * from './block-coverage.view.js';
export * from './regulations.view.js';
export * from './constraints.view.js';
export * from './terrain.view.js';
export * from './proximity.view.js';
export * from './proximity-kinds.js';
export * from './market-summary.view.js';
export * from './parcel-facts.request.js';
