import { getJson, postJson, request } from '../api/client.js';
import type { CreateWatchBody, CreatedWatchView, WatchEventPageView, WatchListView } from '../api/types.js';

/** What a "watch this" button sends: one of search, scenario, query or parcel_ids, without name and webhook. */
export type WatchTarget = Pick<CreateWatchBody, 'search' | 'scenario' | 'query' | 'parcel_ids'>;

export function createWatch(target: WatchTarget, name: string, webhookUrl: string): Promise<CreatedWatchView> {
  return postJson<CreatedWatchView>('/v1/watches', { ...target, ...(name ? { name } : {}), ...(webhookUrl ? { webhook_url: webhookUrl } : {}) });
}

export function listWatches(): Promise<WatchListView> {
  return getJson<WatchListView>('/v1/watches');
}

/** One page of a watch's feed, oldest first; `cursor` from the page before. */
export function watchEvents(watchId: string, cursor: string | null): Promise<WatchEventPageView> {
  return getJson<WatchEventPageView>(`/v1/watches/${encodeURIComponent(watchId)}/events`, { query: { limit: 100, cursor: cursor ?? undefined } });
}

export async function deleteWatch(watchId: string): Promise<void> {
  await request(`/v1/watches/${encodeURIComponent(watchId)}`, { method: 'DELETE' });
}
