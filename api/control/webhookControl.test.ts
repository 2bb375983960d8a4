import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { WebhookDeliveries } from '../../actors/webhooks/webhookDeliveries.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { hasValidSignature, startWebhookReceiver } from '../../test/support/webhookReceiver.ts';
import { controlRequest } from '../testing/controlRequest.ts';
import { createWebhookControl } from './webhookControl.ts';
import type { WebhookView } from '../../actors/webhooks/webhookDeliveries.ts';
import type { WebhookDeliveryRecord } from '../../store/webhookDeliveryTable.ts';

/** Whichever of the routes' answers and refusals a call got. */
type Answer = Partial<WebhookView & WebhookDeliveryRecord> & {
  code?: string;
  fields?: Record<string, string>;
  webhook?: WebhookView;
  secret?: string;
  webhooks?: WebhookView[];
  deliveries?: WebhookDeliveryRecord[];
};

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let webhooks: WebhookDeliveries;
let app: Hono;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** Every answer's body, to show that none gave the URL away. */
let answered: string[];

beforeEach(async () => {
  directory = temporaryDirectory('webhook-control');
  store = SessionStore.open(directory.path);
  webhooks = new WebhookDeliveries({ store, dataDirectory: directory.path, events: new ServiceEventFeed() });
  webhooks.start();
  app = new Hono().route('/control/v1', createWebhookControl({ webhooks }));
  receiver = await startWebhookReceiver([500]);
  answered = [];
});
afterEach(async () => {
  await webhooks.close();
  await receiver.close();
  store.close();
  directory.remove();
});

async function call(method: string, path: string, body?: unknown) {
  const { status, text } = await controlRequest(app, method, path, body);
  answered.push(text);
  return { status, json: (text === '' ? {} : JSON.parse(text)) as Answer };
}

describe('the webhook routes', () => {
  it('add a webhook, giving its secret once and never its URL', async () => {
    const added = await call('POST', '/webhooks', { url: ` ${receiver.url} `, name: 'Notes bot' });
    expect(added.status).toBe(201);
    expect(added.json.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(added.json.webhook).toEqual({
      id: expect.any(String) as unknown,
      name: 'Notes bot',
      address: receiver.origin,
      enabled: true,
      events: ['session.completed', 'ai.updated'],
      createdAt: expect.any(Number) as unknown,
      disabledBecause: null,
    });
    const listed = await call('GET', '/webhooks');
    expect(listed.json).toEqual({ webhooks: [added.json.webhook] });
    expect(answered.slice(1).join('')).not.toContain(added.json.secret!);
    expect(answered.join('')).not.toContain('T0KEN');
  });

  it('refuse a URL that is not http(s), unknown fields and no events, without echoing the URL', async () => {
    const refused = await call('POST', '/webhooks', { url: 'ftp://files.example/T0KEN' });
    expect(refused).toMatchObject({
      status: 400,
      json: { code: 'invalid_request', fields: { url: 'Give an http:// or https:// URL.' } },
    });
    expect((await call('POST', '/webhooks', { url: receiver.url, secret: 'mine' })).json.fields).toEqual({
      secret: 'Unknown field; leave it out.',
    });
    expect((await call('POST', '/webhooks', { url: receiver.url, events: [] })).json.fields).toEqual({
      events: 'Choose at least one event.',
    });
    expect(answered.join('')).not.toContain('T0KEN');
    expect((await call('GET', '/webhooks')).json.webhooks).toEqual([]);
  });

  it('keep at most 20 webhooks', async () => {
    for (let index = 0; index < 20; index += 1) await call('POST', '/webhooks', { url: receiver.url });
    const refused = await call('POST', '/webhooks', { url: receiver.url });
    expect(refused).toMatchObject({ status: 409, json: { code: 'conflict' } });
    expect((await call('GET', '/webhooks')).json.webhooks).toHaveLength(20);
  });

  it('switch a webhook off and on, rename it and remove it; an unknown one is 404', async () => {
    const { id } = (await call('POST', '/webhooks', { url: receiver.url })).json.webhook!;
    expect((await call('PATCH', `/webhooks/${id}`, { enabled: false, name: 'Paused' })).json).toMatchObject({
      enabled: false,
      name: 'Paused',
    });
    expect(
      (await call('PATCH', `/webhooks/${id}`, { events: ['ai.updated', 'ai.updated'] })).json.events,
    ).toEqual(['ai.updated']);
    expect((await call('PATCH', `/webhooks/${id}`, { enabled: 'yes' })).status).toBe(400);
    expect((await call('PATCH', '/webhooks/nothing', { enabled: true })).json.code).toBe('webhook_not_found');
    expect((await call('DELETE', `/webhooks/${id}`)).status).toBe(204);
    expect((await call('DELETE', `/webhooks/${id}`)).json.code).toBe('webhook_not_found');
    expect((await call('GET', '/webhooks')).json.webhooks).toEqual([]);
  });

  it('send a signed test, show it in the log and retry it; refuse what cannot be retried', async () => {
    const added = (await call('POST', '/webhooks', { url: receiver.url })).json;
    const tested = await call('POST', `/webhooks/${added.webhook!.id}/test`);
    expect(tested).toMatchObject({
      status: 200,
      json: {
        event: 'webhook.test',
        state: 'failed',
        attempts: 1,
        lastStatus: 500,
        address: receiver.origin,
      },
    });
    expect(hasValidSignature(receiver.received[0]!, added.secret!)).toBe(true);
    expect((await call('GET', '/webhooks/deliveries')).json.deliveries).toEqual([tested.json]);

    const retried = await call('POST', `/webhooks/deliveries/${tested.json.id!}/retry`);
    expect(retried.json).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 });
    expect((await call('POST', `/webhooks/deliveries/${tested.json.id!}/retry`)).json.code).toBe(
      'invalid_state',
    );
    expect((await call('POST', '/webhooks/deliveries/nothing/retry')).json.code).toBe('delivery_not_found');
    expect((await call('POST', '/webhooks/nothing/test')).json.code).toBe('webhook_not_found');
    expect((await call('GET', '/webhooks/deliveries?limit=0')).json.code).toBe('invalid_query');
    expect(receiver.received).toHaveLength(2);
    expect(answered.slice(1).join('')).not.toContain(added.secret!);
    expect(answered.join('')).not.toContain('T0KEN');
  });
});
