import { createHmac, randomBytes } from 'node:crypto';

/** A webhook's signing secret: 32 random bytes, shown to the user once, kept in the secrets file. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `X-Earshot-Signature` value: the HMAC-SHA256 of `<timestamp>.<body>` with the webhook's
 * secret, in hex. Signing the timestamp with the body lets a receiver refuse a replayed old delivery.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

/** The headers of one attempt; `timestamp` is in seconds since the epoch, as signed. */
export function deliveryHeaders(delivery: {
  id: string;
  event: string;
  attempt: number;
  timestamp: number;
  signature: string;
}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Earshot-Webhooks',
    'X-Earshot-Delivery': delivery.id,
    'X-Earshot-Event': delivery.event,
    'X-Earshot-Attempt': String(delivery.attempt),
    'X-Earshot-Timestamp': String(delivery.timestamp),
    'X-Earshot-Signature': delivery.signature,
  };
}
