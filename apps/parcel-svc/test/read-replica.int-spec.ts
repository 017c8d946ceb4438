import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LAYER_REFRESHED_SUBJECT, type LayerRefreshedEvent, type ParcelFeatureView } from '@lp/contracts';
import { NatsRpcClient, type RunningService } from '@lp/messaging';
import { loadEnv } from '@lp/runtime';
import { databaseUrlAs, eventually, freePort, startNatsServer, startReplicatedDatabase, type ReplicatedDatabase, type TestNatsServer } from '@lp/testing';
import { connect } from '@nats-io/transport-node';
import { ParcelSvcEnv } from '../src/config/parcel-svc.env.js';
import { FIND_FEATURE_SQL } from '../src/parcel/parcel.repository.js';
import { startParcelSvc } from '../src/parcel-svc.app.js';

const PARCEL = '306401_1.0012.105/12';

/**
 * parcel-svc with DATABASE_READ_URL pointing at a real streaming standby of its primary: lookups
 * are answered by the standby, writes stay on the primary, and a served-version switch the standby
 * has not replayed yet sends lookups to the primary until it has.
 */
describe('parcel lookups on a streaming read replica', () => {
  let pair: ReplicatedDatabase;
  let nats: TestNatsServer;
  let service: RunningService;
  let client: NatsRpcClient;

  const number = async (): Promise<string> =>
    (await client.callRaw<ParcelFeatureView>('parcel.get', { parcel_id: PARCEL }, { requestId: 'replica-test', timeoutMs: 10_000 })).properties.number;
  const now = async (on: 'primary' | 'replica'): Promise<string> => (await pair.sql<{ now: string }>(on, `SELECT clock_timestamp()::text AS now`))[0]!.now;
  /** Lookups parcel-svc ran on that server (its sessions' last statements) since `since`. */
  const lookupsOn = async (on: 'primary' | 'replica', since: string): Promise<Array<{ application_name: string }>> =>
    pair.sql(on, `SELECT application_name FROM pg_stat_activity WHERE query = $1 AND query_start >= $2::timestamptz`, [FIND_FEATURE_SQL, since]);

  beforeAll(async () => {
    [pair, nats] = await Promise.all([startReplicatedDatabase(), startNatsServer()]);
    service = await startParcelSvc(
      loadEnv(ParcelSvcEnv, {
        DATABASE_URL: databaseUrlAs(pair.primaryUrl, 'parcel_svc'),
        DATABASE_READ_URL: databaseUrlAs(pair.replicaUrl, 'parcel_svc'),
        NATS_URL: nats.url,
        LOG_LEVEL: 'warn',
        DB_POOL_SIZE: '2',
      }),
    );
    client = await NatsRpcClient.connect(nats.url, 'read-replica-test');
    process.stderr.write(`read-replica set-up, ms: ${JSON.stringify(pair.timingsMs)}\n`);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await service?.close();
    await nats?.stop();
    await pair?.stop();
  });

  it('answers lookups from the replica, and none from the primary', async () => {
    // The service starts requiring what the primary had written then (switches it cannot have heard of).
    await pair.caughtUp();
    const since = await now('replica');
    expect(await number()).toBe('105/12');
    expect(await lookupsOn('replica', since)).toEqual([{ application_name: 'parcel-svc:read' }]);
    expect(await lookupsOn('primary', '-infinity')).toEqual([]);
  });

  it('keeps writing on the primary: the facts read model is built there at start', async () => {
    await eventually(async () => {
      const [{ builds }] = await pair.sql<{ builds: number }>('primary', `SELECT count(*)::int AS builds FROM parcel.fact_builds`);
      expect(builds).toBeGreaterThan(0);
    });
  });

  it('answers from the primary while the replica has not replayed a version switch, and from the replica again once it has', async () => {
    await pair.caughtUp();
    await pair.sql('replica', `SELECT pg_wal_replay_pause()`);
    // What layer-svc's swap does, in one transaction: a new version table and the published view pointed at it.
    const [{ definition }] = await pair.sql<{ definition: string }>('primary', `SELECT pg_get_viewdef('layer_pub.parcels') AS definition`);
    const table = /FROM layer\.(\w+)/.exec(definition)![1]!;
    await pair.sql(
      'primary',
      `BEGIN;
       CREATE TABLE layer.f_parcels_next AS SELECT * FROM layer.${table};
       GRANT SELECT ON layer.f_parcels_next TO layer_svc;
       UPDATE layer.f_parcels_next SET attrs = attrs || '{"parcel_number": "105/12a"}' WHERE ext_id = '${PARCEL}';
       CREATE OR REPLACE VIEW layer_pub.parcels AS ${definition.replace(`layer.${table} `, 'layer.f_parcels_next ')};
       COMMIT;`,
    );
    // Before the event is heard the service may still answer the version before: that is the lag it tolerates.
    await publishSwitch();
    const since = await now('primary');
    await eventually(async () => expect(await number()).toBe('105/12a'), 5_000);
    expect((await lookupsOn('primary', since)).map((row) => row.application_name)).toContain('parcel-svc');
    // The replica really is behind: it still serves the version before the switch.
    const [old] = await pair.sql<{ number: string }>('replica', `SELECT parcel_number AS number FROM layer_pub.parcels WHERE id = $1`, [PARCEL]);
    expect(old?.number).toBe('105/12');

    await pair.sql('replica', `SELECT pg_wal_replay_resume()`);
    await pair.caughtUp();
    const resumed = await now('replica');
    await eventually(async () => {
      expect(await number()).toBe('105/12a');
      expect(await lookupsOn('replica', resumed)).not.toEqual([]);
    }, 5_000);
  });

  it('starts with a replica it cannot reach, and answers lookups from the primary', async () => {
    // A port nothing listens on: the replica is down when the service starts.
    const unreachable = pair.replicaUrl.replace(/:(\d+)\//, `:${await freePort()}/`);
    const ownNats = await startNatsServer();
    const alone = await startParcelSvc(
      loadEnv(ParcelSvcEnv, {
        DATABASE_URL: databaseUrlAs(pair.primaryUrl, 'parcel_svc'),
        DATABASE_READ_URL: databaseUrlAs(unreachable, 'parcel_svc'),
        NATS_URL: ownNats.url,
        LOG_LEVEL: 'error',
        DB_POOL_SIZE: '2',
      }),
    );
    const ownClient = await NatsRpcClient.connect(ownNats.url, 'read-replica-down-test');
    try {
      const since = await now('primary');
      const answer = await ownClient.callRaw<ParcelFeatureView>('parcel.get', { parcel_id: PARCEL }, { requestId: 'replica-down-test', timeoutMs: 10_000 });
      expect(answer.properties.number).toMatch(/^105\/12a?$/);
      expect((await lookupsOn('primary', since)).map((row) => row.application_name)).toContain('parcel-svc');
    } finally {
      await ownClient.close();
      await alone.close();
      await ownNats.stop();
    }
  });

  /** The event layer-svc's outbox publisher sends after a swap, with the primary's WAL position read after it committed. */
  async function publishSwitch(): Promise<void> {
    const [{ lsn }] = await pair.sql<{ lsn: string }>('primary', `SELECT pg_current_wal_lsn()::text AS lsn`);
    const event: LayerRefreshedEvent = {
      layer_id: 'parcels',
      run_id: 'replica-test',
      version: 2,
      refreshed_at: new Date().toISOString(),
      teryt: [],
      primary_lsn: lsn,
    };
    const connection = await connect({ servers: nats.url });
    connection.publish(LAYER_REFRESHED_SUBJECT, JSON.stringify(event));
    await connection.drain();
  }
});
