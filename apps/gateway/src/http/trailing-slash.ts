import { AppError } from '@lp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../errors/http-error.filter.js';

/**
 * The API's answer to a path under /v1 that ends with a slash, or undefined for any other path.
 *
 * No path of the API ends with a slash, and the router alone (ignoreTrailingSlash, kept for /docs
 * and the health routes) would answer `/v1/layers/` as `/v1/layers`: a client that built an item's
 * path with an empty id (`/v1/layers/${id}`) got the list instead of an error. So such a path is
 * 404 not_found in the envelope, on every route alike, naming both paths it may have meant; never a
 * redirect, which would lead that client to the list all the same.
 */
export function trailingSlashError(method: string, url: string): AppError | undefined {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith('/v1/') || !path.endsWith('/')) return undefined;
  const trimmed = path.replace(/\/+$/, '');
  return new AppError(
    'not_found',
    `No route ${method} ${path}: paths of the API never end with '/'. For an item put its id after the slash (${trimmed}/{id}); ` +
      `for ${trimmed} itself leave the slash out.`,
  );
}

/** Answers a /v1 path ending with a slash with 404 (trailingSlashError); undefined lets the request go on. */
export function refuseTrailingSlash(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const error = trailingSlashError(request.method, request.url);
  if (!error) return undefined;
  sendError(reply, error, request.id);
  return reply;
}
