import { AppError } from '@lp/contracts';

/**
 * How an export is written and how its coverage travels with it. GeoPackage and GeoJSON carry the
 * coverage inside the one file (tables `coverage` and `export_info`; foreign members of the
 * FeatureCollection). CSV and FlatGeobuf (GDAL 3.6 writes no FlatGeobuf metadata) have nowhere to
 * put it, so they come as a zip with `coverage.csv` and `export_info.csv` beside the data.
 */
export interface ExportFormat {
  id: 'gpkg' | 'csv' | 'geojson' | 'fgb';
  /** ogr2ogr -f */
  driver: string;
  /** Extension of the data file. */
  extension: string;
  /** Media type of the answer (the zip for formats with sidecars). */
  mediaType: string;
  /** true: the answer is a zip of the data file, its sidecars and (CSV) a .prj. */
  zipped: boolean;
}

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  { id: 'gpkg', driver: 'GPKG', extension: 'gpkg', mediaType: 'application/geopackage+sqlite3', zipped: false },
  { id: 'geojson', driver: 'GeoJSON', extension: 'geojson', mediaType: 'application/geo+json', zipped: false },
  { id: 'csv', driver: 'CSV', extension: 'csv', mediaType: 'application/zip', zipped: true },
  { id: 'fgb', driver: 'FlatGeobuf', extension: 'fgb', mediaType: 'application/zip', zipped: true },
];

export const EXPORT_FORMAT_IDS = EXPORT_FORMATS.map((format) => format.id);

const FORMAT_MESSAGE =
  'format must be one of gpkg (GeoPackage, coverage in table coverage), csv (zip: CSV with WKT geometry, .prj, coverage.csv), ' +
  'geojson (RFC 7946, coverage as member "coverage") or fgb (zip: FlatGeobuf, coverage.csv)';

export function exportFormat(value: unknown): ExportFormat {
  const format = EXPORT_FORMATS.find((candidate) => candidate.id === value);
  if (format === undefined) throw AppError.invalid(`${FORMAT_MESSAGE}; got ${value === undefined ? 'nothing' : JSON.stringify(String(value).slice(0, 40))}`);
  return format;
}

/** Output CRS: WGS84 (as every answer) or PUWG 1992, the one Polish surveyors and planners use. */
export interface ExportCrs {
  id: 'EPSG:4326' | 'EPSG:2180';
  /** WKT of the .prj beside a CSV (GDAL's CSV reader takes the CRS from it). */
  prj: string;
}

export const EXPORT_CRSS: readonly ExportCrs[] = [
  {
    id: 'EPSG:4326',
    prj:
      'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],' +
      'PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]',
  },
  {
    id: 'EPSG:2180',
    prj:
      'PROJCS["ETRF2000-PL / CS92",GEOGCS["ETRF2000-PL",DATUM["ETRF2000_Poland",SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],' +
      'AUTHORITY["EPSG","1305"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],' +
      'AUTHORITY["EPSG","9702"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",19],' +
      'PARAMETER["scale_factor",0.9993],PARAMETER["false_easting",500000],PARAMETER["false_northing",-5300000],UNIT["metre",1,AUTHORITY["EPSG","9001"]],' +
      'AUTHORITY["EPSG","2180"]]',
  },
];

export function exportCrs(value: unknown): ExportCrs {
  if (value === undefined || value === '') return EXPORT_CRSS[0]!;
  const crs = EXPORT_CRSS.find((candidate) => candidate.id === String(value).toUpperCase());
  if (crs === undefined) throw AppError.invalid(`crs must be EPSG:4326 (WGS84, the default) or EPSG:2180 (PUWG 1992); got ${JSON.stringify(String(value).slice(0, 40))}`);
  return crs;
}
