import { z } from 'zod';

/**
 * One value of a mapped row, computed from the register's fields (all read as text). Written as
 * data so a profile can be read, reviewed and validated without running it:
 * - `field`: the text of a column (`optional` columns may be absent from a source; others may not)
 * - `constant`: a fixed value
 * - `codes`: a column's value (or another expression's) looked up in a code table (`lastSegment`
 *   first cuts a code-list URL such as an xlink:href down to its last path segment); an unknown code
 *   passes through as it is, so validation names it
 * - `rules`: the value of the first regular expression the input matches (else the input itself)
 * - `slice`: characters `from` (1-based) of a column, `length` of them
 * - `capture`: the part of a column that the parenthesised group of a regular expression matches,
 *   null when it does not match (the map sheet `AR_3` inside an EGiB parcel id)
 * - `template`: `{column}` placeholders joined with literal text (all named columns required)
 * - `date`: the first ten characters of a timestamp (`2024-10-02 00:00:00+02` or GDAL's
 *   `2024/10/02 00:00:00+02` of a GeoPackage DateTime -> `2024-10-02`)
 * - `scaled`: a number column times a factor (hectares to square metres)
 * - `ratio`: one number divided by another (price per square metre), null unless both are numbers
 * - `firstOf`: the first non-empty of several expressions
 * - `gminaFromUnitId`: the 7-digit gmina of an EGiB unit id (`061701_1.0001.2262` -> `0617011`;
 *   the town or rural part of an urban-rural gmina, types 4 and 5, -> its gmina, type 3; a city
 *   district, types 8 and 9, -> the city, type 1)
 * - `geometryArea`: the area of the geometry in square metres (EPSG:2180)
 * - `terytParent`: the unit a TERYT code belongs to (gmina -> powiat, powiat -> voivodeship)
 * - `otherwise` (of `codes` and `rules`): the value when no code or pattern matches, instead of the
 *   input itself (a free-tagged source such as OpenStreetMap, where an odd value is left out, not
 *   a failed run)
 * - `numbers`: OpenStreetMap's `;`-separated values read as numbers (`voltage=110000;15000`),
 *   each times `factor`, or times the factor of its unit (`units`, e.g. `{"kw": 1, "w": 0.001}`
 *   for `22 kW`); values without a number or with another unit are skipped. `pick` the largest,
 *   the smallest, the sum, or `list`: every distinct value, largest first, joined by `/`
 * - `bands`: the label of the first threshold a number reaches (`[[220, "ehv"], [60, "hv"]]`),
 *   null below all
 * - `join`: expressions joined by a separator, empty ones left out (null when all are)
 * - `replace`: a regular expression replaced in a value (every match)
 * - `extract`: the first parenthesised group of a regular expression, null when it does not match
 * - `osmElement`: the OpenStreetMap element a row of GDAL's OSM driver is (`node/123`, `way/45`,
 *   `relation/6`), after an optional `prefix`
 */
export type ValueExpression =
  | { field: string; optional?: boolean }
  | { constant: string | number | boolean | null }
  | { codes: string | ValueExpression; table: Record<string, string | number | boolean>; lastSegment?: boolean; optional?: boolean; otherwise?: ValueExpression }
  | { rules: ValueExpression; match: Array<[string, string]>; otherwise?: ValueExpression }
  | { slice: string; from: number; length: number }
  | { capture: string; pattern: string }
  | { template: string }
  | { date: string; optional?: boolean }
  | { scaled: string; factor: number; optional?: boolean }
  | { ratio: [ValueExpression, ValueExpression] }
  | { firstOf: ValueExpression[] }
  | { gminaFromUnitId: string }
  | { terytParent: string }
  | { geometryArea: true }
  | { numbers: ValueExpression; pick: 'max' | 'min' | 'sum' | 'list'; factor?: number; units?: Record<string, number> }
  | { bands: ValueExpression; from: Array<[number, string]> }
  | { join: ValueExpression[]; separator: string }
  | { replace: ValueExpression; pattern: string; with: string }
  | { extract: ValueExpression; pattern: string }
  | { osmElement: true; prefix?: string };

const valueExpression: z.ZodType<ValueExpression> = z.lazy(() =>
  z.union([
    z.object({ field: z.string().min(1), optional: z.boolean().optional() }).strict(),
    z.object({ constant: z.union([z.string(), z.number(), z.boolean(), z.null()]) }).strict(),
    z
      .object({
        codes: z.union([z.string().min(1), valueExpression]),
        table: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
        lastSegment: z.boolean().optional(),
        optional: z.boolean().optional(),
        otherwise: valueExpression.optional(),
      })
      .strict(),
    z.object({ rules: valueExpression, match: z.array(z.tuple([z.string().min(1), z.string()])).min(1), otherwise: valueExpression.optional() }).strict(),
    z.object({ slice: z.string().min(1), from: z.number().int().positive(), length: z.number().int().positive() }).strict(),
    z.object({ capture: z.string().min(1), pattern: z.string().regex(/\(.+\)/, 'a pattern with one (group) to keep') }).strict(),
    z.object({ template: z.string().regex(/\{[^{}]+\}/, 'a template names at least one {column}') }).strict(),
    z.object({ date: z.string().min(1), optional: z.boolean().optional() }).strict(),
    z.object({ scaled: z.string().min(1), factor: z.number(), optional: z.boolean().optional() }).strict(),
    z.object({ ratio: z.tuple([valueExpression, valueExpression]) }).strict(),
    z.object({ firstOf: z.array(valueExpression).min(1) }).strict(),
    z.object({ gminaFromUnitId: z.string().min(1) }).strict(),
    z.object({ terytParent: z.string().min(1) }).strict(),
    z.object({ geometryArea: z.literal(true) }).strict(),
    z
      .object({
        numbers: valueExpression,
        pick: z.enum(['max', 'min', 'sum', 'list']),
        factor: z.number().positive().optional(),
        units: z.record(z.string().regex(/^[a-z]+$/, 'a unit in lower case letters'), z.number().positive()).optional(),
      })
      .strict(),
    z.object({ bands: valueExpression, from: z.array(z.tuple([z.number(), z.string().min(1)])).min(1) }).strict(),
    z.object({ join: z.array(valueExpression).min(1), separator: z.string() }).strict(),
    z.object({ replace: valueExpression, pattern: z.string().min(1), with: z.string() }).strict(),
    z.object({ extract: valueExpression, pattern: z.string().regex(/\(/, 'a pattern with a (group)') }).strict(),
    z.object({ osmElement: z.literal(true), prefix: z.string().optional() }).strict(),
  ]),
);

/** How the register is reached. `wfs` is harvested page by page (see wfs-harvest.ts). */
const fetchSchema = z.discriminatedUnion('kind', [
  /**
   * A file or a URL GDAL reads directly (http(s) through /vsicurl/), or, with `download`, fetched
   * to a local file first (an OSM extract is read once per GDAL layer, start to end).
   */
  z.object({ kind: z.literal('file'), download: z.boolean().optional() }).strict(),
  /** A zip archive, local or over http(s); `members` are paths inside it (a glob `*` allowed). */
  z.object({ kind: z.literal('zip'), members: z.array(z.string().min(1)).min(1) }).strict(),
  z
    .object({
      kind: z.literal('wfs'),
      /** Feature types, in the order harvested. */
      typeNames: z.array(z.string().min(1)).min(1),
      /** A property to sort on, so pages neither skip nor repeat rows. */
      sortBy: z.string().min(1),
      /** Used when the server's capabilities state no page size. */
      defaultPageSize: z.number().int().positive(),
      /** Asked for in GetFeature; the server's default otherwise. */
      srsName: z.string().optional(),
    })
    .strict(),
]);

const sourceLink = z.string().refine((value) => /^(https?:\/\/|none:)/.test(value), 'an http(s) URL, or none: and the reason there is none');

export const sourceProfileSchema = z
  .object({
    /** Used on the command line: `refresh <layer> --profile <id>`. */
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    /** The catalogue layer it fills. */
    layer: z.string().min(1),
    register: z.string().min(1),
    /** Where the public data is published (documentation, download page or service). */
    publishedAt: sourceLink,
    /** The service or file an operator passes as --source, when there is one fixed address. */
    endpoint: z.string().url().optional(),
    licence: z.string().min(1),
    attribution: z.string().min(1),
    cadence: z.string().min(1),
    /** What an operator must know or do by hand (procedures, parts, known gaps). */
    notes: z.string().optional(),
    fetch: fetchSchema,
    gdal: z
      .object({
        /** GDAL layers read (all of them when absent); each row keeps its layer in `_layer`. */
        layers: z.array(z.string().min(1)).optional(),
        openOptions: z.record(z.string(), z.string()).default({}),
        config: z.record(z.string(), z.string()).default({}),
        /** The CRS of the coordinates when the source does not state it (CSV, some shapefiles). */
        sourceSrs: z.string().optional(),
        /** Of text sources (CSV): the bytes are checked against it, and re-encoded to UTF-8. */
        encoding: z.enum(['UTF-8', 'CP1250']).default('UTF-8'),
        /**
         * An attribute filter GDAL applies while reading (OGR SQL), so that only the rows the layer
         * needs reach the database (the OSM extract of Poland holds every mapped element of the country).
         */
        where: z.string().min(1).optional(),
        /**
         * An OpenStreetMap extract read by GDAL's OSM driver: the keys read as columns in every
         * GDAL layer (points, lines, multipolygons; the rest of the tags are not kept), and closed
         * ways read as areas besides GDAL's own list (`power=substation`, `telecom`). The loader
         * writes the driver's osmconf.ini from it.
         */
        osm: z
          .object({
            tags: z.array(z.string().regex(/^[a-z][a-z0-9_:]*$/, 'an OSM key')).min(1),
            areas: z.array(z.string().regex(/^[a-z][a-z0-9_:]*(=[a-z0-9_]+)?$/, 'key or key=value')).default([]),
          })
          .strict()
          .optional(),
      })
      .strict(),
    map: z
      .object({
        id: valueExpression,
        kind: valueExpression,
        name: valueExpression.optional(),
        /** Absent: the gmina is taken from the geometry (point on surface). */
        teryt: valueExpression.optional(),
        attributes: z.record(z.string(), valueExpression).default({}),
        /**
         * Source rows the catalogue has no kind for, left out on purpose and counted (e.g. the
         * buffer zones of nature reserves, which GDOŚ publishes in the reserves' own layer).
         */
        exclude: z.array(z.object({ value: valueExpression, matches: z.string().min(1), reason: z.string().min(1) }).strict()).default([]),
        /**
         * `pointOnSurface` for a point layer fed from polygons (RCN parcels); `parcelPoint` for a
         * register without coordinates that names EGiB parcels (GUNB): the point on the served parcel
         * of that id. Rows whose parcel is not served are left out and reported.
         */
        geometry: z
          .union([
            z.enum(['asIs', 'pointOnSurface']),
            z.object({ parcelPoint: valueExpression }).strict(),
            /**
             * A table without coordinates that names substations (grid operators' capacity lists):
             * the point of the one served substation of that name (normalised: case, diacritics,
             * `GPZ`/`stacja` and `110/15 kV` left out), in that area (`area`: a comma-separated list
             * of voivodeship or powiat TERYT codes or powiat names) and at that voltage (`voltageKv`, one of the substation's levels)
             * when the row gives them. Rows with no such substation, or several, are left out and
             * each one is reported.
             */
            z.object({ substationPoint: z.object({ name: valueExpression, area: valueExpression.optional(), voltageKv: valueExpression.optional() }).strict() }).strict(),
          ])
          .default('asIs'),
      })
      .strict(),
  })
  .strict();

export type SourceProfile = z.infer<typeof sourceProfileSchema>;
export type SourceProfileInput = z.input<typeof sourceProfileSchema>;
