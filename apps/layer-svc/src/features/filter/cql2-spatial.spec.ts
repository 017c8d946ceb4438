import { describe, expect, it } from '@jest/globals';
import { AppError, findLayer } from '@lp/contracts';
import { cql2ToSql, type FilterSyntax } from './cql2-sql.js';

const substations = findLayer('power_substations')!;
const JSON_SYNTAX: FilterSyntax = { lang: 'cql2-json' };

function failure(text: string, syntax: FilterSyntax = {}): string {
  try {
    cql2ToSql(text, substations, 1, syntax);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_request');
    return (error as AppError).message;
  }
  throw new Error(`accepted ${text}`);
}

describe('CQL2 spatial filters and CQL2 JSON to SQL', () => {
  it('reads a WKT polygon into a GeoJSON parameter, cut to the served area and transformed to the storage CRS', () => {
    const { sql, params } = cql2ToSql("S_INTERSECTS(geometry, POLYGON((16.2 51.9, 17.6 51.9, 17.6 52.8, 16.2 51.9))) AND kind = 'hv_substation'", substations, 3);
    expect(sql).toBe(
      '(ST_Intersects(f.geom, ST_Transform(ST_Segmentize(ST_Intersection(ST_SetSRID(ST_MakeValid(ST_GeomFromGeoJSON($3::text)), 4326), ' +
        'ST_MakeEnvelope($4::float8, $5::float8, $6::float8, $7::float8, 4326)), 0.01), 2180)) AND (f.kind = $8::text))',
    );
    expect(JSON.parse(params[0] as string)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [16.2, 51.9],
          [17.6, 51.9],
          [17.6, 52.8],
          [16.2, 51.9],
        ],
      ],
    });
    expect(params.slice(1)).toEqual([11.8, 46.9, 26.3, 57.0, 'hv_substation']);
  });

  it('takes BBOX, points, multi-geometries and collections, the literal before or after the property', () => {
    const bbox = cql2ToSql('S_INTERSECTS(BBOX(16.2, 51.9, 17.6, 52.8), geometry)', substations, 1);
    expect(JSON.parse(bbox.params[0] as string).coordinates[0]).toEqual([
      [16.2, 51.9],
      [17.6, 51.9],
      [17.6, 52.8],
      [16.2, 52.8],
      [16.2, 51.9],
    ]);
    const multi = cql2ToSql('s_intersects(geometry, GEOMETRYCOLLECTION(POINT(16 52), MULTIPOINT((16 52), 17 53), LINESTRING(16 52, 17 53)))', substations, 1);
    expect(JSON.parse(multi.params[0] as string)).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [16, 52] },
        {
          type: 'MultiPoint',
          coordinates: [
            [16, 52],
            [17, 53],
          ],
        },
        {
          type: 'LineString',
          coordinates: [
            [16, 52],
            [17, 53],
          ],
        },
      ],
    });
  });

  it('reads a literal in EPSG:2180 as northing, easting and swaps it back, no transform', () => {
    const { sql, params } = cql2ToSql('S_INTERSECTS(geometry, POINT(500000 400000))', substations, 1, { crs: 'EPSG:2180' });
    expect(sql).toBe('ST_Intersects(f.geom, ST_SetSRID(ST_FlipCoordinates(ST_MakeValid(ST_GeomFromGeoJSON($1::text))), 2180))');
    expect(JSON.parse(params[0] as string)).toEqual({ type: 'Point', coordinates: [500000, 400000] });
  });

  it('refuses broken geometries with what a geometry must be', () => {
    expect(failure('S_INTERSECTS(geometry, POLYGON((16 52, 17 52, 17 53)))')).toMatch(/polygon ring is closed .* 4 positions or more/);
    expect(failure('S_INTERSECTS(geometry, POINT(52 216))')).toMatch(/outside CRS84 \(longitude -180..180 first/);
    expect(failure('S_INTERSECTS(geometry, BBOX(17, 52, 16, 53))')).toMatch(/BBOX min values must be below the max values/);
    expect(failure('S_INTERSECTS(geometry, CIRCLE(16 52))')).toMatch(/expected a geometry, got 'CIRCLE' at position 24/);
  });

  it('parses CQL2 JSON into the same SQL as the same CQL2 text', () => {
    const json = JSON.stringify({
      op: 'and',
      args: [
        { op: '>=', args: [{ property: 'voltage_kv' }, 110] },
        { op: 'not', args: [{ op: 'like', args: [{ property: 'name' }, 'GPZ%'] }] },
        { op: 'in', args: [{ property: 'teryt' }, ['3064011', '3064021']] },
        { op: 'between', args: [{ property: 'voltage_kv' }, 100, 400] },
        { op: 'isNull', args: [{ property: 'operator' }] },
        { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Point', coordinates: [16.9, 52.4] }] },
      ],
    });
    const text = "voltage_kv >= 110 AND NOT (name LIKE 'GPZ%') AND teryt IN ('3064011', '3064021') AND voltage_kv BETWEEN 100 AND 400 AND operator IS NULL AND S_INTERSECTS(geometry, POINT(16.9 52.4))";
    expect(cql2ToSql(json, substations, 1, JSON_SYNTAX)).toEqual(cql2ToSql(text, substations, 1));
    const box = cql2ToSql(JSON.stringify({ op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [16.2, 51.9, 17.6, 52.8] }] }), substations, 1, JSON_SYNTAX);
    expect(box).toEqual(cql2ToSql('S_INTERSECTS(geometry, BBOX(16.2, 51.9, 17.6, 52.8))', substations, 1));
  });

  it('points at the offending member of CQL2 JSON by its JSON pointer', () => {
    expect(failure('{"op": "=", "args": [{"property": "owner"}, 1]}', JSON_SYNTAX)).toMatch(/CQL2 JSON\): owner is not a queryable of power_substations at \/args\/0; queryables are id, kind/);
    expect(failure('{"op": "and", "args": [{"op": "=", "args": [{"property": "name"}, "x"]}, {"op": "~", "args": []}]}', JSON_SYNTAX)).toMatch(
      /~ is not an operator we accept at \/args\/1\/op; op is one of and, or, not/,
    );
    expect(failure('{"op": "=", "args": [{"property": "voltage_kv"}, "high"]}', JSON_SYNTAX)).toMatch(/voltage_kv is number, the value is string at \/args\/1/);
    expect(failure('{"op": "s_intersects", "args": [{"property": "geometry"}, {"type": "Polygon", "coordinates": [[[16, 52], [17, 52]]]}]}', JSON_SYNTAX)).toMatch(
      /polygon ring is closed/,
    );
    expect(failure('{"op": "=", "args": [', JSON_SYNTAX)).toMatch(/the filter is not JSON .*near character/);
    expect(failure("name = 'x'", JSON_SYNTAX)).toMatch(/the filter is not JSON/);
  });
});
