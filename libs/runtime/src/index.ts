// The process kit every app uses, whatever it talks to: environment, logging, request context,
// metrics, the ops port, bounded error text. Nothing here knows NATS or a database, so a client
// of the REST API (mcp-svc) can use it without being able to reach past the gateway.
export * from './bounded-error.js';
export * from './request-context.js';
export * from './cancellation.js';
export * from './work-slices.js';
export * from './json-logger.js';
export * from './prototype-keys.js';
export * from './validate-message.js';
export * from './infrastructure-errors.js';
export * from './metrics.js';
export * from './ops-server.js';
export * from './env.js';
export * from './close-on-signals.js';
export * from './service-memory.js';
export * from './trust-proxy.js';
