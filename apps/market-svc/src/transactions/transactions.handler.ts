import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ListTransactionsRequest, MarketSubjects, type TransactionListView } from '@lp/contracts';
import { Answers } from '@lp/messaging';
import { TransactionsService } from './transactions.service.js';

@Controller()
export class TransactionsHandler {
  constructor(private readonly transactions: TransactionsService) {}

  @Answers(MarketSubjects.transactionsList)
  list(@Payload() request: ListTransactionsRequest): Promise<TransactionListView> {
    return this.transactions.list(request);
  }
}
