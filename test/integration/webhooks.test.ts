import { afterEach, beforeEach, expect, it } from 'vitest';
import { controlBasePath } from '../../api/control/controlBasePath.ts';
import { startService, type RunningService } from '../../main/service.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { writeWebhooks } from '../../store/webhookSettings.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { hasValidSignature, startWebhookReceiver } from '../support/webhookReceiver.ts';

/**
 * Webhooks in the running service: a delivery left pending by the last run is sent when it starts,
 * and a session that completes in it is sent, signed, with its transcript; the service's answers
 * and its log never hold the URL's path.
 */
let directory: ReturnType<typeof temporaryDirectory>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let service: RunningService | undefined;
const secret = 'whsec_integration-test-secret';

beforeEach(async () => {
  directory = temporaryDirectory('webhooks-service');
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await receiver.close();
  directory.remove();
});

it('sends the delivery a previous run left pending, then each session that completes', async () => {
  const store = SessionStore.open(directory.path);
  const earlier = store.createSession({ title: 'Left pending', providerId: 'deepgram' });
  store.setSessionStatus(earlier.id, 'completed');
  store.putWebhookDelivery({
    id: 'pending-delivery',
    webhookId: 'w1',
    address: receiver.origin,
    event: 'session.completed',
    sessionId: earlier.id,
    artefacts: [],
    state: 'pending',
    attempts: 1,
    lastStatus: 503,
    lastError: 'The receiver answered 503.',
    nextAttemptAt: Date.now() - 1_000,
    createdAt: Date.now() - 60_000,
    updatedAt: Date.now() - 60_000,
  });
  store.close();
  writeWebhooks(directory.path, [
    {
      id: 'w1',
      name: 'Notes bot',
      url: receiver.url,
      secret,
      enabled: true,
      events: ['session.completed', 'ai.updated'],
      createdAt: Date.now(),
      disabledBecause: null,
    },
  ]);

  service = await startService({ dataDirectory: directory.path, port: 0 });
  await expect.poll(() => receiver.received.length).toBe(1);
  expect(receiver.received[0]?.headers).toMatchObject({
    'x-earshot-delivery': 'pending-delivery',
    'x-earshot-attempt': '2',
  });

  const { store: running } = service;
  const session = running.createSession({ title: 'Standup', providerId: 'deepgram' });
  running.appendSegment(session.id, { text: 'All green today.', startMs: 0, endMs: 1_200 });
  running.setSessionStatus(session.id, 'completed');
  await expect.poll(() => receiver.received.length).toBe(2);
  const [, delivered] = receiver.received;
  expect(hasValidSignature(delivered!, secret)).toBe(true);
  expect(JSON.parse(delivered!.body)).toMatchObject({
    event: 'session.completed',
    session: { id: session.id, title: 'Standup', status: 'completed' },
    segments: [{ text: 'All green today.' }],
  });

  const log = await fetch(`${service.baseUrl}${controlBasePath}/webhooks/deliveries`, {
    headers: { Authorization: `Bearer ${service.launchSecret}` },
  });
  const text = await log.text();
  expect(JSON.parse(text)).toMatchObject({
    deliveries: [
      { sessionId: session.id, state: 'delivered', attempts: 1 },
      { id: 'pending-delivery', state: 'delivered', attempts: 2 },
    ],
  });
  expect(text).not.toContain('T0KEN');
});
