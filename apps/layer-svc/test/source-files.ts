import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes source files in the demo format for tests; returns the directory. */
export function sourceDir(files: Record<string, string | object>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lp-layer-src-'));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

export function square(lng: number, lat: number, size = 0.001): number[][][] {
  return [[[lng, lat], [lng + size, lat], [lng + size, lat + size], [lng, lat + size], [lng, lat]]];
}

export function featureLines(features: Array<{ properties: Record<string, unknown>; coordinates: number[][][] | number[]; type?: string }>): string {
  return (
    features
      .map((feature) =>
        JSON.stringify({ type: 'Feature', properties: feature.properties, geometry: { type: feature.type ?? 'Polygon', coordinates: feature.coordinates } }),
      )
      .join('\n') + '\n'
  );
}

/** Two gminas of one powiat and a gmina of another, side by side west of Poznań. */
export function adminUnits(): string {
  const unit = (id: string, kind: string, name: string, unitType: string, parent: string | null, lng: number) => ({
    properties: { id, kind, name, teryt: id, unit_type: unitType, parent_teryt: parent },
    coordinates: square(lng, 52.3, 0.2),
  });
  return featureLines([
    { ...unit('30', 'voivodeship', 'wielkopolskie', 'województwo', null, 16.0), coordinates: square(16.0, 52.0, 1.0) },
    { ...unit('3001', 'powiat', 'powiat pierwszy', 'powiat', '30', 16.2), coordinates: square(16.2, 52.3, 0.4) },
    { ...unit('3002', 'powiat', 'powiat drugi', 'powiat', '30', 16.6), coordinates: square(16.6, 52.3, 0.2) },
    unit('3001011', 'gmina', 'Alfa', 'gmina miejska', '3001', 16.2),
    unit('3001022', 'gmina', 'Beta', 'gmina wiejska', '3001', 16.4),
    unit('3002011', 'gmina', 'Gamma', 'gmina miejska', '3002', 16.6),
  ]);
}

/** `count` substations spread over gminas Alfa and Beta. */
export function substations(count: number, extra: Record<string, unknown> = {}): string {
  return featureLines(
    Array.from({ length: count }, (_, index) => ({
      type: 'Point',
      properties: { id: `sub-${index}`, kind: 'hv_substation', name: `Stacja ${index}`, teryt: null, voltage_kv: 110, ...extra },
      coordinates: [16.21 + (index % 30) * 0.012, 52.31 + Math.floor(index / 30) * 0.01],
    })),
  );
}
