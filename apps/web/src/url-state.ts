/**
 * What the address bar holds, so reload and a shared link show the same thing: the selected
 * parcel in the path (`/p/<url-encoded id>`, the API's map_url), the search, the mode and scenario
 * and the visible overlays in the query, the map position as `map=<zoom>/<lat>/<lng>`.
 */
export interface UrlState {
  parcelId: string | null;
  query: string;
  mode: 'search' | 'scenario' | 'watches';
  scenario: string | null;
  region: string | null;
  layers: string[] | null;
  view: { zoom: number; lat: number; lng: number } | null;
}

const PARCEL_PATH = /^\/p\/(.+)$/;

export function readUrlState(location: Location = window.location): UrlState {
  const params = new URLSearchParams(location.search);
  const match = PARCEL_PATH.exec(location.pathname);
  let parcelId: string | null = null;
  if (match) {
    try {
      parcelId = decodeURIComponent(match[1]!);
    } catch {
      parcelId = null;
    }
  }
  return {
    parcelId,
    query: params.get('q') ?? '',
    mode: modeOf(params.get('mode')),
    scenario: params.get('scenario'),
    region: params.get('region'),
    layers: params.has('layers') ? (params.get('layers') ?? '').split(',').filter((layer) => /^[a-z][a-z0-9_]*$/.test(layer)) : null,
    view: parseView(params.get('map')),
  };
}

function modeOf(text: string | null): UrlState['mode'] {
  return text === 'scenario' || text === 'watches' ? text : 'search';
}

function parseView(text: string | null): UrlState['view'] {
  const parts = (text ?? '').split('/').map(Number);
  if (parts.length !== 3 || parts.some((part) => !Number.isFinite(part))) return null;
  const [zoom, lat, lng] = parts as [number, number, number];
  if (zoom < 0 || zoom > 22 || Math.abs(lat) > 85 || Math.abs(lng) > 180) return null;
  return { zoom, lat, lng };
}

export function urlFor(state: UrlState): string {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  if (state.mode !== 'search') params.set('mode', state.mode);
  if (state.scenario) params.set('scenario', state.scenario);
  if (state.region) params.set('region', state.region);
  if (state.layers) params.set('layers', state.layers.join(','));
  if (state.view) params.set('map', `${state.view.zoom.toFixed(2)}/${state.view.lat.toFixed(5)}/${state.view.lng.toFixed(5)}`);
  const path = state.parcelId ? `/p/${encodeURIComponent(state.parcelId)}` : '/';
  const query = params.toString().replace(/%2F/g, '/').replace(/%2C/g, ',');
  return query ? `${path}?${query}` : path;
}

/** A new history entry for what a user would go back to (a search, a parcel); the map position only replaces. */
export function writeUrlState(state: UrlState, mode: 'push' | 'replace'): void {
  const url = urlFor(state);
  if (url === `${window.location.pathname}${window.location.search}`) return;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}
