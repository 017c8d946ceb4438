import { useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import type { RegionView } from '../api/types.js';

/** The region the answer lies in (its coverage is one click away); none when it cannot be looked up. */
export function useRegion() {
  const [region, setRegion] = useState<RegionView | null>(null);
  const loadRegion = async (name: string, teryt: string) => {
    try {
      const found = await getJson<RegionView[]>('/v1/regions', { query: { q: name, limit: 20 } });
      setRegion(found.find((candidate) => candidate.teryt === teryt) ?? null);
    } catch {
      setRegion(null);
    }
  };
  return { region, setRegion, loadRegion };
}
