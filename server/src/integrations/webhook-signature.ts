// Signing webhook deliveries, the way Stripe does: the header `Helio-Signature: t=<unix seconds>,
// v1=<hex>` where v1 is HMAC-SHA256, keyed with the webhook's secret, of `<t>.<raw body>`. A receiver
// recomputes it over the raw bytes it got, compares in constant time, and refuses a t older than a
// few minutes, so a captured delivery cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@helio/contracts';

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, body: string, nowMs = Date.now()): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/** What a receiver does; the server's tests and the e2e receiver use it. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowMs = Date.now(),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
