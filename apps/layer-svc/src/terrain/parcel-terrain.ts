/**
 * Terrain statistics per parcel, gathered pixel by pixel over the windows of a part. A pixel belongs
 * to the parcel its centre falls in (as GDAL burns polygons). Slopes are in percent (100 % is 45°);
 * aspect is the azimuth the slope faces, clockwise from north, as `gdaldem aspect` gives it.
 */

/** Facing south: the aspect sector 135°–225° (SE to SW, both ends included). */
export const SOUTH_SECTOR_DEG: readonly [number, number] = [135, 225];
/** Below this mean slope a parcel is `flat` and pixels below it face nowhere (the demo uses the same). */
export const FLAT_SLOPE_PCT = 1;
/** Slope histogram for the 90th percentile: 0.5 % bins up to 100 %, and one bin for steeper. */
const BIN_PCT = 0.5;
const BINS = 201;
const SECTORS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

export interface ParcelTerrain {
  elevation_min_m: number;
  elevation_max_m: number;
  elevation_mean_m: number;
  slope_mean_pct: number;
  slope_p90_pct: number;
  slope_max_pct: number;
  aspect: string;
  south_facing_share: number;
  steep_share: number;
  pixels: number;
}

/** One window's pixels, row by row, of equal size: parcel number (0 = none), elevation, slope, aspect. */
export interface TerrainWindow {
  ids: Int32Array;
  elevation: Float32Array;
  slope: Float32Array;
  aspect: Float32Array;
  elevationNoData: number | null;
}

export class ParcelTerrainAccumulator {
  private readonly n: Int32Array;
  private readonly eMin: Float64Array;
  private readonly eMax: Float64Array;
  private readonly eSum: Float64Array;
  private readonly sN: Int32Array;
  private readonly sSum: Float64Array;
  private readonly sMax: Float64Array;
  private readonly south: Int32Array;
  private readonly steep: Int32Array;
  private readonly sectors: Int32Array;
  private readonly histogram: Uint32Array;

  /** Parcels are numbered 1..count. */
  constructor(
    private readonly count: number,
    private readonly steepLimitPct: number,
  ) {
    const size = count + 1;
    this.n = new Int32Array(size);
    this.eMin = new Float64Array(size).fill(Infinity);
    this.eMax = new Float64Array(size).fill(-Infinity);
    this.eSum = new Float64Array(size);
    this.sN = new Int32Array(size);
    this.sSum = new Float64Array(size);
    this.sMax = new Float64Array(size);
    this.south = new Int32Array(size);
    this.steep = new Int32Array(size);
    this.sectors = new Int32Array(size * SECTORS.length);
    this.histogram = new Uint32Array(size * BINS);
  }

  add(window: TerrainWindow): void {
    const { ids, elevation, slope, aspect, elevationNoData } = window;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const z = elevation[i]!;
      if (id <= 0 || id > this.count || Number.isNaN(z) || z === elevationNoData) continue;
      this.n[id]!++;
      if (z < this.eMin[id]!) this.eMin[id] = z;
      if (z > this.eMax[id]!) this.eMax[id] = z;
      this.eSum[id]! += z;
      this.addSlope(id, slope[i]!, aspect[i]!);
    }
  }

  private addSlope(id: number, s: number, a: number): void {
    // gdaldem marks pixels it cannot compute with -9999.
    if (!(s >= 0)) return;
    this.sN[id]!++;
    this.sSum[id]! += s;
    if (s > this.sMax[id]!) this.sMax[id] = s;
    if (s > this.steepLimitPct) this.steep[id]!++;
    this.histogram[id * BINS + Math.min(BINS - 1, Math.floor(s / BIN_PCT))]!++;
    if (s < FLAT_SLOPE_PCT || !(a >= 0)) return;
    if (a >= SOUTH_SECTOR_DEG[0] && a <= SOUTH_SECTOR_DEG[1]) this.south[id]!++;
    this.sectors[id * SECTORS.length + (Math.floor((a + 22.5) / 45) % SECTORS.length)]!++;
  }

  /** The statistics of parcel `id`, or null when no pixel centre of the elevation model fell in it. */
  result(id: number): ParcelTerrain | null {
    const pixels = this.n[id]!;
    const slopes = this.sN[id]!;
    if (pixels === 0 || slopes === 0) return null;
    const slopeMean = this.sSum[id]! / slopes;
    return {
      elevation_min_m: round(this.eMin[id]!, 2),
      elevation_max_m: round(this.eMax[id]!, 2),
      elevation_mean_m: round(this.eSum[id]! / pixels, 2),
      slope_mean_pct: round(slopeMean, 2),
      slope_p90_pct: round(this.percentile(id, 0.9), 2),
      slope_max_pct: round(this.sMax[id]!, 2),
      aspect: slopeMean < FLAT_SLOPE_PCT ? 'flat' : this.dominantSector(id),
      south_facing_share: round(this.south[id]! / slopes, 4),
      steep_share: round(this.steep[id]! / slopes, 4),
      pixels,
    };
  }

  /** From the histogram: the upper edge of the bin holding the percentile, kept within min–max seen. */
  private percentile(id: number, q: number): number {
    const total = this.sN[id]!;
    let seen = 0;
    for (let bin = 0; bin < BINS; bin++) {
      seen += this.histogram[id * BINS + bin]!;
      if (seen >= q * total) return Math.min((bin + 1) * BIN_PCT, this.sMax[id]!);
    }
    return this.sMax[id]!;
  }

  private dominantSector(id: number): string {
    let best = 0;
    for (let sector = 1; sector < SECTORS.length; sector++) {
      if (this.sectors[id * SECTORS.length + sector]! > this.sectors[id * SECTORS.length + best]!) best = sector;
    }
    return SECTORS[best]!;
  }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
