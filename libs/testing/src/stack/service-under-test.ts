import { AppError, type Subject } from '@lp/contracts';
import { NatsRpcClient, type RunningService } from '@lp/messaging';
import type pg from 'pg';
import { startNatsServer, type TestNatsServer } from './nats-server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface ServiceUnderTestOptions {
  /** The database template to copy (default: the fixture). */
  template?: 'fixture' | 'demo';
  /** The service's database role (`parcel_svc`, …): it connects as production does. Default: the superuser. */
  role?: string;
}

/** The environment a service under test is started with: its database and its bus. */
export interface ServiceUnderTestEnv {
  DATABASE_URL: string;
  NATS_URL: string;
}

export interface ServiceUnderTest {
  readonly db: TestDatabase;
  readonly nats: TestNatsServer;
  readonly client: NatsRpcClient;
  /** The service itself (its Nest application: `service.app.get(…)`). */
  readonly service: RunningService;
  /** A request over the bus with no contract check: tests also send what no contract allows. */
  call<T>(subject: string | Subject<unknown, unknown>, data: unknown, timeoutMs?: number): Promise<T>;
  /** The error a request is answered with; throws when it is answered without one. */
  failure(subject: string | Subject<unknown, unknown>, data: unknown, timeoutMs?: number): Promise<AppError>;
  /** One statement as the superuser (arranging and checking). */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * One service in this process against its own copy of a template database and its own nats-server,
 * with a client on the bus: the set-up of every service integration test. `start` is the app's
 * own start function (`startParcelSvc(loadEnv(ParcelSvcEnv, { ...env, … }))`).
 */
export async function startServiceUnderTest(start: (env: ServiceUnderTestEnv) => Promise<RunningService>, options: ServiceUnderTestOptions = {}): Promise<ServiceUnderTest> {
  const [db, nats] = await Promise.all([createTestDatabase(options.template), startNatsServer()]);
  let service: RunningService | undefined;
  let client: NatsRpcClient | undefined;
  const stop = async (): Promise<void> => {
    await client?.close();
    await service?.close();
    await nats.stop();
    await db.drop();
  };
  try {
    service = await start({ DATABASE_URL: options.role ? db.urlAs(options.role) : db.url, NATS_URL: nats.url });
    client = await NatsRpcClient.connect(nats.url, 'service-under-test');
  } catch (error) {
    await stop();
    throw error;
  }
  const bus = client;
  const running = service;
  const call = <T>(subject: string | Subject<unknown, unknown>, data: unknown, timeoutMs = 10_000): Promise<T> => bus.callRaw<T>(subject, data, { requestId: 'int-test', timeoutMs });
  return {
    db,
    nats,
    client: bus,
    service: running,
    call,
    failure: (subject, data, timeoutMs) =>
      call(subject, data, timeoutMs).then(
        () => {
          throw new Error(`${typeof subject === 'string' ? subject : subject.name} was answered without an error`);
        },
        (error: unknown) => {
          if (error instanceof AppError) return error;
          throw error;
        },
      ),
    sql: (text, params) => db.sql(text, params),
    stop,
  };
}
