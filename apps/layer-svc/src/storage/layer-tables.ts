import { findLayer, hasSubdividedView as isSubdivided, subdividedMaxVertices, type AttributeType, type LayerAttribute, type LayerDefinition } from '@lp/contracts';

/**
 * Physical layout of layer data. Each refresh loads a new table `layer.f_<layer>__<run seq>`; the
 * published view `layer_pub.<layer>` is pointed at it in the swap transaction. Identifiers come
 * from the catalogue only, never from input, and are checked before use.
 */
const IDENTIFIER = /^[a-z][a-z0-9_]{0,50}$/;

export function checkedLayerId(layerId: string): string {
  if (!IDENTIFIER.test(layerId) || !findLayer(layerId)) throw new Error(`not a catalogue layer: ${layerId}`);
  return layerId;
}

export function versionTableName(layerId: string, runSeq: number): string {
  if (!Number.isInteger(runSeq) || runSeq < 0) throw new Error(`bad run sequence ${runSeq}`);
  return `f_${checkedLayerId(layerId)}__${runSeq}`;
}

export function subdividedTableName(table: string): string {
  return `${table}_sub`;
}

/** Which layers keep their geometry cut into small pieces is part of the published contract. */
export { hasSubdividedView as isSubdivided } from '@lp/contracts';

/**
 * What the trigram index on parcel ids is built on: the id as an expression that `id = $1` does
 * not match, so exact lookups always take the unique btree (pg_trgm's GiST answers `=` as well,
 * slowly for an id that does not exist). Similarity and substring queries on parcel ids write the
 * same expression over the published column (`(p.id || '')`) to use the trigram index.
 */
export const PARCEL_ID_TRIGRAM_EXPRESSION = (column: string): string => `(${column} || '')`;

/**
 * What vector tiles read, computed by PostgreSQL as each row is written, so no tile transforms a
 * feature: the geometry in
 * web mercator, the projection tiles are cut in, and the weight that keeps the largest features in
 * a capped tile (area of polygons, length of lines, 0 for points: ST_Area of a line and ST_Length of
 * a polygon are 0). Transforming every feature of a tile while cutting it was a large part of a
 * tile's time in PostgreSQL; with its own spatial index a tile is
 * found by its exact web-mercator envelope. Both columns follow `geom` on every insert and update.
 */
export const TILE_GEOMETRY_COLUMNS = `geom_web      geometry(Geometry, 3857) GENERATED ALWAYS AS (ST_Transform(geom, 3857)) STORED,
       tile_weight   double precision GENERATED ALWAYS AS (ST_Area(geom) + ST_Length(geom)) STORED`;

export function createVersionTableSql(table: string): string[] {
  return [
    `CREATE TABLE layer.${table} (
       fid           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       ext_id        text NOT NULL,
       kind          text NOT NULL,
       name          text,
       teryt         text,
       attrs         jsonb NOT NULL DEFAULT '{}'::jsonb,
       geom          geometry(Geometry, 2180) NOT NULL,
       source_run_id text NOT NULL,
       fetched_at    timestamptz NOT NULL,
       source_url    text NOT NULL,
       source_bbox   geometry(Polygon, 4326),
       ${TILE_GEOMETRY_COLUMNS}
     )`,
    // Every row of a run has the same source_bbox; PostGIS's statistics on thousands of identical
    // boxes took seconds per ANALYZE, and no query filters on it.
    `ALTER TABLE layer.${table} ALTER COLUMN source_bbox SET STATISTICS 0`,
  ];
}

/** Indexes are built after the bulk insert (much faster than maintaining them row by row). */
export function indexVersionTableSql(layer: LayerDefinition, table: string): string[] {
  const statements = [
    `CREATE UNIQUE INDEX ${table}_ext_id ON layer.${table} (ext_id)`,
    `CREATE INDEX ${table}_geom ON layer.${table} USING gist (geom)`,
    `CREATE INDEX ${table}_geom_web ON layer.${table} USING gist (geom_web)`,
    `CREATE INDEX ${table}_teryt ON layer.${table} (teryt)`,
    `CREATE INDEX ${table}_kind ON layer.${table} (kind)`,
  ];
  if (layer.id === 'parcels') {
    // Autocomplete: prefix as an index range scan, substring and close ids through trigrams.
    statements.push(`CREATE INDEX ${table}_ext_id_prefix ON layer.${table} (ext_id text_pattern_ops)`);
    statements.push(`CREATE INDEX ${table}_ext_id_trgm ON layer.${table} USING gist (${PARCEL_ID_TRIGRAM_EXPRESSION('ext_id')} gist_trgm_ops)`);
  }
  if (isSubdivided(layer)) {
    const sub = subdividedTableName(table);
    statements.push(
      `CREATE TABLE layer.${sub} AS
         SELECT fid, kind, ST_Subdivide(geom, ${subdividedMaxVertices(layer)}) AS geom FROM layer.${table}`,
      `CREATE INDEX ${sub}_geom ON layer.${sub} USING gist (geom)`,
      `CREATE INDEX ${sub}_fid ON layer.${sub} (fid)`,
    );
  }
  statements.push(`ANALYZE layer.${table}`);
  return statements;
}

export function dropVersionTableSql(table: string): string[] {
  return [`DROP TABLE IF EXISTS layer.${subdividedTableName(table)}`, `DROP TABLE IF EXISTS layer.${table}`];
}

const SQL_TYPE: Record<AttributeType, string> = {
  number: 'double precision',
  integer: 'bigint',
  string: 'text',
  boolean: 'boolean',
  date: 'date',
};

/** Core columns of every feature; an attribute of the same name in the catalogue maps onto them. */
const CORE_COLUMNS = new Set(['id', 'kind', 'name', 'teryt']);
/** Columns of every published view that no attribute may shadow. */
const RESERVED_COLUMNS = new Set(['fid', 'attrs', 'geom', 'source_run_id', 'fetched_at', 'source_url', 'source_bbox', 'layer_id']);

/** Typed columns of a layer's published view, from the catalogue's attributes. */
export function attributeColumnsSql(layer: LayerDefinition, alias: string): string[] {
  return layer.attributes
    .filter((attribute) => !CORE_COLUMNS.has(attribute.name))
    .map((attribute) => {
      if (!IDENTIFIER.test(attribute.name) || RESERVED_COLUMNS.has(attribute.name)) throw new Error(`attribute name ${attribute.name} of ${layer.id} is not allowed`);
      return `${attributeValueSql(attribute, alias)} AS ${attribute.name}`;
    });
}

/**
 * The typed value of a catalogue attribute of row `alias` of a version table: a core column for
 * id, kind, name and teryt, else the attribute's text in `attrs` cast to its SQL type.
 */
export function attributeValueSql(attribute: LayerAttribute, alias: string): string {
  if (!IDENTIFIER.test(attribute.name)) throw new Error(`attribute name ${attribute.name} is not allowed`);
  if (attribute.name === 'id') return `${alias}.ext_id`;
  if (CORE_COLUMNS.has(attribute.name)) return `${alias}.${attribute.name}`;
  return `(${alias}.attrs->>'${attribute.name}')::${SQL_TYPE[attribute.type]}`;
}

/**
 * The published view of a layer: stable columns (id, kind, name, teryt, typed attributes, attrs,
 * geom in EPSG:2180, provenance) over whichever version is served.
 */
export function layerViewSql(layer: LayerDefinition, table: string): string {
  const columns = [
    'f.fid',
    'f.ext_id AS id',
    'f.kind',
    'f.name',
    'f.teryt',
    ...attributeColumnsSql(layer, 'f'),
    'f.attrs',
    'f.geom',
    'f.source_run_id',
    'f.fetched_at',
    'f.source_url',
    'f.source_bbox',
  ];
  return `CREATE OR REPLACE VIEW layer_pub.${layer.id} AS SELECT ${columns.join(', ')} FROM layer.${table} f`;
}

/** Subdivided geometry of polygon and line layers, for spatial joins and distances: join back on fid for attributes. */
export function subdividedViewSql(layer: LayerDefinition, table: string): string | null {
  if (!isSubdivided(layer)) return null;
  return `CREATE OR REPLACE VIEW layer_pub.${layer.id}_subdivided AS SELECT s.fid, s.kind, s.geom FROM layer.${subdividedTableName(table)} s`;
}
