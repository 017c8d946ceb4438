import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Which methods each registered path answers, so a known path asked with another method gets 405
 * with an `Allow` header (RFC 9110) instead of a 404 that says the path does not exist. Filled by
 * Fastify's onRoute hook, so it holds every route: Nest's controllers, the OpenAPI files and docs.
 */
export class RouteMethods {
  private readonly routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];

  /** Must be called before the routes are registered (Nest registers them at init). */
  static collect(fastify: FastifyInstance): RouteMethods {
    const table = new RouteMethods();
    fastify.addHook('onRoute', (route: RouteOptions) => table.add(route.url, Array.isArray(route.method) ? route.method : [route.method]));
    return table;
  }

  add(url: string, methods: readonly string[]): void {
    const source = patternSource(url);
    const existing = this.routes.find((route) => route.pattern.source === source);
    if (existing) methods.forEach((method) => existing.methods.add(method.toUpperCase()));
    else this.routes.push({ pattern: new RegExp(source), methods: new Set(methods.map((method) => method.toUpperCase())) });
  }

  /** The methods a concrete path answers (sorted), or [] when no route has that path. */
  allowedFor(path: string): string[] {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const methods = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(trimmed)) route.methods.forEach((method) => methods.add(method));
    return [...methods].sort();
  }
}

/** `/v1/parcels/:id` → `^/v1/parcels/[^/]+$`; `*` matches the rest of the path. */
function patternSource(url: string): string {
  const parts = url.replace(/\/+$/, '').split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return `^${parts.join('/') || '/'}$`;
}
