import { bboxPolygon, type Cql2Geometry } from './cql2-geometry.js';
import type { TokenCursor } from './cql2-tokens.js';
import { filterError } from './cql2-tree.js';

/** WKT geometries (and CQL2's BBOX) in CQL2 text, read into GeoJSON: the spatial literals of S_INTERSECTS. */
const WKT_TYPES: Record<string, string> = {
  POINT: 'Point',
  LINESTRING: 'LineString',
  POLYGON: 'Polygon',
  MULTIPOINT: 'MultiPoint',
  MULTILINESTRING: 'MultiLineString',
  MULTIPOLYGON: 'MultiPolygon',
  GEOMETRYCOLLECTION: 'GeometryCollection',
};
export const WKT_ALLOWED = 'a WKT geometry (POINT(x y), LINESTRING(...), POLYGON((...)), MULTI..., GEOMETRYCOLLECTION(...)) or BBOX(x1, y1, x2, y2)';

export function isGeometryStart(tokens: TokenCursor): boolean {
  const token = tokens.peek();
  return token.kind === 'ident' && (token.text.toUpperCase() in WKT_TYPES || token.text.toUpperCase() === 'BBOX');
}

/** A WKT geometry or a CQL2 BBOX, read into GeoJSON. */
export function readGeometry(tokens: TokenCursor): Cql2Geometry {
  const token = tokens.peek();
  if (!isGeometryStart(tokens)) throw filterError(tokens.text, token.at, `expected a geometry, got '${token.text || 'the end'}'`, `write ${WKT_ALLOWED}`);
  tokens.next();
  const word = token.text.toUpperCase();
  if (word === 'BBOX') {
    tokens.expectPunct('(', 'BBOX takes 4 numbers in parentheses');
    const values = [tokens.number()];
    while (tokens.acceptPunct(',')) values.push(tokens.number());
    tokens.expectPunct(')', 'close BBOX(...)');
    const polygon = bboxPolygon(values);
    if (typeof polygon === 'string') throw filterError(tokens.text, token.at, polygon, 'write BBOX(x1, y1, x2, y2) in the axis order of filter-crs');
    return polygon;
  }
  const type = WKT_TYPES[word]!;
  if (tokens.isKeyword('Z')) tokens.next();
  if (type === 'GeometryCollection') {
    tokens.expectPunct('(', 'GEOMETRYCOLLECTION takes its geometries in parentheses');
    const geometries = [readGeometry(tokens)];
    while (tokens.acceptPunct(',')) geometries.push(readGeometry(tokens));
    tokens.expectPunct(')', 'close GEOMETRYCOLLECTION(...)');
    return { type, geometries };
  }
  const depth = { Point: 0, LineString: 1, MultiPoint: 1, Polygon: 2, MultiLineString: 2, MultiPolygon: 3 }[type]!;
  if (type === 'Point') {
    tokens.expectPunct('(', 'POINT takes one position in parentheses: POINT(x y)');
    const point = position(tokens);
    tokens.expectPunct(')', 'POINT takes one position: POINT(x y)');
    return { type, coordinates: point };
  }
  return { type, coordinates: coordinates(tokens, depth, type === 'MultiPoint') };
}

/** `depth` levels of parenthesised lists of positions; MULTIPOINT takes its points with or without parentheses. */
function coordinates(tokens: TokenCursor, depth: number, multipoint: boolean): unknown {
  if (depth === 1 && multipoint) return list(tokens, () => (tokens.peek().text === '(' ? list(tokens, () => position(tokens))[0] : position(tokens)));
  if (depth === 1) return list(tokens, () => position(tokens));
  return list(tokens, () => coordinates(tokens, depth - 1, multipoint));
}

function list<T>(tokens: TokenCursor, item: () => T): T[] {
  tokens.expectPunct('(', `a WKT coordinate list opens with '('; write ${WKT_ALLOWED}`);
  const items = [item()];
  while (tokens.acceptPunct(',')) items.push(item());
  tokens.expectPunct(')', "close the coordinate list with ')'");
  return items;
}

/** A WKT position: 2 or 3 numbers separated by spaces. */
function position(tokens: TokenCursor): number[] {
  const values = [tokens.number()];
  while (tokens.peek().kind === 'number') values.push(tokens.number());
  if (values.length > 3) throw filterError(tokens.text, tokens.peek().at, 'a position has 2 or 3 numbers', "separate positions with ','");
  if (values.length < 2) throw filterError(tokens.text, tokens.peek().at, 'a position has 2 numbers (x y), separated by a space', 'write positions as x y, separated by commas');
  return values;
}
