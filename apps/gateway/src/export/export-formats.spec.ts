import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { coverageCsv, searchCoverageRows } from './export-coverage.js';
import { exportCrs, exportFormat } from './export-formats.js';

const failure = (work: () => unknown): AppError => {
  try {
    work();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
};

describe('export formats, CRS and coverage rows', () => {
  it('refuses an unknown format with a 400 listing the four formats', () => {
    const error = failure(() => exportFormat('shp'));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/gpkg .*csv .*geojson .*fgb/);
    expect(error.message).toContain('got "shp"');
    expect(failure(() => exportFormat(undefined)).message).toContain('got nothing');
  });

  it('takes EPSG:4326 by default and EPSG:2180 in any case, nothing else', () => {
    expect(exportCrs(undefined).id).toBe('EPSG:4326');
    expect(exportCrs('epsg:2180').id).toBe('EPSG:2180');
    expect(failure(() => exportCrs('EPSG:3857')).message).toMatch(/EPSG:4326 .*EPSG:2180/);
  });

  it('names the layer of near and exclude criteria and quotes notes with commas for CSV', () => {
    const rows = searchCoverageRows([
      { criterion: 'near:power_substations', mode: 'requires', status: 'partial', note: 'no data in Gniezno, Września' },
      { criterion: 'slope', mode: 'screens', status: 'available' },
      { criterion: 'slope', mode: 'screens', status: 'missing', note: 'terrain_stats has no data in the searched area' },
    ]);
    expect(rows.map((row) => row.layer)).toEqual(['power_substations', '', 'terrain_stats']);
    expect(coverageCsv(rows)).toBe(
      'criterion,layer,mode,status,note\r\nnear:power_substations,power_substations,requires,partial,"no data in Gniezno, Września"\r\nslope,,screens,available,\r\nslope,terrain_stats,screens,missing,terrain_stats has no data in the searched area\r\n',
    );
  });
});
