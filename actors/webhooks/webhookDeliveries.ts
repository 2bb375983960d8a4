import { randomUUID } from 'node:crypto';
import type { ServiceEventFeed } from '../serviceEvents/serviceEventFeed.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type {
  DeliveredEvent,
  WebhookDeliveryRecord,
  WebhookEvent,
} from '../../store/webhookDeliveryTable.ts';
import {
  readWebhooks,
  webhookAddress,
  writeWebhooks,
  type StoredWebhook,
} from '../../store/webhookSettings.ts';
import { retryDelayMs } from './retrySchedule.ts';
import { webhookPayload } from './webhookPayload.ts';
import { postWebhook } from './webhookRequest.ts';
import { createWebhookSecret, deliveryHeaders, webhookSignature } from './webhookSignature.ts';

/** Time as the deliveries see it; tests pass their own, so that no test waits for a retry. */
export interface WebhookClock {
  now(): number;
  /** Calls `callback` after `delayMs`; returns what cancels it. */
  setTimeout(callback: () => void, delayMs: number): () => void;
}

export const systemClock: WebhookClock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => {
    const timer = setTimeout(callback, delayMs);
    // A retry hours away must not keep a stopping process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** A webhook as it may be shown: its address is the URL's scheme and host, the secret is left out. */
export interface WebhookView {
  id: string;
  name: string;
  address: string;
  enabled: boolean;
  events: WebhookEvent[];
  createdAt: number;
  disabledBecause: string | null;
}

export interface NewWebhook {
  url: string;
  name?: string;
  events?: WebhookEvent[];
}

export type WebhookChange = Partial<Pick<StoredWebhook, 'name' | 'enabled' | 'events'>>;

/** Why `retryNow` did not attempt: no such delivery, already delivered, or being attempted. */
export type RetryRefusal = 'not_found' | 'delivered' | 'in_flight';

export interface WebhookDeliveriesOptions {
  store: SessionStore;
  dataDirectory: string;
  events: ServiceEventFeed;
  clock?: WebhookClock;
  /** In [0, 1): the retries' jitter. */
  random?: () => number;
  send?: typeof fetch;
  attemptTimeoutMs?: number;
  log?: (line: string) => void;
}

export const mostWebhooks = 20;
/** Attempts made at once; the rest wait for a free one. */
const parallelAttempts = 8;
const defaultAttemptTimeoutMs = 10_000;
/** How long a delivery waits after Earshot itself failed to attempt it (an unreadable secrets file). */
const heldAfterFailureMs = 60_000;

/**
 * The outgoing webhooks: it keeps their list (in the secrets file), turns the service's events into
 * deliveries (a completed session, AI artefacts that finished changing), and attempts each one,
 * signed, until a receiver answers 2xx or the retries are spent. Every delivery is a row of the
 * delivery log first, so a restart goes on with the pending ones where they were.
 */
export class WebhookDeliveries {
  private readonly store: SessionStore;
  private readonly dataDirectory: string;
  private readonly feed: ServiceEventFeed;
  private readonly clock: WebhookClock;
  private readonly random: () => number;
  private readonly send: typeof fetch;
  private readonly attemptTimeoutMs: number;
  private readonly log: (line: string) => void;
  private readonly inFlight = new Map<string, Promise<WebhookDeliveryRecord>>();
  /** Deliveries whose last attempt failed inside Earshot, held until then so they are not tried in a loop. */
  private readonly heldUntil = new Map<string, number>();
  /** Aborts the attempts under way, so that a stopping service does not wait for slow receivers. */
  private readonly stopping = new AbortController();
  private stopFollowing: (() => void) | undefined;
  private cancelTimer: (() => void) | undefined;
  private closed = false;

  constructor(options: WebhookDeliveriesOptions) {
    this.store = options.store;
    this.dataDirectory = options.dataDirectory;
    this.feed = options.events;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.send = options.send ?? fetch;
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? defaultAttemptTimeoutMs;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /** Follows the service's events and goes on with the deliveries a previous run left pending. */
  start(): void {
    this.stopFollowing = this.feed.subscribe((event) => {
      // A delivery that cannot be queued (a secrets file that does not read, a full disk) must not
      // fail the store's transaction that told the event, nor the feed's other followers.
      this.safely('could not queue the deliveries of an event', () => {
        if (event.type === 'session.stopped' && event.status === 'completed') {
          this.enqueue('session.completed', event.sessionId, []);
        } else if (event.type === 'ai.updated') {
          this.enqueue('ai.updated', event.sessionId, event.artefacts);
        }
      });
    });
    this.schedule();
  }

  /**
   * Stops following and scheduling and cuts the attempts under way short; those are left in the
   * log as they were before (an attempt cut off by a stop is not counted), so the next start makes
   * them again.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.stopFollowing?.();
    this.cancelTimer?.();
    this.stopping.abort();
    await this.settled();
  }

  /** Resolves once no attempt is under way (tests wait on it instead of on time). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight.values());
  }

  list(): WebhookView[] {
    return readWebhooks(this.dataDirectory).map(viewOf);
  }

  /** Adds a webhook, switched on, with a new secret: the only time the secret is given out. */
  add(input: NewWebhook): { webhook: WebhookView; secret: string } {
    const webhooks = readWebhooks(this.dataDirectory);
    const secret = createWebhookSecret();
    const webhook: StoredWebhook = {
      id: randomUUID(),
      name: input.name ?? '',
      url: input.url,
      secret,
      enabled: true,
      events: input.events ?? ['session.completed', 'ai.updated'],
      createdAt: this.clock.now(),
      disabledBecause: null,
    };
    writeWebhooks(this.dataDirectory, [...webhooks, webhook]);
    return { webhook: viewOf(webhook), secret };
  }

  /** The webhook changed; undefined when there is none. Switching it off ends its pending deliveries. */
  update(id: string, change: WebhookChange): WebhookView | undefined {
    const updated = this.changeWebhook(id, (webhook) => ({
      ...webhook,
      ...change,
      disabledBecause: change.enabled === undefined ? webhook.disabledBecause : null,
    }));
    if (updated?.enabled === false) {
      this.endPendingOf(id, 'The webhook was switched off; retry this delivery once it is on again.');
    }
    return updated === undefined ? undefined : viewOf(updated);
  }

  /** False when there is no such webhook. Its log stays; its pending deliveries end. */
  remove(id: string): boolean {
    const webhooks = readWebhooks(this.dataDirectory);
    if (!webhooks.some((webhook) => webhook.id === id)) return false;
    writeWebhooks(
      this.dataDirectory,
      webhooks.filter((webhook) => webhook.id !== id),
    );
    this.endPendingOf(id, 'The webhook was removed.');
    return true;
  }

  /** Newest first. */
  deliveries(limit: number): WebhookDeliveryRecord[] {
    return this.store.listWebhookDeliveries(limit);
  }

  /** Sends a `webhook.test` event once, now (no retries); the delivery as it ended. Undefined: no such webhook. */
  async sendTest(webhookId: string): Promise<WebhookDeliveryRecord | undefined> {
    const webhook = readWebhooks(this.dataDirectory).find((candidate) => candidate.id === webhookId);
    if (webhook === undefined) return undefined;
    const delivery = this.newDelivery(webhook, 'webhook.test', null, []);
    this.store.putWebhookDelivery(delivery);
    return this.attempt(delivery);
  }

  /** Attempts a pending or failed delivery now; the delivery as the attempt left it. */
  async retryNow(deliveryId: string): Promise<WebhookDeliveryRecord | RetryRefusal> {
    const delivery = this.store.getWebhookDelivery(deliveryId);
    if (delivery === undefined) return 'not_found';
    if (delivery.state === 'delivered') return 'delivered';
    if (this.inFlight.has(deliveryId)) return 'in_flight';
    return this.attempt(delivery);
  }

  private enqueue(event: WebhookEvent, sessionId: string, artefacts: string[]): void {
    if (this.closed) return;
    const pending = this.store.pendingWebhookDeliveries();
    for (const webhook of readWebhooks(this.dataDirectory)) {
      if (!webhook.enabled || !webhook.events.includes(event)) continue;
      // The body is read when it is sent, so one waiting delivery of the session can carry both changes.
      const waiting = pending.find(
        (delivery) =>
          delivery.webhookId === webhook.id &&
          delivery.event === event &&
          delivery.sessionId === sessionId &&
          !this.inFlight.has(delivery.id),
      );
      if (waiting !== undefined) {
        const merged = [...new Set([...waiting.artefacts, ...artefacts])];
        this.store.putWebhookDelivery({ ...waiting, artefacts: merged, updatedAt: this.clock.now() });
        continue;
      }
      this.store.putWebhookDelivery(this.newDelivery(webhook, event, sessionId, artefacts));
    }
    this.schedule();
  }

  private newDelivery(
    webhook: StoredWebhook,
    event: DeliveredEvent,
    sessionId: string | null,
    artefacts: string[],
  ): WebhookDeliveryRecord {
    const now = this.clock.now();
    return {
      id: randomUUID(),
      webhookId: webhook.id,
      address: webhookAddress(webhook.url),
      event,
      sessionId,
      artefacts,
      state: 'pending',
      attempts: 0,
      lastStatus: null,
      lastError: null,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** Starts what is due (a few at a time) and sets the timer for the next one. */
  private schedule(): void {
    this.safely('could not plan the next attempts', () => this.scheduleDue());
  }

  private scheduleDue(): void {
    if (this.closed) return;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const now = this.clock.now();
    const dueAt = (delivery: WebhookDeliveryRecord) =>
      Math.max(delivery.nextAttemptAt ?? now, this.heldUntil.get(delivery.id) ?? now);
    const waiting = this.store
      .pendingWebhookDeliveries()
      .filter((delivery) => !this.inFlight.has(delivery.id));
    for (const delivery of waiting) {
      if (this.inFlight.size >= parallelAttempts) return;
      if (dueAt(delivery) <= now) void this.attempt(delivery);
    }
    const later = waiting.filter((delivery) => !this.inFlight.has(delivery.id)).map(dueAt);
    if (later.length > 0) {
      this.cancelTimer = this.clock.setTimeout(() => this.schedule(), Math.max(0, Math.min(...later) - now));
    }
  }

  private attempt(delivery: WebhookDeliveryRecord): Promise<WebhookDeliveryRecord> {
    const attempt = this.attemptOnce(delivery)
      .catch((error: unknown) => {
        this.report(`could not attempt delivery ${delivery.id}`, error);
        this.heldUntil.set(delivery.id, this.clock.now() + heldAfterFailureMs);
        return delivery;
      })
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.schedule();
      });
    this.inFlight.set(delivery.id, attempt);
    return attempt;
  }

  private async attemptOnce(delivery: WebhookDeliveryRecord): Promise<WebhookDeliveryRecord> {
    const webhook = readWebhooks(this.dataDirectory).find((candidate) => candidate.id === delivery.webhookId);
    if (webhook === undefined) return this.end(delivery, 'failed', 'The webhook was removed.');
    if (!webhook.enabled && delivery.event !== 'webhook.test') {
      return this.end(
        delivery,
        'failed',
        'The webhook is switched off; retry this delivery once it is on again.',
      );
    }
    const body = webhookPayload(this.store, delivery);
    if (body === undefined)
      return this.end(delivery, 'failed', 'The session was deleted before it was sent.');
    const attempts = delivery.attempts + 1;
    const timestamp = Math.floor(this.clock.now() / 1000);
    const headers = deliveryHeaders({
      id: delivery.id,
      event: delivery.event,
      attempt: attempts,
      timestamp,
      signature: webhookSignature(webhook.secret, timestamp, body),
    });
    const timeout = new AbortController();
    const cancelTimeout = this.clock.setTimeout(() => timeout.abort(), this.attemptTimeoutMs);
    const outcome = await postWebhook({
      url: webhook.url,
      body,
      headers,
      signal: AbortSignal.any([timeout.signal, this.stopping.signal]),
      send: this.send,
      timeoutSeconds: this.attemptTimeoutMs / 1000,
      now: this.clock.now(),
    }).finally(cancelTimeout);
    if (outcome.status === null && this.stopping.signal.aborted) return delivery;
    const attempted = { ...delivery, attempts, lastStatus: outcome.status };
    if (outcome.error === null) return this.end(attempted, 'delivered', null);
    if (outcome.status === 410) {
      const reason = 'The receiver answered 410 Gone, so Earshot switched the webhook off.';
      this.changeWebhook(webhook.id, (current) => ({ ...current, enabled: false, disabledBecause: reason }));
      this.log(`Webhook ${webhook.name || webhook.id} (${webhookAddress(webhook.url)}): ${reason}`);
      this.endPendingOf(webhook.id, reason);
      return this.end(attempted, 'failed', reason);
    }
    const delayMs =
      delivery.event === 'webhook.test'
        ? undefined
        : retryDelayMs(attempts, this.random, outcome.retryAfterMs);
    if (delayMs === undefined) return this.end(attempted, 'failed', outcome.error);
    const retrying: WebhookDeliveryRecord = {
      ...attempted,
      state: 'pending',
      lastError: outcome.error,
      nextAttemptAt: this.clock.now() + delayMs,
      updatedAt: this.clock.now(),
    };
    this.store.putWebhookDelivery(retrying);
    return retrying;
  }

  private end(
    delivery: WebhookDeliveryRecord,
    state: 'delivered' | 'failed',
    error: string | null,
  ): WebhookDeliveryRecord {
    const ended = { ...delivery, state, lastError: error, nextAttemptAt: null, updatedAt: this.clock.now() };
    this.store.putWebhookDelivery(ended);
    return ended;
  }

  private endPendingOf(webhookId: string, reason: string): void {
    for (const delivery of this.store.pendingWebhookDeliveries()) {
      if (delivery.webhookId === webhookId && !this.inFlight.has(delivery.id)) {
        this.end(delivery, 'failed', reason);
      }
    }
  }

  /** Runs `work`; a failure is logged (in words that hold no URL or secret), never thrown. */
  private safely(what: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.report(what, error);
    }
  }

  private report(what: string, error: unknown): void {
    this.log(`Webhooks ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }

  private changeWebhook(
    id: string,
    change: (webhook: StoredWebhook) => StoredWebhook,
  ): StoredWebhook | undefined {
    let changed: StoredWebhook | undefined;
    const webhooks = readWebhooks(this.dataDirectory).map((webhook) => {
      if (webhook.id !== id) return webhook;
      changed = change(webhook);
      return changed;
    });
    if (changed !== undefined) writeWebhooks(this.dataDirectory, webhooks);
    return changed;
  }
}

function viewOf({ id, name, url, enabled, events, createdAt, disabledBecause }: StoredWebhook): WebhookView {
  return { id, name, address: webhookAddress(url), enabled, events, createdAt, disabledBecause };
}
