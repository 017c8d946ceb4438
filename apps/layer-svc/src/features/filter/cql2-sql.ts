import type { LayerAttribute, LayerDefinition } from '@lp/contracts';
import { SqlParams } from '@lp/db';
import { attributeValueSql } from '../../storage/layer-tables.js';
import { filterError, parseCql2Text, type Cql2Literal, type Cql2Node, type Cql2Property } from './cql2-text.js';

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
 * Translates a CQL2 text filter on row `f` of a layer's version table into SQL. Property names are
 * looked up among the layer's queryables and written from the catalogue; every literal is a
 * parameter, numbered from `firstParam`.
 */
export function cql2ToSql(text: string, layer: LayerDefinition, firstParam: number): { sql: string; params: unknown[] } {
  const queryables = new Map(queryablesOf(layer).map((queryable) => [queryable.name, queryable]));
  const params = new SqlParams(firstParam);

  const propertyOf = (property: Cql2Property): Queryable => {
    const queryable = queryables.get(property.name);
    if (!queryable) throw filterError(text, property.at, `${property.name} is not a queryable of ${layer.id}`, `queryables are ${[...queryables.keys()].join(', ')}`);
    return queryable;
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

  const sql = compile(parseCql2Text(text));
  return { sql, params: params.values };
}
