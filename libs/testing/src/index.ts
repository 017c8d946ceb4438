export * from './stack/test-env.js';
export * from './stack/free-port.js';
export * from './stack/test-database.js';
export * from './stack/nats-server.js';
export * from './stack/app-process.js';
export * from './openapi/openapi-validator.js';
export * from './http/api-client.js';
export * from './layers/refresh-layer.js';
