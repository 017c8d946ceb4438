import { AppError } from '@lp/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from '../auth/auth.guard.js';

/**
 * The API key a stored report PDF counts against (its id): parcel-svc caps each key's live links
 * in number and bytes. The link routes need reports:create, so the key is always there.
 */
export function linkOwner(request: FastifyRequest): string {
  const key = (request as AuthenticatedRequest).apiKey;
  if (!key) throw new AppError('internal', 'a report link was asked for without an API key');
  return key.id;
}
