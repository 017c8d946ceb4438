import { LAYER_CATALOGUE, type CriterionCoverageView } from '@lp/contracts';

/** One row of the `coverage` table of an export: what could (not) be checked, per criterion and layer. */
export interface CoverageRow {
  criterion: string;
  /** The layer behind the criterion where the criterion names it (near:<layer>, exclude:<layer>). */
  layer: string;
  mode: string;
  status: string;
  note: string;
}

/** Facts about the export as a whole: key and value, written as table `export_info` (or member). */
export type ExportInfo = Array<[key: string, value: string]>;

/** What every export says besides its features; the same words for every format. */
export interface ExportCaveats {
  coverage: CoverageRow[];
  info: ExportInfo;
  /** One line for the GeoPackage layer description and logs. */
  summary: string;
}

export const UNKNOWN_NOT_NO =
  'No data is not no: a criterion with status partial or missing was not checked where the data is missing; ' +
  'parcels there are unknown on it, not passing or failing. unscreened on a feature lists the criteria left unchecked for it.';

/**
 * The layer behind a criterion: named by the criterion (near:<layer>), else the catalogue layers
 * its note names ("terrain_stats has no data in the searched area"); empty when neither says.
 */
function criterionLayers(entry: CriterionCoverageView): string {
  const named = /^(near|exclude|far)[^:]*:(.+)$/.exec(entry.criterion)?.[2];
  if (named !== undefined) return named;
  const note = entry.note ?? '';
  return LAYER_CATALOGUE.filter((layer) => new RegExp(`\\b${layer.id}\\b`).test(note))
    .map((layer) => layer.id)
    .join(', ');
}

export function searchCoverageRows(coverage: CriterionCoverageView[]): CoverageRow[] {
  return coverage.map((entry) => ({
    criterion: entry.criterion,
    layer: criterionLayers(entry),
    mode: entry.mode,
    status: entry.status,
    note: entry.note ?? '',
  }));
}

/** The rows as CSV (RFC 4180 quoting): GDAL reads it into GeoPackage tables and it travels in zips as is. */
export function csvOf(header: string[], rows: string[][]): string {
  const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function coverageCsv(rows: CoverageRow[]): string {
  return csvOf(
    ['criterion', 'layer', 'mode', 'status', 'note'],
    rows.map((row) => [row.criterion, row.layer, row.mode, row.status, row.note]),
  );
}

export function infoCsv(info: ExportInfo): string {
  return csvOf(['key', 'value'], info.map(([key, value]) => [key, value]));
}
