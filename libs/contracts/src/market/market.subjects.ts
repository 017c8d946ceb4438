import { defineSubject } from '../common/subject.js';
import type { ListTransactionsRequest } from './list-transactions.request.js';
import type { TransactionListView } from './transaction-list.view.js';

/** NATS subjects answered by market-svc, each with its request and reply. */
export const MarketSubjects = {
  transactionsList: defineSubject<ListTransactionsRequest, TransactionListView>('market.transactions.list'),
} as const;
