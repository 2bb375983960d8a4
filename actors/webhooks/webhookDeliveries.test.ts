import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceEventFeed } from '../serviceEvents/serviceEventFeed.ts';
import { writeBackup } from '../../store/backup/writeBackup.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { readWebhooks, writeWebhooks } from '../../store/webhookSettings.ts';
import { closedPort } from '../../test/support/closedPort.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { hasValidSignature, startWebhookReceiver } from '../../test/support/webhookReceiver.ts';
import { WebhookDeliveries, type WebhookClock } from './webhookDeliveries.ts';

/** A clock that moves only when told, firing the timers it passes. */
function manualClock(start: number) {
  let now = start;
  const timers = new Set<{ at: number; callback: () => void }>();
  const clock: WebhookClock = {
    now: () => now,
    setTimeout: (callback, delayMs) => {
      const timer = { at: now + delayMs, callback };
      timers.add(timer);
      return () => timers.delete(timer);
    },
  };
  return {
    clock,
    advance(ms: number) {
      now += ms;
      for (const timer of [...timers].sort((first, second) => first.at - second.at)) {
        if (timer.at > now || !timers.has(timer)) continue;
        timers.delete(timer);
        timer.callback();
      }
    },
  };
}

const start = Date.UTC(2026, 10, 26, 9, 0, 0);
let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let feed: ServiceEventFeed;
let time: ReturnType<typeof manualClock>;
let logged: string[];
let deliveries: WebhookDeliveries;
const closing: Array<() => Promise<void>> = [];

function startDeliveries(): WebhookDeliveries {
  const started = new WebhookDeliveries({
    store,
    dataDirectory: directory.path,
    events: feed,
    clock: time.clock,
    random: () => 0.5,
    log: (line) => logged.push(line),
  });
  started.start();
  return started;
}

async function receiver(answers: Parameters<typeof startWebhookReceiver>[0] = []) {
  const started = await startWebhookReceiver(answers);
  closing.push(() => started.close());
  return started;
}

/** A completed session is told to the feed, and its deliveries' first attempts are made. */
async function sessionCompletes(): Promise<string> {
  const sessionId = completedSession();
  feed.publish({ type: 'session.stopped', sessionId, status: 'completed' });
  await deliveries.settled();
  return sessionId;
}

function completedSession(): string {
  const session = store.createSession({ title: 'Budget review', providerId: 'deepgram' });
  store.appendSegment(session.id, { text: 'We stay under budget.', startMs: 0, endMs: 1800, speaker: 'A' });
  store.setSessionStatus(session.id, 'completed');
  return session.id;
}

beforeEach(() => {
  directory = temporaryDirectory('webhooks');
  store = SessionStore.open(directory.path);
  feed = new ServiceEventFeed();
  time = manualClock(start);
  logged = [];
  deliveries = startDeliveries();
});
afterEach(async () => {
  await deliveries.close();
  for (const close of closing.splice(0)) await close();
  store.close();
  directory.remove();
});

describe('webhook deliveries', () => {
  it('POST a completed session, signed with the webhook’s secret over the timestamp and body', async () => {
    const { url, received } = await receiver();
    const { webhook, secret } = deliveries.add({ url, name: 'Notes bot' });
    const sessionId = completedSession();
    feed.publish({ type: 'session.stopped', sessionId, status: 'completed' });
    await deliveries.settled();

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.path).toBe('/hooks/T0KEN-in-the-path?key=query-secret');
    expect(hasValidSignature(delivery!, secret)).toBe(true);
    expect(hasValidSignature({ ...delivery!, body: `${delivery!.body} ` }, secret)).toBe(false);
    expect(delivery?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-earshot-event': 'session.completed',
      'x-earshot-timestamp': String(start / 1000),
      'x-earshot-attempt': '1',
    });
    const body = JSON.parse(delivery!.body) as Record<string, unknown>;
    const [logged] = deliveries.deliveries(10);
    expect(body).toMatchObject({
      id: logged?.id,
      event: 'session.completed',
      occurredAt: new Date(start).toISOString(),
      artefacts: [],
      session: { id: sessionId, title: 'Budget review', status: 'completed' },
      segments: [{ seq: 0, text: 'We stay under budget.', speaker: 'A', speakerName: 'A' }],
    });
    expect(delivery?.headers['x-earshot-delivery']).toBe(logged?.id);
    expect(logged).toMatchObject({
      webhookId: webhook.id,
      address: new URL(url).origin,
      event: 'session.completed',
      sessionId,
      state: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
  });

  it('retry a 500 after 30 s (with jitter) and log both attempts; no timer is waited for', async () => {
    const { url, received } = await receiver([500, 204]);
    deliveries.add({ url });
    await sessionCompletes();
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatus: 500,
      lastError: 'The receiver answered 500.',
      nextAttemptAt: start + 30_000,
    });

    time.advance(29_999);
    await deliveries.settled();
    expect(received).toHaveLength(1);
    time.advance(1);
    await deliveries.settled();
    expect(received.map((delivery) => delivery.headers['x-earshot-attempt'])).toEqual(['1', '2']);
    expect(received[1]?.headers['x-earshot-delivery']).toBe(received[0]?.headers['x-earshot-delivery']);
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      state: 'delivered',
      attempts: 2,
      lastStatus: 204,
      lastError: null,
    });
  });

  it('wait as long as a 429 or 503 asks (Retry-After), up to 6 h', async () => {
    const { url } = await receiver([
      (response) => response.writeHead(503, { 'Retry-After': '600' }).end(),
      (response) => response.writeHead(429, { 'Retry-After': '86400' }).end(),
      (response) => response.writeHead(500, { 'Retry-After': '3600' }).end(),
    ]);
    deliveries.add({ url });
    await sessionCompletes();
    expect(deliveries.deliveries(1)[0]?.nextAttemptAt).toBe(start + 600_000);
    time.advance(600_000);
    await deliveries.settled();
    expect(deliveries.deliveries(1)[0]?.nextAttemptAt).toBe(start + 600_000 + 21_600_000);
    time.advance(21_600_000);
    await deliveries.settled();
    // A 500's Retry-After is not read: the third failure waits the schedule's 10 minutes.
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      attempts: 3,
      nextAttemptAt: start + 600_000 + 21_600_000 + 600_000,
    });
  });

  it('give up after six attempts, waiting 30 s, 2 min, 10 min, 1 h and 6 h between them', async () => {
    const { url, received } = await receiver(Array.from({ length: 6 }, () => 503));
    deliveries.add({ url });
    await sessionCompletes();
    for (const waitMs of [30_000, 120_000, 600_000, 3_600_000, 21_600_000]) {
      time.advance(waitMs);
      await deliveries.settled();
    }
    expect(received).toHaveLength(6);
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      state: 'failed',
      attempts: 6,
      lastStatus: 503,
      nextAttemptAt: null,
    });
  });

  it('go on with a pending delivery after a restart', async () => {
    const port = await closedPort();
    const { webhook } = deliveries.add({ url: `http://127.0.0.1:${port}/hook` });
    await sessionCompletes();
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatus: null,
      lastError: 'The receiver refused the connection (ECONNREFUSED): is it running?',
    });
    await deliveries.close();
    store.close();

    // The receiver comes up at the webhook's new address while Earshot is stopped.
    const { url, received } = await receiver();
    const webhooks = readWebhooks(directory.path).map((stored) => ({ ...stored, url }));
    writeWebhooks(directory.path, webhooks);
    store = SessionStore.open(directory.path);
    time.advance(60_000);
    deliveries = startDeliveries();
    await deliveries.settled();
    expect(received).toHaveLength(1);
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      webhookId: webhook.id,
      state: 'delivered',
      attempts: 2,
    });
  });

  it('switch a webhook off when its receiver answers 410 Gone', async () => {
    const { url } = await receiver([410]);
    const { webhook } = deliveries.add({ url, name: 'Old bot' });
    await sessionCompletes();
    expect(deliveries.deliveries(1)[0]).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 410 });
    expect(deliveries.list()[0]).toMatchObject({
      id: webhook.id,
      enabled: false,
      disabledBecause: 'The receiver answered 410 Gone, so Earshot switched the webhook off.',
    });
    await sessionCompletes();
    expect(deliveries.deliveries(10)).toHaveLength(1);
    expect(logged).toEqual([
      `Webhook Old bot (${new URL(url).origin}): The receiver answered 410 Gone, so Earshot switched the webhook off.`,
    ]);
  });

  it('follow no redirect to another host', async () => {
    const elsewhere = await receiver();
    const { url, received } = await receiver([
      (response) => response.writeHead(307, { Location: `${elsewhere.url}` }).end(),
    ]);
    deliveries.add({ url });
    await sessionCompletes();
    expect(received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    expect(deliveries.deliveries(1)[0]).toMatchObject({ state: 'pending', lastStatus: 307 });
    expect(deliveries.deliveries(1)[0]?.lastError).toMatch(/redirected the delivery \(307\)/);
  });

  it('follow a 307 on the same host with the same signed body', async () => {
    const { url, origin, received } = await receiver([
      (response) => response.writeHead(307, { Location: '/moved' }).end(),
    ]);
    const { secret } = deliveries.add({ url });
    await sessionCompletes();
    expect(received.map((delivery) => delivery.path)).toEqual([
      '/hooks/T0KEN-in-the-path?key=query-secret',
      '/moved',
    ]);
    expect(hasValidSignature(received[1]!, secret)).toBe(true);
    expect(deliveries.deliveries(1)[0]).toMatchObject({ state: 'delivered', address: origin });
  });

  it('give up an attempt that gets no answer in 10 s, and retry it', async () => {
    const { url, received } = await receiver([() => undefined]);
    deliveries.add({ url });
    feed.publish({ type: 'session.stopped', sessionId: completedSession(), status: 'completed' });
    while (received.length === 0) await new Promise((resolve) => setImmediate(resolve));
    time.advance(10_000);
    await deliveries.settled();
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatus: null,
      lastError: 'No answer within 10 s.',
      nextAttemptAt: start + 10_000 + 30_000,
    });
  });

  it('cut an attempt short when it stops, leaving the delivery pending for the next start', async () => {
    const { url, received } = await receiver([() => undefined]);
    deliveries.add({ url });
    feed.publish({ type: 'session.stopped', sessionId: completedSession(), status: 'completed' });
    while (received.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await deliveries.close();
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: null,
      nextAttemptAt: start,
    });
  });

  it('survive a secrets file that does not read: the event is logged, the delivery waits a minute', async () => {
    writeFileSync(join(directory.path, 'secrets.json'), JSON.stringify({ webhooks: [{ url: 'x' }] }));
    expect(() =>
      feed.publish({ type: 'session.stopped', sessionId: completedSession(), status: 'completed' }),
    ).not.toThrow();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Webhooks could not queue the deliveries of an event: /);

    store.putWebhookDelivery({
      id: 'waiting',
      webhookId: 'w1',
      address: 'https://hooks.example.com',
      event: 'session.completed',
      sessionId: null,
      artefacts: [],
      state: 'pending',
      attempts: 0,
      lastStatus: null,
      lastError: null,
      nextAttemptAt: start,
      createdAt: start,
      updatedAt: start,
    });
    expect(await deliveries.retryNow('waiting')).toMatchObject({ id: 'waiting', state: 'pending' });
    await deliveries.settled();
    expect(logged.slice(1)).toEqual([
      expect.stringMatching(/^Webhooks could not attempt delivery waiting: /),
    ]);
    time.advance(59_999);
    await deliveries.settled();
    expect(logged).toHaveLength(2);
    time.advance(1);
    await deliveries.settled();
    expect(logged).toHaveLength(3);
  });

  it('send ai.updated with the artefacts, one waiting delivery per session carrying every change', async () => {
    const port = await closedPort();
    deliveries.add({ url: `http://127.0.0.1:${port}/hook`, events: ['ai.updated'] });
    const sessionId = completedSession();
    feed.publish({ type: 'session.stopped', sessionId, status: 'completed' });
    feed.publish({ type: 'ai.updated', sessionId, artefacts: ['summary'] });
    await deliveries.settled();
    feed.publish({ type: 'ai.updated', sessionId, artefacts: ['mindMap'] });
    const logged = deliveries.deliveries(10);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ event: 'ai.updated', artefacts: ['summary', 'mindMap'], attempts: 1 });
  });

  it('send nothing to a switched-off webhook, and end its pending deliveries', async () => {
    const port = await closedPort();
    const { webhook } = deliveries.add({ url: `http://127.0.0.1:${port}/hook` });
    await sessionCompletes();
    deliveries.update(webhook.id, { enabled: false });
    expect(deliveries.deliveries(1)[0]).toMatchObject({
      state: 'failed',
      lastError: 'The webhook was switched off; retry this delivery once it is on again.',
    });
    feed.publish({ type: 'session.stopped', sessionId: completedSession(), status: 'completed' });
    expect(deliveries.deliveries(10)).toHaveLength(1);
  });

  it('send a test event once, and retry a failed delivery on request', async () => {
    const { url, received } = await receiver([500, 200]);
    const { webhook, secret } = deliveries.add({ url });
    const tested = await deliveries.sendTest(webhook.id);
    expect(tested).toMatchObject({ event: 'webhook.test', state: 'failed', attempts: 1, lastStatus: 500 });
    expect(JSON.parse(received[0]!.body)).toEqual({
      id: tested?.id,
      event: 'webhook.test',
      occurredAt: new Date(start).toISOString(),
      artefacts: [],
    });
    expect(hasValidSignature(received[0]!, secret)).toBe(true);
    const retried = await deliveries.retryNow(tested!.id);
    expect(retried).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 });
    expect(await deliveries.retryNow(tested!.id)).toBe('delivered');
    expect(await deliveries.retryNow('nothing')).toBe('not_found');
    expect(await deliveries.sendTest('nothing')).toBeUndefined();
  });

  it('never put the URL’s path or the secret in the log, the list, a failure or a backup', async () => {
    const port = await closedPort();
    const { secret } = deliveries.add({ url: `http://127.0.0.1:${port}/hooks/T0KEN-in-the-path` });
    const { url } = await receiver([500]);
    deliveries.add({ url });
    await sessionCompletes();
    const backup: string[] = [];
    await writeBackup(store, (chunk) => void backup.push(chunk));
    expect(backup.join('')).toContain('Budget review');
    const shown = JSON.stringify([deliveries.list(), deliveries.deliveries(10), logged, backup]);
    expect(shown).toContain(`127.0.0.1:${port}`);
    for (const hidden of ['T0KEN', 'query-secret', secret, secret.slice(6)])
      expect(shown).not.toContain(hidden);
    // Only the secrets file holds them.
    const secrets = readFileSync(join(directory.path, 'secrets.json'), 'utf8');
    expect(secrets).toContain(secret);
    expect(secrets).toContain('T0KEN');
  });
});
