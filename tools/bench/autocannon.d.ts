// Minimal types for the parts of autocannon@8 the benchmarks use (@types/autocannon is not installed).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      /** Called before every request; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
    }
    interface Options {
      url: string;
      connections?: number;
      /** Requests a connection makes before it is closed and opened again (0: never). */
      reconnectRate?: number;
      /** Seconds. */
      duration?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }
    interface Result {
      /** Seconds the run actually took. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
    }
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
      /** 'response': (client, statusCode, resBytes, responseTimeMs) with a float latency in ms. */
      on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
