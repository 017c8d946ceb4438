import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@lp/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { bootstrapService, DEADLINE_HEADER, type NatsRpcClient } from '@lp/messaging';
import { MAX_ERROR_MESSAGE_CHARS, metricsRegistry } from '@lp/runtime';

/** Handled calls, so a test can tell a dropped request from a handled one. */
const handled: string[] = [];

@Controller()
class EchoHandler {
  /** `bytes` characters of text in a JSON reply: larger than one NATS message when asked. */
  @MessagePattern('echo.big')
  big(@Payload() request: { bytes: number }): { text: string; tail: string } {
    handled.push('big');
    const text = 'abcdefghij'.repeat(Math.ceil(request.bytes / 10)).slice(0, request.bytes);
    return { text, tail: 'end' };
  }

  @MessagePattern('echo.fail')
  fail(@Payload() request: { problems: number }): never {
    handled.push('fail');
    throw AppError.invalid(Array.from({ length: request.problems }, (_, i) => `params.unknown_${i} is not a parameter`).join('; '));
  }
}

@Module({ controllers: [EchoHandler] })
class EchoModule {}

/** One echo service for the file, on a bus whose 64 KiB limit makes a 3 MB reply 49 messages (production's 1 MiB works the same way). */
let echo: ServiceUnderTest;
beforeAll(async () => {
  echo = await startServiceUnderTest((env) => bootstrapService({ name: 'echo-svc', module: EchoModule, natsUrl: env.NATS_URL, opsPort: 0, logLevel: 'error' }), {
    natsMaxPayloadBytes: 64 * 1024,
  });
});
afterAll(() => echo?.stop());

describe('replies larger than the bus limit', () => {
  let client: NatsRpcClient;

  beforeAll(() => {
    client = echo.client;
  });

  it('arrive whole when they span many messages', async () => {
    const bytes = 3 * 1024 * 1024;
    const reply = await client.callRaw<{ text: string; tail: string }>('echo.big', { bytes }, { requestId: 'r1', timeoutMs: 5000 });
    expect(reply.text.length).toBe(bytes);
    expect(reply.text.slice(0, 20)).toBe('abcdefghijabcdefghij');
    expect(reply.tail).toBe('end');
  });

  it('still arrive as one message when they fit', async () => {
    const reply = await client.callRaw<{ text: string }>('echo.big', { bytes: 100 }, { requestId: 'r2', timeoutMs: 5000 });
    expect(reply.text.length).toBe(100);
  });

  it('count as ok in the handler metric once sent', async () => {
    const metrics = await metricsRegistry.getMetricsAsJSON();
    const counts = metrics.find((metric) => metric.name === 'lp_rpc_handler_duration_seconds')?.values ?? [];
    const okBig = counts.find((value) => (value as { metricName?: string }).metricName?.endsWith('_count') && value.labels['subject'] === 'echo.big' && value.labels['outcome'] === 'ok');
    expect(okBig?.value).toBeGreaterThanOrEqual(2);
  });

  it('bound an error message listing thousands of problems', async () => {
    const error = await client.callRaw('echo.fail', { problems: 5000 }, { requestId: 'r3', timeoutMs: 5000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_request');
    expect((error as AppError).message).toMatch(/^params\.unknown_0 is not a parameter/);
    expect((error as AppError).message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_CHARS + 50);
    expect((error as AppError).message).toMatch(/more characters\)$/);
  });
});

describe('a request whose deadline has passed', () => {
  let raw: NatsConnection;

  beforeAll(async () => {
    raw = await connect({ servers: echo.nats.url });
  });
  afterAll(() => raw?.close());

  it('is dropped by the service without running the handler', async () => {
    handled.length = 0;
    const hdrs = natsHeaders();
    hdrs.set(DEADLINE_HEADER, String(Date.now() - 1000));
    const packet = { pattern: 'echo.big', data: { bytes: 10 }, id: 'late' };
    const reply = await raw.request('echo.big', JSON.stringify(packet), { timeout: 2000, headers: hdrs });
    const body = JSON.parse(new TextDecoder().decode(reply.data)) as { err?: { code: string } };
    expect(body.err?.code).toBe('upstream_timeout');
    expect(handled).toEqual([]);
  });
});
