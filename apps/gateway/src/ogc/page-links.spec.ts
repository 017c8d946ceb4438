import { describe, expect, it } from '@jest/globals';
import { pageLinks } from './page-links.js';

describe('pageLinks', () => {
  it('points next at the same request with the cursor replaced, on the public base URL', () => {
    const links = pageLinks('https://api.example.pl', '/v1/ogc/collections/parcels/items?bbox=16,52,17,53&limit=5&cursor=old', 'new', 'application/geo+json');
    expect(links).toEqual([
      { href: 'https://api.example.pl/v1/ogc/collections/parcels/items?bbox=16%2C52%2C17%2C53&limit=5&cursor=old', rel: 'self', type: 'application/geo+json', title: 'This page' },
      { href: 'https://api.example.pl/v1/ogc/collections/parcels/items?bbox=16%2C52%2C17%2C53&limit=5&cursor=new', rel: 'next', type: 'application/geo+json', title: 'Next page' },
    ]);
  });

  it('has no next link on the last page, and no query when the request had none', () => {
    expect(pageLinks('http://127.0.0.1:8080', '/v1/ogc/collections/parcels/items', null, 'application/geo+json')).toEqual([
      { href: 'http://127.0.0.1:8080/v1/ogc/collections/parcels/items', rel: 'self', type: 'application/geo+json', title: 'This page' },
    ]);
  });
});
