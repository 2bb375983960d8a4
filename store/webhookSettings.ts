import { z } from 'zod';
import { readSecrets, writeSecrets } from './secretsFile.ts';
import { webhookEvents } from './webhookDeliveryTable.ts';

/**
 * One outgoing webhook. The whole record lives in the secrets file: the URL, because many webhook
 * URLs carry a token in their path, and the secret its deliveries are signed with.
 */
export const storedWebhookSchema = z.object({
  id: z.string(),
  /** The user's own label; the address (scheme and host) is shown beside it. */
  name: z.string(),
  url: z.string(),
  secret: z.string(),
  enabled: z.boolean(),
  events: z.array(z.enum(webhookEvents)),
  createdAt: z.number(),
  /** Why Earshot switched it off (the receiver answered 410 Gone); null when the user did, or it is on. */
  disabledBecause: z.string().nullable(),
});

export type StoredWebhook = z.infer<typeof storedWebhookSchema>;

export function readWebhooks(dataDirectory: string): StoredWebhook[] {
  return z.array(storedWebhookSchema).parse(readSecrets(dataDirectory).webhooks ?? []);
}

export function writeWebhooks(dataDirectory: string, webhooks: StoredWebhook[]): void {
  writeSecrets(dataDirectory, { ...readSecrets(dataDirectory), webhooks });
}

/**
 * What may be shown of a webhook's URL anywhere (the page, the log, errors): its scheme and host,
 * never its path, query or user name, any of which may hold a token.
 */
export function webhookAddress(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return 'an invalid URL';
  }
}
