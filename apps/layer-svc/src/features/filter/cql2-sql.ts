import type { LayerAttribute, LayerDefinition, OgcCrs } from '@lp/contracts';
import { SqlParams } from '@lp/db';
import { SERVED_AREA_WGS84 } from '@lp/geo';
import { attributeValueSql } from '../../storage/layer-tables.js';
import { GEOMETRY_PROPERTY, geometryProblem, type Cql2Geometry } from './cql2-geometry.js';
import { parseCql2Json } from './cql2-json.js';
import { parseCql2Text } from './cql2-text.js';
import { filterError, type Cql2At, type Cql2Literal, type Cql2Node, type Cql2Property } from './cql2-tree.js';

/** How a filter is written: its language (filter-lang) and the CRS of its spatial literals (filter-crs). */
export interface FilterSyntax {
  lang?: 'cql2-text' | 'cql2-json';
  crs?: OgcCrs;
}

/** A property a filter may name: the core fields of every feature and the layer's typed attributes. */
export interface Queryable extends LayerAttribute {
  enum?: string[];
}

/** The queryables of a layer, from the catalogue only (never from the filter text). */
export function queryablesOf(layer: LayerDefinition): Queryable[] {
  const core: Queryable[] = [
    { name: 'id', type: 'string', description: 'Id of the feature in its source register' },
    { name: 'kind', type: 'string', description: "The feature's kind", enum: layer.kinds.map((kind) => kind.id) },
    { name: 'name', type: 'string', description: 'Name, where the source has one' },
    { name: 'teryt', type: 'string', description: 'TERYT code of the gmina (or powiat / voivodeship)' },
  ];
  const own = layer.attributes.filter((attribute) => !core.some((field) => field.name === attribute.name));
  return [...core, ...own];
}

// An integer property compares with any number (voltage_kv > 110.5), so its literals are float8 too.
const PG_CAST: Record<LayerAttribute['type'], string> = { string: 'text', number: 'float8', integer: 'float8', boolean: 'boolean', date: 'date' };
const OPERATORS = new Set(['=', '<>', '<', '<=', '>', '>=']);

/**
 * Translates a CQL2 filter (text or JSON) on row `f` of a layer's version table into SQL. Property
 * names are looked up among the layer's queryables and written from the catalogue; every literal,
 * spatial ones included, is a parameter, numbered from `firstParam`.
 */
export function cql2ToSql(text: string, layer: LayerDefinition, firstParam: number, syntax: FilterSyntax = {}): { sql: string; params: unknown[] } {
  const queryables = new Map(queryablesOf(layer).map((queryable) => [queryable.name, queryable]));
  const params = new SqlParams(firstParam);
  const crs = syntax.crs ?? 'CRS84';

  const propertyOf = (property: Cql2Property): Queryable => {
    const queryable = queryables.get(property.name);
    if (property.name === GEOMETRY_PROPERTY) throw filterError(text, property.at, `${GEOMETRY_PROPERTY} is the geometry`, `compare it only with S_INTERSECTS(${GEOMETRY_PROPERTY}, <geometry>)`);
    if (!queryable) throw filterError(text, property.at, `${property.name} is not a queryable of ${layer.id}`, `queryables are ${[...queryables.keys()].join(', ')}`);
    return queryable;
  };
  const spatial = (property: Cql2Property, geometry: Cql2Geometry, at: Cql2At): string => {
    if (property.name !== GEOMETRY_PROPERTY) throw filterError(text, property.at, `${property.name} is not the geometry of ${layer.id}`, `spatial functions take the geometry property ${GEOMETRY_PROPERTY}`);
    const problem = geometryProblem(geometry, crs);
    if (problem) throw filterError(text, at, `the geometry of S_INTERSECTS is not valid: ${problem}`, `write the geometry in ${crs === 'CRS84' ? 'CRS84, longitude first' : 'EPSG:2180, northing first (x), then easting'}`);
    return `ST_Intersects(f.geom, ${spatialLiteralSql(params, geometry, crs)})`;
  };
  const value = (queryable: Queryable, literal: Cql2Literal): string => {
    const expected = queryable.type === 'integer' ? 'number' : queryable.type;
    // GDAL and most clients write dates as text: '2024-05-01' compares with a date property.
    const dateText = queryable.type === 'date' && literal.kind === 'string' && /^\d{4}-\d{2}-\d{2}/.test(literal.value);
    if (literal.kind !== expected && !dateText) {
      throw filterError(text, literal.at, `${queryable.name} is ${queryable.type}, the value is ${literal.kind}`, `compare ${queryable.name} with a ${queryable.type} literal`);
    }
    const raw = dateText ? (literal.value as string).slice(0, 10) : literal.value;
    return params.add(raw, PG_CAST[queryable.type]);
  };

  const compile = (node: Cql2Node): string => {
    switch (node.op) {
      case 'and':
      case 'or':
        return `(${node.args.map(compile).join(node.op === 'and' ? ' AND ' : ' OR ')})`;
      case 'not':
        return `(NOT ${compile(node.arg)})`;
      case 's_intersects':
        return spatial(node.property, node.geometry, node.at);
      case 'isNull': {
        const column = attributeValueSql(propertyOf(node.property), 'f');
        return `(${column} IS ${node.negated ? 'NOT ' : ''}NULL)`;
      }
      case 'like': {
        const queryable = propertyOf(node.property);
        if (queryable.type !== 'string') throw filterError(text, node.at, `LIKE compares text; ${queryable.name} is ${queryable.type}`, 'use =, <, >, BETWEEN or IN on numbers, dates and booleans');
        return `(${attributeValueSql(queryable, 'f')} ${node.negated ? 'NOT ' : ''}LIKE ${params.add(node.pattern, 'text')})`;
      }
      case 'between': {
        const queryable = propertyOf(node.property);
        const column = attributeValueSql(queryable, 'f');
        return `(${column} ${node.negated ? 'NOT ' : ''}BETWEEN ${value(queryable, node.low)} AND ${value(queryable, node.high)})`;
      }
      case 'in': {
        const queryable = propertyOf(node.property);
        const list = node.values.map((literal) => value(queryable, literal));
        return `(${attributeValueSql(queryable, 'f')} ${node.negated ? 'NOT ' : ''}IN (${list.join(', ')}))`;
      }
      default: {
        if (!OPERATORS.has(node.op)) throw new Error(`unknown CQL2 node ${JSON.stringify(node)}`);
        const queryable = propertyOf(node.property);
        return `(${attributeValueSql(queryable, 'f')} ${node.op} ${value(queryable, node.value)})`;
      }
    }
  };

  const sql = compile(syntax.lang === 'cql2-json' ? parseCql2Json(text) : parseCql2Text(text));
  return { sql, params: params.values };
}

/**
 * A spatial literal as an EPSG:2180 geometry, the column's CRS, so the GiST index answers. CRS84:
 * cut to the served area first (EPSG:2180 is meaningless far from Poland, a world polygon would not
 * transform), and densified so its straight edges in degrees stay where they were drawn. EPSG:2180:
 * the literal is in the CRS's own axis order, northing first, so x and y are swapped back.
 * ST_MakeValid: a self-crossing polygon from a client must not become an internal error.
 */
function spatialLiteralSql(params: SqlParams, geometry: Cql2Geometry, crs: OgcCrs): string {
  const literal = `ST_MakeValid(ST_GeomFromGeoJSON(${params.add(JSON.stringify(geometry), 'text')}))`;
  if (crs === 'EPSG:2180') return `ST_SetSRID(ST_FlipCoordinates(${literal}), 2180)`;
  const area = SERVED_AREA_WGS84;
  const box = `ST_MakeEnvelope(${[area.minLng, area.minLat, area.maxLng, area.maxLat].map((value) => params.add(value, 'float8')).join(', ')}, 4326)`;
  return `ST_Transform(ST_Segmentize(ST_Intersection(ST_SetSRID(${literal}, 4326), ${box}), 0.01), 2180)`;
}
