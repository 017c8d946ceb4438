import type { FastifyInstance } from 'fastify';
import type { GatewayEnv } from '../config/gateway.env.js';
import { parseJsonBody } from './json-body.js';

/**
 * The only request body the gateway reads is JSON, parsed with the shape limits of the env. Every
 * other content type (text/plain, forms, ...) gets 415 unsupported_media_type.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, env: GatewayEnv): void {
  const limits = { maxDepth: env.JSON_MAX_DEPTH, maxObjectKeys: env.JSON_MAX_OBJECT_KEYS, maxArrayItems: env.JSON_MAX_ARRAY_ITEMS, maxValues: env.JSON_MAX_VALUES };
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: env.BODY_LIMIT_BYTES }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string, limits));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
