export * from './watch-bounds.js';
export * from './create-watch.request.js';
export * from './watch-by-id.request.js';
export * from './watch.view.js';
export * from './watch-event.view.js';
export * from './watches.subjects.js';
