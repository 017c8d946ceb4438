import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** A generated part: a square of `sidePx` pixels of `pixelM` metres whose lower-left corner is (x0, y0) in EPSG:2180. */
export interface SyntheticPart {
  x0: number;
  y0: number;
  sidePx: number;
  pixelM: number;
}

/**
 * Rolling ground like a lowland powiat's: long waves of a few metres per kilometre, valleys of a
 * few hundred metres, and short steep banks, so slopes run from flat to over the scenarios' 30 %
 * limit and every aspect occurs. Elevations in metres.
 */
export function benchElevation(x: number, y: number): number {
  return 110 + 18 * Math.sin(x / 3100) * Math.cos(y / 2700) + 6 * Math.sin((x + y) / 610) + 2.5 * Math.cos(x / 170 - y / 230) + 1.2 * Math.sin(y / 45);
}

/**
 * Writes the part's elevation model as raw little-endian Float32 rows (north to south) with a VRT
 * that states its grid and CRS (EPSG:2180), a raster GDAL reads as any GeoTIFF sheet. Returns the VRT's path.
 */
export async function writeSyntheticDem(dir: string, part: SyntheticPart): Promise<string> {
  const raw = join(dir, 'bench-dem.f32');
  const out = createWriteStream(raw);
  const row = new Float32Array(part.sidePx);
  for (let r = 0; r < part.sidePx; r++) {
    const y = part.y0 + (part.sidePx - r - 0.5) * part.pixelM;
    for (let c = 0; c < part.sidePx; c++) row[c] = benchElevation(part.x0 + (c + 0.5) * part.pixelM, y);
    if (!out.write(Buffer.from(row.buffer.slice(0)))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const top = part.y0 + part.sidePx * part.pixelM;
  const vrt = join(dir, 'bench-dem.vrt');
  await writeFile(
    vrt,
    `<VRTDataset rasterXSize="${part.sidePx}" rasterYSize="${part.sidePx}">
  <SRS>EPSG:2180</SRS>
  <GeoTransform>${part.x0}, ${part.pixelM}, 0, ${top}, 0, ${-part.pixelM}</GeoTransform>
  <VRTRasterBand dataType="Float32" band="1" subClass="VRTRawRasterBand">
    <ColorInterp>Gray</ColorInterp>
    <SourceFilename relativeToVRT="1">${basename(raw)}</SourceFilename>
    <ImageOffset>0</ImageOffset>
    <PixelOffset>4</PixelOffset>
    <LineOffset>${4 * part.sidePx}</LineOffset>
    <ByteOrder>LSB</ByteOrder>
  </VRTRasterBand>
</VRTDataset>
`,
  );
  return vrt;
}
