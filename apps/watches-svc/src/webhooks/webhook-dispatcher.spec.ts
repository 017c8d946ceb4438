import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { retryDelayMs } from './webhook-dispatcher.js';
import { verifyWebhookSignature, webhookSignature } from './webhook-signature.js';

describe('webhook retries and signatures', () => {
  it('doubles the wait after each failed attempt up to the cap', () => {
    expect([0, 1, 2, 3, 10, 40].map((attempts) => retryDelayMs(attempts, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });

  it('signs "<timestamp>.<body>" with HMAC-SHA256, as a receiver recomputes it with any HMAC library', () => {
    const body = '{"id":"we_000000000001"}';
    const expected = createHmac('sha256', 'whsec_test').update(`1765000000.${body}`).digest('hex');
    expect(webhookSignature('whsec_test', 1765000000, body)).toBe(`v1=${expected}`);
    expect(verifyWebhookSignature('whsec_test', '1765000000', body, `v1=${expected}`)).toBe(true);
    expect(verifyWebhookSignature('whsec_test', '1765000001', body, `v1=${expected}`)).toBe(false);
    expect(verifyWebhookSignature('whsec_test', '1765000000', `${body} `, `v1=${expected}`)).toBe(false);
  });
});
