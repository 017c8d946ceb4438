import { describe, expect, it } from '@jest/globals';
import { libpqKeywords } from './ogr-loader.js';

describe('libpqKeywords', () => {
  it('turns a database URL into quoted libpq keywords', () => {
    expect(libpqKeywords('postgres://postgres@127.0.0.1:55432/landparcel')).toBe(
      "host='127.0.0.1' port='55432' dbname='landparcel' application_name='layer-refresh' user='postgres'",
    );
  });

  it('decodes and quotes passwords and keeps connection parameters', () => {
    expect(libpqKeywords("postgresql://app:p%27w%5Cd@db.internal/parcels?sslmode=require")).toBe(
      "host='db.internal' port='5432' dbname='parcels' application_name='layer-refresh' user='app' password='p\\'w\\\\d' sslmode='require'",
    );
  });
});
