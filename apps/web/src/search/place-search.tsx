import { useState } from 'preact/hooks';
import { ApiError, getJson } from '../api/client.js';
import type { GeocodeCandidateView, RegionView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import { regionLabel } from '../i18n/terms.js';

export interface PlaceSearchProps {
  onAddress(candidate: GeocodeCandidateView): void;
  onRegion(region: RegionView): void;
}

/** An address (`/v1/geocode`) or an administrative unit (`/v1/regions`) by name, asked at once. */
export function PlaceSearch({ onAddress, onRegion }: PlaceSearchProps) {
  const { language, t } = useI18n();
  const [addresses, setAddresses] = useState<GeocodeCandidateView[]>([]);
  const [regions, setRegions] = useState<RegionView[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget as HTMLFormElement).get('place') ?? '').trim();
    if (!q) return;
    setMessage(null);
    try {
      const [foundAddresses, foundRegions] = await Promise.all([
        getJson<GeocodeCandidateView[]>('/v1/geocode', { query: { q, limit: 5 } }),
        getJson<RegionView[]>('/v1/regions', { query: { q, limit: 5 } }),
      ]);
      setAddresses(foundAddresses);
      setRegions(foundRegions);
      if (foundAddresses.length === 0 && foundRegions.length === 0) setMessage(t('noAddress'));
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : String(error));
    }
  };
  return (
    <section class="place-search">
      <form class="row" onSubmit={(event) => void submit(event)}>
        <label class="visually-hidden" for="place">
          {t('addressSearch')}
        </label>
        <input id="place" name="place" type="search" maxLength={200} placeholder={t('addressPlaceholder')} />
        <button type="submit" class="secondary">
          {t('go')}
        </button>
      </form>
      {message && <p class="muted small">{message}</p>}
      {(addresses.length > 0 || regions.length > 0) && (
        <ul class="small">
          {addresses.map((candidate) => (
            <li key={candidate.address_id}>
              <button type="button" class="link" onClick={() => onAddress(candidate)}>
                {candidate.label}
              </button>
            </li>
          ))}
          {regions.map((region) => (
            <li key={region.teryt}>
              <button type="button" class="link" onClick={() => onRegion(region)}>
                {regionLabel(language, region)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
