/** Closes the app on SIGINT/SIGTERM: a service leaves its queue group and finishes its requests, then the process exits. */
export function closeOnSignals(close: () => Promise<void>): void {
  const stop = (): void => {
    void close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
