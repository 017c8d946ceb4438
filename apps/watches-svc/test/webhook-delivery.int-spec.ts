import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { WatchesSubjects, type CreatedWatchView, type WatchView } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { WatchesSvcEnv } from '../src/config/watches-svc.env.js';
import { verifyWebhookSignature } from '../src/webhooks/webhook-signature.js';
import { startWatchesSvc } from '../src/watches-svc.app.js';
import { Receiver } from './webhook-receiver.js';

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * watches-svc's webhook outbox against a real receiver: signed, at least once with a stable event
 * id, exponential back-off, given up after the (shortened) retry period, and never redirected into
 * the private network. The events are put in the outbox as a re-evaluation writes them.
 */
describe('watches-svc: webhook deliveries to a real HTTP receiver', () => {
  let svc: ServiceUnderTest;
  const receiver = new Receiver();
  let base: string;
  let parcelId: string;

  const createWatch = (webhookUrl: string) =>
    svc.call<CreatedWatchView>(WatchesSubjects.create, { owner: 'key-webhooks', parcel_ids: [parcelId], webhook_url: webhookUrl });
  const addEvent = async (watchId: string): Promise<string> => {
    const [row] = await svc.sql<{ id: string }>(
      `INSERT INTO watches.events (watch_id, type, parcel_id, criterion, before, after, layer_versions, delivery, next_attempt_at)
       VALUES ($1, 'facts_changed', $2, 'zoning', '{"zoning": null}', '{"zoning": "MN"}', '{"plan_ogolny_zones": 2}', 'pending', now())
       RETURNING 'we_' || lpad(seq::text, 12, '0') AS id`,
      [watchId, parcelId],
    );
    return row!.id;
  };
  const eventRow = (id: string) =>
    svc
      .sql<{ delivery: string; attempts: number; last_error: string | null }>(
        `SELECT delivery, attempts, last_error FROM watches.events WHERE 'we_' || lpad(seq::text, 12, '0') = $1`,
        [id],
      )
      .then((rows) => rows[0]!);

  beforeAll(async () => {
    base = await receiver.start();
    svc = await startServiceUnderTest(
      (env) =>
        startWatchesSvc(
          loadEnv(WatchesSvcEnv, {
            ...env,
            LOG_LEVEL: 'error',
            DB_POOL_SIZE: '2',
            WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
            WEBHOOK_ALLOW_HTTP: 'true',
            WEBHOOK_POLL_MS: '50',
            WEBHOOK_RETRY_BASE_MS: '300',
            WEBHOOK_GIVE_UP_SECONDS: '3',
          }),
        ),
      { role: 'watches_svc' },
    );
    parcelId = (await svc.sql<{ id: string }>(`SELECT id FROM layer_pub.parcels ORDER BY id LIMIT 1`))[0]!.id;
  });
  afterAll(async () => {
    await svc?.stop();
    await receiver.stop();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer = (_count, res) => res.writeHead(204).end();
  });

  it('a receiver answering 500 twice gets the event on the third try, with the same id and a valid signature each time', async () => {
    receiver.answer = (count, res) => res.writeHead(count <= 2 ? 500 : 200).end(count <= 2 ? 'busy' : 'ok');
    const watch = await createWatch(`${base}/hook`);
    const eventId = await addEvent(watch.id);
    await until(async () => ((await eventRow(eventId)).delivery === 'delivered' ? true : undefined));
    expect(receiver.received).toHaveLength(3);
    for (const delivery of receiver.received) {
      expect(delivery.headers['webhook-id']).toBe(eventId);
      const signature = String(delivery.headers['webhook-signature']);
      expect(verifyWebhookSignature(watch.webhook_secret!, String(delivery.headers['webhook-timestamp']), delivery.body, signature)).toBe(true);
      expect(verifyWebhookSignature('whsec_wrong', String(delivery.headers['webhook-timestamp']), delivery.body, signature)).toBe(false);
      expect(JSON.parse(delivery.body)).toMatchObject({
        id: eventId,
        watch_id: watch.id,
        type: 'facts_changed',
        parcel_id: parcelId,
        before: { zoning: null },
        after: { zoning: 'MN' },
      });
    }
    // Back-off doubles: about 300 ms, then about 600 ms.
    const [first, second, third] = receiver.received.map((r) => r.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(280);
    expect(third - second).toBeGreaterThanOrEqual(580);
    expect(await eventRow(eventId)).toEqual({ delivery: 'delivered', attempts: 3, last_error: null });
  });

  it('marks an event failed after the retry period, visible on the watch, and keeps it in the feed', async () => {
    receiver.answer = (_count, res) => res.writeHead(503).end('down');
    const watch = await createWatch(`${base}/down`);
    const eventId = await addEvent(watch.id);
    const row = await until(async () => {
      const current = await eventRow(eventId);
      return current.delivery === 'failed' ? current : undefined;
    });
    expect(row.last_error).toMatch(/gave up after \d+ attempts .*receiver answered 503: down/);
    expect(receiver.received.length).toBeGreaterThanOrEqual(3);
    const shown = await svc.call<WatchView>(WatchesSubjects.get, { owner: 'key-webhooks', id: watch.id });
    expect(shown.delivery).toEqual({ pending: 0, failed: 1, last_error: row.last_error });
  });

  it('does not follow a redirect to a link-local, metadata or other loopback address', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://127.0.0.2:9/x', 'http://10.0.0.1/x']) {
      receiver.received.length = 0;
      receiver.answer = (_count, res) => res.writeHead(302, { location: target }).end();
      const watch = await createWatch(`${base}/redirect`);
      const eventId = await addEvent(watch.id);
      const row = await until(async () => {
        const current = await eventRow(eventId);
        return current.delivery === 'failed' ? current : undefined;
      });
      expect([target, row.last_error]).toEqual([target, expect.stringMatching(/^redirect refused: .*private, loopback or link-local/)]);
      expect(receiver.received).toHaveLength(1);
    }
  });

  it('follows a redirect to an allowed receiver and delivers there', async () => {
    receiver.answer = (count, res) => (count === 1 ? res.writeHead(307, { location: '/moved' }).end() : res.writeHead(200).end());
    const watch = await createWatch(`${base}/old`);
    const eventId = await addEvent(watch.id);
    await until(async () => ((await eventRow(eventId)).delivery === 'delivered' ? true : undefined));
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
  });
});
