import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a delivery: HMAC-SHA256 with the watch's secret over `<timestamp>.<body>`, hex,
 * sent as `Webhook-Signature: v1=<hex>` beside `Webhook-Timestamp` (Unix seconds) and `Webhook-Id`
 * (the event id, the receiver's idempotency key). Signing the timestamp with the body lets a
 * receiver refuse an old delivery replayed by someone who captured it.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does to check a delivery (documented in docs/watches.md; used by the tests). */
export function verifyWebhookSignature(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(webhookSignature(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
