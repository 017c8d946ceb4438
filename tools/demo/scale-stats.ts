/**
 * The shape statistics the scale generator prints: how many parcels, their mean and median vertex
 * count (ST_NPoints, the closing point included, as the synthetic plots' "5 vertices") and their
 * share per area band, so a run says what it generated next to docs/scale-data.md's distribution.
 */

/** Upper bounds of the area bands, square metres (the last band is open). */
export const AREA_BANDS_SQM = [1_000, 3_000, 5_000, 10_000, 20_000, 50_000] as const;

export interface ParcelShapeSummary {
  parcels: number;
  meanVertices: number;
  medianVertices: number;
  meanAreaSqm: number;
  /** Share of parcels per band, in the order of AREA_BANDS_SQM then the open band. */
  areaShares: number[];
}

export class ParcelShapeStats {
  private parcels = 0;
  private vertexSum = 0;
  private areaSum = 0;
  private readonly vertexCounts = new Map<number, number>();
  private readonly bandCounts: number[] = new Array<number>(AREA_BANDS_SQM.length + 1).fill(0);

  add(areaSqm: number, vertices: number): void {
    this.parcels++;
    this.vertexSum += vertices;
    this.areaSum += areaSqm;
    this.vertexCounts.set(vertices, (this.vertexCounts.get(vertices) ?? 0) + 1);
    const band = AREA_BANDS_SQM.findIndex((upper) => areaSqm < upper);
    this.bandCounts[band === -1 ? AREA_BANDS_SQM.length : band]!++;
  }

  summary(): ParcelShapeSummary {
    const n = Math.max(1, this.parcels);
    return {
      parcels: this.parcels,
      meanVertices: this.vertexSum / n,
      medianVertices: this.medianVertices(),
      meanAreaSqm: this.areaSum / n,
      areaShares: this.bandCounts.map((count) => count / n),
    };
  }

  private medianVertices(): number {
    let seen = 0;
    for (const [vertices, count] of [...this.vertexCounts.entries()].sort(([a], [b]) => a - b)) {
      seen += count;
      if (seen * 2 >= this.parcels) return vertices;
    }
    return 0;
  }
}

/** One line for the console: "2000 parcels, vertices mean 22.2 (median 21), area mean 0.65 ha, < 0.1 ha 3.1 % | ...". */
export function describeShapes(summary: ParcelShapeSummary): string {
  const labels = [...AREA_BANDS_SQM.map((upper) => `< ${upper / 10_000} ha`), `>= ${AREA_BANDS_SQM.at(-1)! / 10_000} ha`];
  const bands = summary.areaShares.map((share, index) => `${labels[index]} ${(share * 100).toFixed(1)} %`).join(', ');
  return `${summary.parcels} parcels, vertices mean ${summary.meanVertices.toFixed(1)} (median ${summary.medianVertices}), area mean ${(summary.meanAreaSqm / 10_000).toFixed(2)} ha; ${bands}`;
}
