/** NATS subjects answered by market-svc; one request and one reply type each. */
export const MarketSubjects = {
  transactionsList: 'market.transactions.list',
} as const;
