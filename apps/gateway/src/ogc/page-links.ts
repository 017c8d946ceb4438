import type { LinkView } from '@lp/contracts';

/**
 * Links of a listing page: self (the request as the client sent it) and, while there are more
 * pages, next: the same request with `cursor` set to the next cursor. Built on the public base URL,
 * never on the Host header; GDAL and OGC API clients page by following rel=next.
 */
export function pageLinks(base: string, requestUrl: string, nextCursor: string | null, type: string): LinkView[] {
  const self = new URL(requestUrl, `${base}/`);
  const url = (search: URLSearchParams): string => `${base}${self.pathname}${search.size > 0 ? `?${search.toString()}` : ''}`;
  const links: LinkView[] = [{ href: url(self.searchParams), rel: 'self', type, title: 'This page' }];
  if (nextCursor !== null) {
    const next = new URLSearchParams(self.searchParams);
    next.set('cursor', nextCursor);
    links.push({ href: url(next), rel: 'next', type, title: 'Next page' });
  }
  return links;
}
