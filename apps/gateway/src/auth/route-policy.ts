import { SetMetadata } from '@nestjs/common';
import type { Scope } from '@lp/contracts';

export const SCOPE_METADATA = 'lp:scope';
export const PUBLIC_METADATA = 'lp:public';
export const RATE_CLASS_METADATA = 'lp:rate-class';

/**
 * `public`: a route without a key, limited per client IP (RATE_LIMIT_PUBLIC_PER_MINUTE).
 * `tiles`: vector tiles and their TileJSON, sized for a map (one pan loads dozens of tiles).
 */
export type RateClass = 'default' | 'search' | 'reports' | 'public' | 'tiles';

/**
 * The scope a key needs for this route, or the scopes of which it needs any one (a route several
 * kinds of client rely on: search tools resolve regions). Every /v1 route declares one (or is @Public).
 */
export const RequireScope = (scope: Scope | readonly Scope[]): MethodDecorator & ClassDecorator => SetMetadata(SCOPE_METADATA, scope);

/** A route that needs no key (health, docs, shareable report links). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_METADATA, true);

/** Which rate-limit budget the route draws on; search and reports are stricter. */
export const RateLimitClass = (rateClass: RateClass): MethodDecorator & ClassDecorator => SetMetadata(RATE_CLASS_METADATA, rateClass);
