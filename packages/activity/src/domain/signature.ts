import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of `<t>.<body>` under the destination's secret. */
export function signatureHex(secret: string, unixSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex');
}

/** The `X-App-Signature` header: `t=<unix_seconds>,sha256=<hex>`. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},sha256=${signatureHex(secret, unixSeconds, body)}`;
}

const HEADER = /^t=([0-9]{1,12}),sha256=([0-9a-f]{64})$/;

/**
 * What a receiver does: checks the header against the raw body it received
 * and refuses a `t` further than `toleranceSeconds` from its own clock.
 */
export function verifySignature(header: string | undefined, rawBody: string | Buffer, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const match = header === undefined ? null : HEADER.exec(header);
  if (match === null) return false;
  const t = Number(match[1]);
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}
