import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedWatchView, SearchParcelsRequest, WatchEventPageView, WatchListView, WatchView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

/** A public address literal: no DNS is needed to judge it, and nothing is sent to it here. */
const PUBLIC_RECEIVER = 'https://93.184.215.14/landparcel-hook';

describe('/v1/watches: create, list, read, delete a watch and page its events', () => {
  let stack: TestStack;
  let parcel: { id: string; teryt: string };

  const create = (body: unknown, key = stack.apiKey) => stack.api().post<CreatedWatchView & ErrorEnvelope>('/v1/watches', { key, body });
  const get = <T>(path: string, key = stack.apiKey) => stack.api().get<T>(path, { key });

  beforeAll(async () => {
    stack = await startTestStack({ services: ['watches-svc', 'search-svc'], serviceEnv: { 'watches-svc': { WATCHES_PER_KEY_MAX: '4' } } });
    parcel = (await stack.sql<{ id: string; teryt: string }>(`SELECT id, teryt FROM layer_pub.parcels ORDER BY id LIMIT 1`))[0]!;
  });
  afterAll(() => stack?.stop());

  it('watches parcels: 201 with an id, the gminas of the parcels as regions, and no secret without a webhook', async () => {
    const res = await create({ name: 'my field', parcel_ids: [parcel.id, parcel.id] });
    expect(res.status).toBe(201);
    const watch = res.json();
    expect(watch.id).toMatch(/^w_[0-9a-f]{20}$/);
    expect(watch).toMatchObject({
      kind: 'parcel_ids',
      name: 'my field',
      parcel_ids: [parcel.id],
      regions: [parcel.teryt],
      search: null,
      webhook_url: null,
      webhook_secret: null,
      delivery: null,
    });
    expect((await get<WatchView>(`/v1/watches/${watch.id}`)).json()).toEqual({ ...watch, webhook_secret: undefined });
  });

  it('watches a search with a webhook: the secret is shown once, never again', async () => {
    const search = { region: parcel.teryt.slice(0, 4), filters: { area_sqm: { min: 1000 } } };
    const res = await create({ search, webhook_url: PUBLIC_RECEIVER });
    expect(res.status).toBe(201);
    const watch = res.json();
    expect(watch.webhook_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(watch).toMatchObject({
      kind: 'search',
      search,
      regions: [search.region],
      webhook_url: PUBLIC_RECEIVER,
      delivery: { pending: 0, failed: 0, last_error: null },
    });
    const again = (await get<WatchView & { webhook_secret?: string }>(`/v1/watches/${watch.id}`)).json();
    expect(again.webhook_secret).toBeUndefined();
    const listed = (await get<WatchListView>('/v1/watches')).json();
    expect(listed.watches.find((w) => w.id === watch.id)).not.toHaveProperty('webhook_secret');
  });

  it('stores a scenario compiled once: the watch re-runs the same structured search the compile route gives', async () => {
    const compiled = (
      await stack.api().post<SearchParcelsRequest>('/v1/scenarios/bess_storage/compile', { key: stack.apiKey, body: { region: parcel.teryt } })
    ).json();
    const res = await create({ scenario: { scenario: 'bess_storage', region: parcel.teryt } });
    expect(res.status).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'scenario',
      search: compiled,
      scenario: { scenario: 'bess_storage', region: parcel.teryt },
      regions: [parcel.teryt],
    });
  });

  it('refuses webhook URLs to loopback, cloud metadata, private and link-local addresses with 400', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/x',
      'https://192.168.0.10/x',
      'https://[::1]/x',
      'https://[fe80::1]/x',
    ]) {
      const res = await create({ parcel_ids: [parcel.id], webhook_url: url });
      expect([url, res.status, res.json().error.code]).toEqual([url, 400, 'invalid_request']);
      expect(res.json().error.message).toMatch(/private, loopback or link-local/);
    }
    expect((await create({ parcel_ids: [parcel.id], webhook_url: 'http://93.184.215.14/x' })).json().error.message).toBe('webhook_url must use https');
  });

  it('asks for exactly one of search, scenario, query or parcel_ids, and never takes the owner from the body', async () => {
    expect((await create({ name: 'nothing' })).json().error.message).toMatch(/Send one of search/);
    expect((await create({ parcel_ids: [parcel.id], search: { region: '30' } })).json().error.message).toMatch(/only one of .* got search and parcel_ids/);
    const owner = await create({ parcel_ids: [parcel.id], owner: 'someone-else' });
    expect([owner.status, owner.json().error.message]).toEqual([400, expect.stringMatching(/owner is not an accepted field/)]);
    expect((await create({ parcel_ids: ['not a parcel'] })).status).toBe(400);
  });

  it("keeps each key's watches to itself: another key lists none and gets 404 for this one", async () => {
    const other = await stack.createKey(['watches:read', 'watches:write']);
    const mine = (await get<WatchListView>('/v1/watches')).json().watches;
    expect(mine.length).toBeGreaterThan(0);
    expect((await get<WatchListView>('/v1/watches', other)).json()).toEqual({ watches: [] });
    const res = await get<ErrorEnvelope>(`/v1/watches/${mine[0]!.id}`, other);
    expect([res.status, res.json().error.code]).toEqual([404, 'not_found']);
    expect((await get<ErrorEnvelope>(`/v1/watches/${mine[0]!.id}/events`, other)).status).toBe(404);
  });

  it('needs watches:write to create or delete and watches:read to read', async () => {
    const reader = await stack.createKey(['watches:read']);
    const writerOnly = await stack.createKey(['watches:write']);
    const refused = await create({ parcel_ids: [parcel.id] }, reader);
    expect([refused.status, refused.json().error.code]).toEqual([403, 'insufficient_scope']);
    expect((await get<WatchListView>('/v1/watches', reader)).status).toBe(200);
    expect((await get<ErrorEnvelope>('/v1/watches', writerOnly)).status).toBe(403);
  });

  it('pages the feed oldest first with a cursor, the same events in the same order as stored', async () => {
    const watch = (await create({ parcel_ids: [parcel.id] })).json();
    for (const type of ['facts_changed', 'coverage', 'facts_changed']) {
      await stack.sql(
        `INSERT INTO watches.events (watch_id, type, parcel_id, criterion, before, after, layer_versions, delivery) VALUES ($1, $2, $3, 'zoning', '{"zoning": null}', '{"zoning": "MN"}', '{"plan_ogolny_zones": 2}', 'none')`,
        [watch.id, type, parcel.id],
      );
    }
    const stored = await stack.sql<{ id: string; type: string }>(
      `SELECT 'we_' || lpad(seq::text, 12, '0') AS id, type FROM watches.events WHERE watch_id = $1 ORDER BY seq`,
      [watch.id],
    );
    const first = (await get<WatchEventPageView>(`/v1/watches/${watch.id}/events?limit=2`)).json();
    expect(first.events.map((e) => [e.id, e.type])).toEqual(stored.slice(0, 2).map((e) => [e.id, e.type]));
    expect(first.next_cursor).not.toBeNull();
    const second = (await get<WatchEventPageView>(`/v1/watches/${watch.id}/events?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.events.map((e) => e.id)).toEqual(stored.slice(2).map((e) => e.id));
    expect(second.next_cursor).toBeNull();
    expect(second.events[0]).toMatchObject({
      watch_id: watch.id,
      parcel_id: parcel.id,
      criterion: 'zoning',
      before: { zoning: null },
      after: { zoning: 'MN' },
      layer_versions: { plan_ogolny_zones: 2 },
      delivery: 'none',
    });
    const bad = await get<ErrorEnvelope>(`/v1/watches/${watch.id}/events?cursor=abc`);
    expect([bad.status, bad.json().error.code]).toEqual([400, 'invalid_request']);
  });

  it('refuses a watch past the per-key limit, and deleting one makes room', async () => {
    const key = await stack.createKey(['watches:read', 'watches:write']);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await create({ parcel_ids: [parcel.id] }, key)).json().id);
    const over = await create({ parcel_ids: [parcel.id] }, key);
    expect([over.status, over.json().error.message]).toEqual([400, expect.stringMatching(/already has 4 watches/)]);
    const deleted = await stack.api().request('DELETE', `/v1/watches/${ids[0]}`, { key });
    expect([deleted.status, deleted.json()]).toEqual([200, { id: ids[0], deleted: true }]);
    expect((await get<ErrorEnvelope>(`/v1/watches/${ids[0]}`, key)).status).toBe(404);
    expect((await stack.api().request('DELETE', `/v1/watches/${ids[0]}`, { key })).status).toBe(404);
    expect((await create({ parcel_ids: [parcel.id] }, key)).status).toBe(201);
  });
});
