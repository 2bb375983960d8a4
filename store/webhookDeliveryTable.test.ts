import { afterEach, beforeEach, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { SessionStore } from './sessionStore.ts';
import { keptDeliveries, type WebhookDeliveryRecord } from './webhookDeliveryTable.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('webhook-deliveries');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

function delivery(index: number, state: WebhookDeliveryRecord['state']): WebhookDeliveryRecord {
  return {
    id: `d${String(index).padStart(4, '0')}`,
    webhookId: 'w1',
    address: 'https://hooks.example.com',
    event: 'ai.updated',
    sessionId: 's1',
    artefacts: ['summary'],
    state,
    attempts: 1,
    lastStatus: 500,
    lastError: 'The receiver answered 500.',
    nextAttemptAt: state === 'pending' ? 1_000 + index : null,
    createdAt: index,
    updatedAt: index,
  };
}

it('keeps the newest ended deliveries up to its bound, and every pending one', () => {
  for (let index = 0; index < 3; index += 1) store.putWebhookDelivery(delivery(index, 'pending'));
  for (let index = 3; index < keptDeliveries + 13; index += 1) {
    store.putWebhookDelivery(delivery(index, index % 2 === 0 ? 'failed' : 'delivered'));
  }
  const kept = store.listWebhookDeliveries(1_000);
  expect(kept).toHaveLength(keptDeliveries + 3);
  expect(kept[0]?.id).toBe(`d0${keptDeliveries + 12}`);
  expect(kept.filter((record) => record.state !== 'pending').at(-1)?.id).toBe('d0013');
  expect(store.pendingWebhookDeliveries().map((record) => record.id)).toEqual(['d0000', 'd0001', 'd0002']);
  expect(store.getWebhookDelivery('d0000')).toEqual(delivery(0, 'pending'));
});

it('survives a reopening of the store', () => {
  store.putWebhookDelivery(delivery(7, 'pending'));
  store.close();
  store = SessionStore.open(directory.path);
  expect(store.pendingWebhookDeliveries()).toEqual([delivery(7, 'pending')]);
});
