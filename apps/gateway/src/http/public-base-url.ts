import type { FastifyRequest } from 'fastify';
import type { GatewayEnv } from '../config/gateway.env.js';

/**
 * Where links in answers point (TileJSON tiles, report links): PUBLIC_BASE_URL, or on a loopback-only
 * gateway (development; the env refuses anything else without PUBLIC_BASE_URL) its own local address.
 * Never the Host header, which the client chooses.
 */
export function publicBaseUrl(env: GatewayEnv, request: FastifyRequest): string {
  if (env.PUBLIC_BASE_URL) return env.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const host = env.HOST === '::1' ? '[::1]' : env.HOST;
  return `http://${host}:${request.socket.localPort}`;
}
