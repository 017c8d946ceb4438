export * from './market.subjects.js';
export * from './list-transactions.request.js';
export * from './transaction-list.view.js';
