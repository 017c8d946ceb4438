import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@lp/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { bootstrapService, DEADLINE_HEADER, NatsRpcClient } from '@lp/messaging';
import { MAX_ERROR_MESSAGE_CHARS, metricsRegistry } from '@lp/runtime';

/** `length` bytes counting up modulo 251, so a byte out of place shows. */
function pattern(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = i % 251;
  return bytes;
}

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

  /** Answers with the caller's tag after `ms`: calls that overlap and finish out of order. */
  @MessagePattern('echo.after')
  async after(@Payload() request: { ms: number; tag: string }): Promise<{ tag: string }> {
    handled.push(`after ${request.tag}`);
    await new Promise((resolve) => setTimeout(resolve, request.ms));
    return { tag: request.tag };
  }

  /** `bytes` raw bytes beside JSON fields: a binary reply. */
  @MessagePattern('echo.bytes')
  bytes(@Payload() request: { bytes: number; n: number }): { n: number; data: Buffer; none: null } {
    return { n: request.n, data: pattern(request.bytes), none: null };
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

  it('carry bytes raw beside their JSON fields, in many messages or one, to many concurrent callers', async () => {
    const big = await client.callRaw<{ n: number; data: Buffer; none: null }>('echo.bytes', { bytes: 3 * 1024 * 1024, n: 0 }, { requestId: 'r4', timeoutMs: 5000 });
    expect(big).toMatchObject({ n: 0, none: null });
    expect(big.data.equals(pattern(3 * 1024 * 1024))).toBe(true);
    const small = await Promise.all(
      Array.from({ length: 40 }, (_, n) => client.callRaw<{ n: number; data: Buffer }>('echo.bytes', { bytes: 100 + n, n }, { requestId: `r5-${n}`, timeoutMs: 5000 })),
    );
    small.forEach((reply, n) => {
      expect(reply.n).toBe(n);
      expect(reply.data.equals(pattern(100 + n))).toBe(true);
    });
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

describe('calls sharing one connection', () => {
  it('each get their own reply when many overlap and finish out of order', async () => {
    const client = echo.client;
    const tags = Array.from({ length: 60 }, (_, i) => `call-${i}`);
    // Later calls answer sooner, so replies arrive in the reverse order of the requests.
    const replies = await Promise.all(
      tags.map((tag, i) => client.callRaw<{ tag: string }>('echo.after', { ms: (tags.length - i) * 5, tag }, { requestId: tag, timeoutMs: 5000 })),
    );
    expect(replies.map((reply) => reply.tag)).toEqual(tags);
    expect(client.pendingCalls).toBe(0);
  });

  it('drop a reply that arrives after its call timed out, without disturbing the calls after it', async () => {
    const client = echo.client;
    handled.length = 0;
    const late = await client.callRaw('echo.after', { ms: 400, tag: 'late' }, { requestId: 'late', timeoutMs: 100 }).catch((caught: unknown) => caught);
    expect((late as AppError).code).toBe('upstream_timeout');
    expect(client.pendingCalls).toBe(0);
    // This call is pending when the late reply arrives, and must get its own answer only.
    const next = await client.callRaw<{ tag: string }>('echo.after', { ms: 600, tag: 'next' }, { requestId: 'next', timeoutMs: 5000 });
    expect(next.tag).toBe('next');
    expect(handled).toEqual(['after late', 'after next']);
    expect(client.pendingCalls).toBe(0);
  });

  it('fail as bus-unreachable, not by timeout, when the client closes under them', async () => {
    const client = await NatsRpcClient.connect(echo.nats.url, 'closing-client');
    const pending = client.callRaw('echo.after', { ms: 2000, tag: 'cut' }, { requestId: 'cut', timeoutMs: 10_000 }).catch((caught: unknown) => caught);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await client.close();
    const error = (await pending) as AppError;
    expect(error.code).toBe('service_unavailable');
    expect(error.message).toMatch(/could not reach the echo service/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(client.pendingCalls).toBe(0);
    await expect(client.callRaw('echo.after', { ms: 1, tag: 'after-close' }, { requestId: 'x', timeoutMs: 1000 })).rejects.toMatchObject({ code: 'service_unavailable' });
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
