import { describe, expect, it } from '@jest/globals';
import { AppError, findLayer } from '@lp/contracts';
import { cql2ToSql, queryablesOf } from './cql2-sql.js';

const substations = findLayer('power_substations')!;

function failure(text: string): string {
  try {
    cql2ToSql(text, substations, 1);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_request');
    return (error as AppError).message;
  }
  throw new Error(`accepted ${text}`);
}

describe('CQL2 text filters to SQL', () => {
  it('writes comparisons on typed attributes with every literal as a parameter', () => {
    expect(cql2ToSql("voltage_kv >= 220 AND kind = 'hv_substation'", substations, 4)).toEqual({
      sql: "(((f.attrs->>'voltage_kv')::double precision >= $4::float8) AND (f.kind = $5::text))",
      params: [220, 'hv_substation'],
    });
  });

  it('reads OR, NOT, parentheses, LIKE, BETWEEN, IN and IS NULL, keywords in any case', () => {
    const { sql, params } = cql2ToSql("not (name like 'GPZ%' or voltage_kv between 110 and 220) and teryt in ('3064011', '3064021') AND operator IS NOT NULL", substations, 1);
    expect(sql).toBe(
      "((NOT ((f.name LIKE $1::text) OR ((f.attrs->>'voltage_kv')::double precision BETWEEN $2::float8 AND $3::float8))) AND (f.teryt IN ($4::text, $5::text)) AND ((f.attrs->>'operator')::text IS NOT NULL))",
    );
    expect(params).toEqual(['GPZ%', 110, 220, '3064011', '3064021']);
  });

  it("takes GDAL's own spelling: parenthesised terms, a quote doubled inside text", () => {
    expect(cql2ToSql("(name = 'O''Brien') AND (voltage_kv > 110)", substations, 1).params).toEqual(["O'Brien", 110]);
    expect(cql2ToSql('"voltage_kv" < 1e3', substations, 1).params).toEqual([1000]);
  });

  it('never writes a name the catalogue does not have, and lists the queryables instead', () => {
    expect(failure("owner = 'PSE'")).toMatch(/filter: owner is not a queryable of power_substations at position 1 \(near: owner = 'PSE'\); queryables are id, kind, name, teryt, voltage_kv/);
    expect(failure('"f.geom; drop table x" = 1')).toMatch(/is not a queryable/);
  });

  it('points at the offending token of a broken expression', () => {
    expect(failure('voltage_kv >')).toMatch(/expected a literal, got 'the end' at position 13/);
    expect(failure("voltage_kv = 'high'")).toMatch(/voltage_kv is number, the value is string at position 14 \(near: 'high'\)/);
    expect(failure("name = 'x' AND")).toMatch(/expected a property name, got 'the end'/);
    expect(failure("name = 'x' voltage_kv = 1")).toMatch(/unexpected 'voltage_kv' at position 12.*expected AND, OR/);
    expect(failure("name = 'x")).toMatch(/text literal is not closed at position 8/);
    expect(failure('voltage_kv LIKE 1')).toMatch(/LIKE needs a text pattern/);
    expect(failure("voltage_kv LIKE '1%'")).toMatch(/LIKE compares text; voltage_kv is number/);
    expect(failure('name ~ 1')).toMatch(/the character '~' is not part of CQL2 text at position 6/);
    expect(failure('S_INTERSECTS(name, POINT(16 52))')).toMatch(/name is not the geometry of power_substations at position 14.*spatial functions take the geometry property geometry/);
    expect(failure('S_INTERSECTS(geometry, POINT(16))')).toMatch(/a position has 2 numbers \(x y\)/);
    expect(failure('S_CROSSES(geometry, POINT(16 52))')).toMatch(/expected an operator after S_CROSSES/);
    expect(failure(`${'('.repeat(30)}name = 'x'${')'.repeat(30)}`)).toMatch(/nests too deeply/);
  });

  it('offers the core fields and the typed attributes of the layer as queryables', () => {
    const names = queryablesOf(substations).map((queryable) => queryable.name);
    expect(names.slice(0, 4)).toEqual(['id', 'kind', 'name', 'teryt']);
    expect(names).toContain('voltage_kv');
    expect(new Set(names).size).toBe(names.length);
  });
});
