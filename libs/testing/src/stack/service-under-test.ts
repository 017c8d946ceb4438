import { AppError, type Subject } from '@lp/contracts';
import { NatsRpcClient, type RunningService } from '@lp/messaging';
import type pg from 'pg';
import { startAppProcess, type AppProcess } from './app-process.js';
import { startNatsServer, type TestNatsServer } from './nats-server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface ServiceUnderTestOptions {
  /** The database template to copy (default: the fixture). */
  template?: 'fixture' | 'demo';
  /** The service's database role (`parcel_svc`, …): it connects as production does. Default: the superuser. */
  role?: string;
  /**
   * Other apps the test needs on the same bus and database, started first as processes from their
   * dist/ with their own roles, each with its extra environment: `{ 'geocode-svc': { EVENT_RETRY_SECONDS: '1' } }`.
   */
  alongside?: Record<string, Record<string, string>>;
  /** The nats-server's max_payload (default 1 MiB, as in production). */
  natsMaxPayloadBytes?: number;
}

/** A subject's name, or any subject (its request type aside: tests also send what no contract allows). */
type AnySubject = string | Subject<never, unknown>;

/** The environment a service under test is started with: its database and its bus. */
export interface ServiceUnderTestEnv {
  DATABASE_URL: string;
  NATS_URL: string;
}

/** What a test starts: the service's Nest application, or the part of it a test drives in-process. */
export interface Closeable {
  close(): Promise<void>;
}

export interface ServiceUnderTest<S extends Closeable = RunningService> {
  readonly db: TestDatabase;
  readonly nats: TestNatsServer;
  readonly client: NatsRpcClient;
  /** The service itself (its Nest application: `service.app.get(…)`), or what `start` returned. */
  readonly service: S;
  /** A request over the bus with no contract check: tests also send what no contract allows. */
  call<T>(subject: AnySubject, data: unknown, timeoutMs?: number): Promise<T>;
  /** The error a request is answered with; throws when it is answered without one. */
  failure(subject: AnySubject, data: unknown, timeoutMs?: number): Promise<AppError>;
  /** One statement as the superuser (arranging and checking). */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * One service in this process against its own copy of a template database and its own nats-server,
 * with a client on the bus: the set-up of every service integration test. `start` is the app's
 * own start function (`startParcelSvc(loadEnv(ParcelSvcEnv, { ...env, … }))`), or builds the part of
 * the service a test drives directly (the search engine, the refresh pipeline) and how to close it;
 * it gets the database too, for what must be in place before the service starts.
 */
export async function startServiceUnderTest<S extends Closeable = RunningService>(
  start: (env: ServiceUnderTestEnv, db: TestDatabase) => Promise<S>,
  options: ServiceUnderTestOptions = {},
): Promise<ServiceUnderTest<S>> {
  const [db, nats] = await Promise.all([createTestDatabase(options.template), startNatsServer({ maxPayloadBytes: options.natsMaxPayloadBytes })]);
  let service: S | undefined;
  let client: NatsRpcClient | undefined;
  const others: AppProcess[] = [];
  const stop = async (): Promise<void> => {
    await client?.close();
    await service?.close();
    await Promise.all(others.map((other) => other.stop()));
    await nats.stop();
    await db.drop();
  };
  try {
    for (const [app, env] of Object.entries(options.alongside ?? {})) others.push(await startAppProcess(app, { DATABASE_URL: db.url, NATS_URL: nats.url, ...env }));
    service = await start({ DATABASE_URL: options.role ? db.urlAs(options.role) : db.url, NATS_URL: nats.url }, db);
    client = await NatsRpcClient.connect(nats.url, 'service-under-test');
  } catch (error) {
    await stop();
    throw error;
  }
  const bus = client;
  const running = service;
  const call = <T>(subject: AnySubject, data: unknown, timeoutMs = 10_000): Promise<T> => bus.callRaw<T>(typeof subject === 'string' ? subject : subject.name, data, { requestId: 'int-test', timeoutMs });
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
