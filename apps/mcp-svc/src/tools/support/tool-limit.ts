import { z } from 'zod';

/** The spec's tool limit for search_parcels and find_sites: 1 to 50, default 10. */
export const TOOL_LIMIT = {
  min: 1,
  max: 50,
  default: 10,
  schema: z.number().int().min(1).max(50).default(10).describe('Most results to return, 1 to 50 (default 10)'),
} as const;
