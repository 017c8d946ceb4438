import { AppError } from '@lp/contracts';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { ContoursFailed, TerrainRun } from './terrain-run.js';

export const TERRAIN_USAGE = `  terrain <part> --dem <sheet|dir> [--dem ...] [--teryt <code,code,...>] [--allow-shrink]
          terrain statistics per parcel of one part (a powiat or a named area) from elevation model
          sheets (NMT .asc, taken as EPSG:2180, or GeoTIFF with its CRS); a new terrain_stats version`;

/** `layers terrain`: one part's elevation model into terrain_stats; a wrong sheet leaves the served version. */
export async function terrainCommand(db: DataSource, databaseUrl: string, args: string[], log: (message: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { dem: { type: 'string', multiple: true }, teryt: { type: 'string' }, 'allow-shrink': { type: 'boolean' } },
  });
  const part = positionals[0];
  if (!part || !values.dem || values.dem.length === 0) {
    console.error(`terrain needs a part name and at least one --dem.\n${TERRAIN_USAGE}`);
    return 2;
  }
  const teryt = values.teryt?.split(',').map((code) => code.trim());
  if (teryt && !teryt.every((code) => /^[0-9]{2,7}$/.test(code))) {
    console.error('--teryt takes comma-separated TERYT codes (2 to 7 digits)');
    return 2;
  }
  try {
    const result = await new TerrainRun(db, databaseUrl).run({ part, dem: values.dem, teryt, allowShrink: values['allow-shrink'] === true, progress: log });
    log(`terrain ${part}: ${JSON.stringify(result)}`);
    return 0;
  } catch (error) {
    if (error instanceof ContoursFailed) {
      console.error(`terrain ${part} FAILED at the contours: ${error.message}`);
      return 1;
    }
    console.error(`terrain ${part} FAILED (previous version still served): ${error instanceof AppError || error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
