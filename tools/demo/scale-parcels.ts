/**
 * The parcel geometry of the scale dataset, per gmina block. Two kinds:
 *
 * - `realistic` (the default): a partition of the block like the land register's parcels. The block
 *   is cut into rows by wavy headlands; each row is cut across into parcels by near-parallel,
 *   slightly leaning, jittered boundary lines. Most rows are field strips (the Polish "szachownica":
 *   a few metres to tens of metres wide, one row deep, i.e. 150 to 500 m long), some are village
 *   rows of house plots, some are large fields. Every line end is also a vertex of the headland it
 *   stops on, so neighbouring parcels share exactly the same vertices, and ST_Polygonize of a row's
 *   lines gives parcels without gaps or overlaps. docs/scale-data.md states the distribution and why.
 * - `synthetic`: the former 30 x 90 m rectangles with 4 m gaps (kept to compare with earlier runs).
 *
 * Each SQL text here defines CTEs after a CTE `g(id, c, quota)` (the gmina's TERYT, the block's
 * centre in EPSG:2180, the number of parcels) and ends with `plots(id, n, geom, area)`, n from 0
 * in reading order (row by row), so precinct and parcel numbers follow from n as before. Every
 * random draw is a hash of the gmina and the draw's position, so two runs write the same files.
 */

export const PARCEL_GEOMETRIES = ['realistic', 'synthetic'] as const;
export type ParcelGeometry = (typeof PARCEL_GEOMETRIES)[number];

export const PLOT = { width: 30, depth: 90, gap: 4 };

/**
 * The realistic generator's distribution. Shares are of rows (a village row is shallow and holds
 * many plots, a large-field row few), widths in metres (log-normal: median and sigma of its log),
 * depths in metres (uniform), jitter and spacing in metres.
 */
export const REALISTIC = {
  rowShare: { village: 0.2, large: 0.15 },
  village: { widthMin: 16, widthMax: 36, depthMin: 40, depthMax: 70 },
  strip: { widthMedian: 14, widthSigma: 0.55, widthMin: 4, widthMax: 90, depthMin: 150, depthMax: 500 },
  large: { widthMedian: 150, widthSigma: 0.5, widthMin: 60, widthMax: 500, depthMin: 300, depthMax: 600 },
  /** Interior vertices of a boundary line every this many metres, each moved sideways by up to `jitter`. */
  vertexSpacing: 40,
  jitter: 0.6,
  /** A row's lines lean together by up to this slope; each line by up to `lineLean` more (strips taper). */
  rowLean: 0.04,
  lineLean: 0.002,
  /** Headland points every this many metres, on two waves of these amplitudes (metres). */
  headlandSpacing: 30,
  headlandWaves: [1.5, 0.8],
  /**
   * The block is as wide as a square of its quota at this mean parcel area, and rows are drawn down
   * to `rowReach` times that width or `minRowReach` metres, whichever is more (a small block can
   * draw a few large fields in a row); only the rows needed to hold the quota are built.
   */
  meanArea: 6000,
  rowReach: 4,
  minRowReach: 3000,
  /** Width draws per row: the block's width over this (well under the mean width of any row kind). */
  drawWidth: 8,
  minSide: 400,
} as const;

/** A uniform draw in (0, 1) from a text key. */
function uniform(key: string): string {
  return `((hashtext(${key})::float8 + 2147483648.5) / 4294967297.0)`;
}

/** A standard normal draw (Box-Muller) from a text key. */
function normal(key: string): string {
  return `(sqrt(-2 * ln(${uniform(`${key} || ':a'`)})) * cos(2 * pi() * ${uniform(`${key} || ':b'`)}))`;
}

function logNormal(key: string, band: { widthMedian: number; widthSigma: number; widthMin: number; widthMax: number }): string {
  return `least(${band.widthMax}, greatest(${band.widthMin}, ${band.widthMedian} * exp(${band.widthSigma} * ${normal(key)})))`;
}

function between(min: number, max: number, key: string): string {
  return `(${min} + ${max - min} * ${uniform(key)})`;
}

const R = REALISTIC;
const ROW_KEY = `frame.id || ':row:' || r.k`;
const LINE_KEY = `s.id || ':' || s.k || ':' || s.i`;

/** The headland through a row's lower edge, at abscissa x: the row's y0 and two waves. */
const headlandY = (x: string): string =>
  `h.y + ${R.headlandWaves[0]} * sin(${x} / 37.0 + 2 * pi() * h.phase_a) + ${R.headlandWaves[1]} * sin(${x} / 11.3 + 2 * pi() * h.phase_b)`;

export const REALISTIC_PLOTS_SQL = `
  , frame AS (
    SELECT id, c, quota, greatest(${R.minSide}, sqrt(quota * ${R.meanArea})) AS side,
           ceil(greatest(${R.minSide}, sqrt(quota * ${R.meanArea})) / ${R.drawWidth})::int AS draws,
           greatest(${R.minRowReach}, ${R.rowReach} * sqrt(quota * ${R.meanArea})) AS reach, ${uniform(`id || ':angle'`)} * pi() AS angle FROM g
  ), row_draw AS (
    SELECT frame.id, r.k, ${uniform(`${ROW_KEY} || ':kind'`)} AS kind_u, ${uniform(`${ROW_KEY} || ':depth'`)} AS depth_u,
           (2 * ${uniform(`${ROW_KEY} || ':lean'`)} - 1) * ${R.rowLean} AS lean
    FROM frame CROSS JOIN LATERAL (SELECT generate_series(0, ceil(frame.reach / ${R.village.depthMin})::int) AS k) r
  ), row_kind AS (
    SELECT *, CASE WHEN kind_u < ${R.rowShare.village} THEN 'village' WHEN kind_u < ${R.rowShare.village + R.rowShare.large} THEN 'large' ELSE 'strip' END AS kind
    FROM row_draw
  ), row_sized AS (
    SELECT *, sum(CASE kind
                    WHEN 'village' THEN ${R.village.depthMin} + ${R.village.depthMax - R.village.depthMin} * depth_u
                    WHEN 'large' THEN ${R.large.depthMin} + ${R.large.depthMax - R.large.depthMin} * depth_u
                    ELSE ${R.strip.depthMin} + ${R.strip.depthMax - R.strip.depthMin} * depth_u END) OVER (ORDER BY k) AS y1
    FROM row_kind
  ), field_rows AS (
    SELECT r.id, r.k, r.kind, r.lean, coalesce(lag(r.y1) OVER (ORDER BY r.k), 0) AS y0, r.y1
    FROM row_sized r
  ), drawn_rows AS (
    SELECT f.* FROM field_rows f JOIN frame ON true WHERE f.y0 < frame.reach
  ), widths AS (
    SELECT r.id, r.k, r.kind, r.lean, r.y0, r.y1, i,
           CASE r.kind
             WHEN 'village' THEN ${between(R.village.widthMin, R.village.widthMax, `r.id || ':w:' || r.k || ':' || i`)}
             WHEN 'large' THEN ${logNormal(`r.id || ':w:' || r.k || ':' || i`, R.large)}
             ELSE ${logNormal(`r.id || ':w:' || r.k || ':' || i`, R.strip)} END AS width
    FROM drawn_rows r JOIN frame ON true CROSS JOIN LATERAL (SELECT generate_series(0, frame.draws) AS i) s
  ), starts AS (
    SELECT *, coalesce(sum(width) OVER (PARTITION BY k ORDER BY i ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS x,
           coalesce(sum(width) OVER (PARTITION BY k ORDER BY i ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING), 0) AS x_before
    FROM widths
  ), row_parcels AS (
    SELECT s.k, count(*) FILTER (WHERE s.x < frame.side AND s.i < frame.draws) AS parcels FROM starts s JOIN frame ON true GROUP BY s.k
  ), kept_rows AS (
    -- the rows that hold the quota (parcels are numbered row by row): the last one may be cut short
    SELECT r.*, c.before FROM drawn_rows r
    JOIN (SELECT k, sum(parcels) OVER (ORDER BY k) - parcels AS before FROM row_parcels) c ON c.k = r.k
    JOIN frame ON true WHERE c.before < frame.quota
  ), headlands AS (
    SELECT k AS h, y0 AS y FROM kept_rows
    UNION ALL SELECT k + 1, y1 FROM kept_rows WHERE k = (SELECT max(k) FROM kept_rows)
  ), headland AS (
    SELECT hl.h, hl.y, ${uniform(`frame.id || ':h:' || hl.h || ':a'`)} AS phase_a, ${uniform(`frame.id || ':h:' || hl.h || ':b'`)} AS phase_b
    FROM headlands hl, frame
  ), lines AS (
    SELECT s.id, s.k, s.i, s.x, s.y0, s.y1, s.lean + (2 * ${uniform(`${LINE_KEY} || ':lean'`)} - 1) * ${R.lineLean} AS lean,
           greatest(1, round((s.y1 - s.y0) / ${R.vertexSpacing}))::int AS segments
    FROM starts s JOIN frame ON true JOIN kept_rows r ON r.k = s.k
    -- the left line of every strip that starts inside the block, and the right line of the last one
    -- (in the last row, of the last one the quota needs)
    WHERE s.x_before < frame.side AND s.i <= frame.quota - r.before
  ), line_points AS (
    SELECT l.k, l.i, t, CASE WHEN t = 0 THEN l.k WHEN t = l.segments THEN l.k + 1 END AS h,
           l.x + l.lean * ((CASE WHEN t = 0 THEN l.y0 WHEN t = l.segments THEN l.y1 ELSE l.y0 + (l.y1 - l.y0) * t / l.segments END) - (l.y0 + l.y1) / 2)
             + CASE WHEN t IN (0, l.segments) THEN 0 ELSE (2 * ${uniform(`l.id || ':' || l.k || ':' || l.i || ':' || t`)} - 1) * ${R.jitter} END AS x,
           l.y0 + (l.y1 - l.y0) * t / l.segments AS y
    FROM lines l CROSS JOIN LATERAL generate_series(0, l.segments) AS t
  ), line_vertices AS (
    SELECT p.k, p.i, p.t, p.h, p.x, CASE WHEN p.h IS NULL THEN p.y ELSE ${headlandY('p.x')} END AS y
    FROM line_points p LEFT JOIN headland h ON h.h = p.h
  ), headland_vertices AS (
    SELECT DISTINCT ON (h, x) h, x, y FROM (
      SELECT h, x, y FROM line_vertices WHERE h IS NOT NULL
      UNION ALL
      SELECT h.h, e.x, ${headlandY('e.x')}
      FROM headland h
      JOIN (SELECT h, min(x) AS x_min, max(x) AS x_max FROM line_vertices WHERE h IS NOT NULL GROUP BY h) ends ON ends.h = h.h
      CROSS JOIN LATERAL (SELECT j * ${R.headlandSpacing}.0 AS x FROM generate_series(ceil(ends.x_min / ${R.headlandSpacing})::int, floor(ends.x_max / ${R.headlandSpacing})::int) AS j) e
      WHERE e.x > ends.x_min AND e.x < ends.x_max
    ) v ORDER BY h, x
  ), row_lines AS (
    SELECT k, ST_MakeLine(ST_MakePoint(x, y) ORDER BY t) AS geom FROM line_vertices GROUP BY k, i
    UNION ALL
    SELECT r.k, hl.geom FROM kept_rows r
    JOIN (SELECT h, ST_MakeLine(ST_MakePoint(x, y) ORDER BY x) AS geom FROM headland_vertices GROUP BY h) hl ON hl.h IN (r.k, r.k + 1)
  ), faces AS (
    -- noded first: a line's end is a vertex in the middle of the headland, and ST_Polygonize
    -- closes rings only at line ends (noding at an existing vertex adds no new coordinate)
    SELECT k, (ST_Dump(ST_Polygonize(geom))).geom AS geom
    FROM (SELECT k, ST_Node(ST_Collect(geom)) AS geom FROM row_lines GROUP BY k) noded GROUP BY k
  ), ordered AS (
    SELECT (row_number() OVER (ORDER BY k, ST_XMin(geom) + ST_XMax(geom)) - 1)::int AS n, geom FROM faces
  ), plots AS (
    SELECT frame.id, o.n, p.geom, ST_Area(p.geom) AS area
    FROM ordered o, frame
    CROSS JOIN LATERAL (SELECT ST_Rotate(ST_Translate(ST_SetSRID(o.geom, 2180), ST_X(frame.c) - frame.side / 2, ST_Y(frame.c) - frame.side / 2), frame.angle, frame.c) AS geom) p
    WHERE o.n < frame.quota
  )`;

/** The former rectangles: $3 width, $4 depth, $5 gap (metres), in a square around the centre. */
export const SYNTHETIC_PLOTS_SQL = `
  , params AS (SELECT $3::float8 AS w, $4::float8 AS d, $5::float8 AS gap),
  cols AS (SELECT ceil(sqrt(quota))::int AS cols FROM g),
  plots AS (
    SELECT g.id, n,
           ST_MakeEnvelope(
             ST_X(g.c) + ((n % cols) - cols / 2) * (w + gap), ST_Y(g.c) + ((n / cols) - cols / 2) * (d + gap),
             ST_X(g.c) + ((n % cols) - cols / 2) * (w + gap) + w, ST_Y(g.c) + ((n / cols) - cols / 2) * (d + gap) + d,
             2180) AS geom, w * d AS area
    FROM g, cols, params, generate_series(0, g.quota - 1) AS n
  )`;

/** The parameters after $1 TERYT and $2 quota that a geometry's SQL takes. */
export function plotsParams(geometry: ParcelGeometry): number[] {
  return geometry === 'synthetic' ? [PLOT.width, PLOT.depth, PLOT.gap] : [];
}

export function plotsSql(geometry: ParcelGeometry): string {
  return geometry === 'synthetic' ? SYNTHETIC_PLOTS_SQL : REALISTIC_PLOTS_SQL;
}
