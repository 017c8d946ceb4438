export * from './scenario-id.js';
export * from './parcel-report.request.js';
export * from './parcel-report.view.js';
export * from './report-document.view.js';
export * from './site-report.request.js';
export * from './site-report.view.js';
export * from './report-link-create.request.js';
