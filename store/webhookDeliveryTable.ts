import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';

/** What a webhook is told: a session completed, its AI artefacts changed, or the user's test. */
export const webhookEvents = ['session.completed', 'ai.updated'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export type DeliveredEvent = WebhookEvent | 'webhook.test';

/** `pending` waits for its next attempt; `delivered` got a 2xx; `failed` gave up. */
export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/** One delivery of one event to one webhook, as the delivery log keeps it. */
export interface WebhookDeliveryRecord {
  id: string;
  webhookId: string;
  /** The webhook's address as it may be shown (scheme and host), kept so the log reads after it is removed. */
  address: string;
  event: DeliveredEvent;
  /** Null for a test event. */
  sessionId: string | null;
  /** For `ai.updated`: which artefacts finished changing; empty otherwise. */
  artefacts: string[];
  state: WebhookDeliveryState;
  attempts: number;
  /** The HTTP status of the last answer; null before one, or when the last attempt got none. */
  lastStatus: number | null;
  /** Why the last attempt failed, in words that never hold the URL; null after a success. */
  lastError: string | null;
  /** Epoch milliseconds of the next attempt; null once delivered or failed. */
  nextAttemptAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** How many ended deliveries the log keeps; pending ones are always kept. */
export const keptDeliveries = 500;

/** A delivery as the log gives it out; its row keeps `artefacts` as JSON. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  address: z.string(),
  event: z.enum([...webhookEvents, 'webhook.test']),
  sessionId: z.string().nullable(),
  artefacts: z.array(z.string()),
  state: z.enum(webhookDeliveryStates),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

const rowSchema = webhookDeliverySchema.extend({ artefacts: z.string() });

/**
 * The `webhookDeliveries` table: plain SQL, outside TinyBase, because only the service reads it.
 * It outlives a restart, so pending deliveries go on where they were; ended ones beyond the newest
 * `keptDeliveries` are dropped as new ones are written.
 */
export class WebhookDeliveryTable {
  private readonly statements: Record<'upsert' | 'trim' | 'byId' | 'newestFirst' | 'pending', StatementSync>;

  constructor(database: DatabaseSync) {
    const statement = (sql: string) => database.prepare(sql);
    this.statements = {
      upsert: statement(
        `INSERT INTO webhookDeliveries (id, webhookId, address, event, sessionId, artefacts, state, attempts,
           lastStatus, lastError, nextAttemptAt, createdAt, updatedAt)
         VALUES (:id, :webhookId, :address, :event, :sessionId, :artefacts, :state, :attempts,
           :lastStatus, :lastError, :nextAttemptAt, :createdAt, :updatedAt)
         ON CONFLICT(id) DO UPDATE SET artefacts = excluded.artefacts, state = excluded.state,
           attempts = excluded.attempts, lastStatus = excluded.lastStatus, lastError = excluded.lastError,
           nextAttemptAt = excluded.nextAttemptAt, updatedAt = excluded.updatedAt`,
      ),
      trim: statement(
        `DELETE FROM webhookDeliveries WHERE state != 'pending' AND id NOT IN (
           SELECT id FROM webhookDeliveries WHERE state != 'pending' ORDER BY createdAt DESC, id DESC LIMIT ?)`,
      ),
      byId: statement('SELECT * FROM webhookDeliveries WHERE id = ?'),
      newestFirst: statement('SELECT * FROM webhookDeliveries ORDER BY createdAt DESC, id DESC LIMIT ?'),
      pending: statement(
        "SELECT * FROM webhookDeliveries WHERE state = 'pending' ORDER BY nextAttemptAt, createdAt, id",
      ),
    };
  }

  put(record: WebhookDeliveryRecord): void {
    this.statements.upsert.run({ ...record, artefacts: JSON.stringify(record.artefacts) });
    if (record.state !== 'pending') this.statements.trim.run(keptDeliveries);
  }

  get(id: string): WebhookDeliveryRecord | undefined {
    const row = this.statements.byId.get(id);
    return row === undefined ? undefined : toRecord(row);
  }

  list(limit: number): WebhookDeliveryRecord[] {
    return this.statements.newestFirst.all(limit).map(toRecord);
  }

  /** Every delivery still to be attempted, soonest first. */
  pending(): WebhookDeliveryRecord[] {
    return this.statements.pending.all().map(toRecord);
  }
}

function toRecord(row: unknown): WebhookDeliveryRecord {
  const { artefacts, ...rest } = rowSchema.parse(row);
  return webhookDeliverySchema.parse({ ...rest, artefacts: JSON.parse(artefacts) as unknown });
}
