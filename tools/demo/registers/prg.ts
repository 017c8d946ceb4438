/**
 * The demo's administrative units, cadastral units and precincts as GUGiK publishes PRG: one zip
 * of shapefiles in EPSG:2180 (`A01_Granice_wojewodztw`, `A02_Granice_powiatow`, `A03_Granice_gmin`,
 * `A05_Granice_jednostek_ewidencyjnych`, `A06_Granice_obrebow_ewidencyjnych`), the DBF in UTF-8
 * with its `.cpg`, written by GDAL, as the fixture of the prg profiles (whose README says where
 * the shape comes from). Fields the profiles do not read are left empty, as in the fixture.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layerFile } from './read-layer.js';

export const PRG_ZIP = '00_jednostki_administracyjne.zip';

/** Each PRG file: the demo layer and kind it is made of. */
const PRG_FILES: ReadonlyArray<{ file: string; layer: string; kind: string }> = [
  { file: 'A01_Granice_wojewodztw', layer: 'admin_bounds', kind: 'voivodeship' },
  { file: 'A02_Granice_powiatow', layer: 'admin_bounds', kind: 'powiat' },
  { file: 'A03_Granice_gmin', layer: 'admin_bounds', kind: 'gmina' },
  { file: 'A05_Granice_jednostek_ewidencyjnych', layer: 'cadastral_units', kind: 'cadastral_unit' },
  { file: 'A06_Granice_obrebow_ewidencyjnych', layer: 'cadastral_units', kind: 'precinct' },
];

/** PRG's attribute columns, in its order; only the code and the name are filled. */
const EMPTY_BEFORE = ['JPT_SJR_KO', 'JPT_POWIER'];
const EMPTY_AFTER = ['JPT_ORGAN_', 'JPT_JOR_ID', 'WERSJA_OD', 'IIP_PRZEST', 'IIP_IDENTY', 'IIP_WERSJA'];

/** Writes `<out>/00_jednostki_administracyjne.zip` from the demo's admin_bounds and cadastral_units. */
export function writePrgZip(sourceDir: string, outDir: string): string {
  const work = mkdtempSync(join(tmpdir(), 'lp-prg-'));
  try {
    for (const { file, layer, kind } of PRG_FILES) {
      const columns = [...EMPTY_BEFORE.map((name) => `'' AS ${name}`), 'id AS JPT_KOD_JE', 'name AS JPT_NAZWA_', ...EMPTY_AFTER.map((name) => `'' AS ${name}`)];
      // The kind is one of a fixed list above, never input: safe to write into the statement.
      const sql = `SELECT ${columns.join(', ')}, geometry FROM "${layer}" WHERE kind = '${kind}' ORDER BY id`;
      const args = ['-f', 'ESRI Shapefile', join(work, `${file}.shp`), layerFile(sourceDir, layer), '-dialect', 'SQLite', '-sql', sql];
      args.push('-nln', file, '-t_srs', 'EPSG:2180', '-nlt', 'PROMOTE_TO_MULTI', '-lco', 'ENCODING=UTF-8');
      const run = spawnSync('ogr2ogr', args, { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`ogr2ogr could not write ${file}: ${run.stderr}`);
    }
    const zip = join(outDir, PRG_ZIP);
    rmSync(zip, { force: true });
    // -X: no extra file attributes, so the same demo gives the same bytes.
    const run = spawnSync(
      'zip',
      [
        '-q',
        '-X',
        '-j',
        zip,
        ...readdirSync(work)
          .sort()
          .map((name) => join(work, name)),
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`zip could not write ${zip}: ${run.stderr}`);
    return zip;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
