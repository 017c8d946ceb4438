import { describe, expect, it } from '@jest/globals';
import { parseWhereKey, whereConditions } from './where-conditions.js';

describe('where keys', () => {
  it('splits the operator off the last underscore, so attribute names may contain underscores', () => {
    expect(parseWhereKey('available_mw_gte')).toEqual({ attribute: 'available_mw', operator: 'gte' });
    expect(parseWhereKey('floors_underground_lte')).toEqual({ attribute: 'floors_underground', operator: 'lte' });
    expect(parseWhereKey('status_in')).toEqual({ attribute: 'status', operator: 'in' });
    expect(parseWhereKey('voltage_kv')).toBeNull();
    expect(parseWhereKey('_gte')).toBeNull();
  });

  it('lists the conditions of a where object in key order, leaving out keys without an operator', () => {
    expect(whereConditions({ voltage_kv_gte: 110, name_eq: 'Plewiska', voltage: 1 })).toEqual([
      { attribute: 'voltage_kv', operator: 'gte', value: 110 },
      { attribute: 'name', operator: 'eq', value: 'Plewiska' },
    ]);
  });
});
