/**
 * The outgoing webhooks' routes (control/webhookControl.ts), as the full OpenAPI document states
 * them; part of the private operations' table.
 */
import {
  newWebhookAnswerSchema,
  newWebhookSchema,
  webhookChangeSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
} from '../control/webhookControl.ts';
import { webhookDeliverySchema } from '../../store/webhookDeliveryTable.ts';
import type { PrivateOperation } from './privateOperations.ts';

const webhookId = { description: 'Webhook id', example: '5d3c1b2a-8e7f-4a6b-9c0d-1e2f3a4b5c6d' };
const deliveryId = { description: 'Delivery id', example: 'b7e2c9d4-1a3f-4e5b-8c6d-7f8a9b0c1d2e' };
const deliveryAnswer = {
  status: 200 as const,
  description: 'The delivery as the attempt left it: delivered, pending its next attempt, or failed',
  schema: webhookDeliverySchema,
};

export const webhookRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/webhooks',
    operationId: 'listWebhooks',
    summary: 'The outgoing webhooks, each with its address (scheme and host; never the URL) and events',
    answer: { status: 200, description: 'The webhooks', schema: webhookListSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/webhooks',
    operationId: 'addWebhook',
    summary: 'Adds a webhook, switched on, with a new signing secret given out this once',
    body: {
      kind: 'json',
      schema: newWebhookSchema,
      description:
        'url: http(s); name: a label; events: session.completed and/or ai.updated (both when left out)',
      example: {
        url: 'https://hooks.example.com/earshot',
        name: 'Meeting notes',
        events: ['session.completed'],
      },
    },
    answer: { status: 201, description: 'The webhook and its secret', schema: newWebhookAnswerSchema },
    errors: ['invalid_request', 'conflict'],
  },
  {
    method: 'patch',
    path: '/webhooks/{id}',
    operationId: 'changeWebhook',
    summary:
      'Renames a webhook, switches it on or off, or chooses its events; switching off ends its pending deliveries',
    id: webhookId,
    body: {
      kind: 'json',
      schema: webhookChangeSchema,
      description: 'Any of name, enabled, events',
      example: { enabled: true },
    },
    answer: { status: 200, description: 'The webhook', schema: webhookSchema },
    errors: ['invalid_request', 'webhook_not_found'],
  },
  {
    method: 'delete',
    path: '/webhooks/{id}',
    operationId: 'removeWebhook',
    summary: 'Removes a webhook with its URL and secret; its deliveries stay in the log',
    id: webhookId,
    answer: { status: 204, description: 'Removed', mediaTypes: [] },
    errors: ['webhook_not_found'],
  },
  {
    method: 'post',
    path: '/webhooks/{id}/test',
    operationId: 'testWebhook',
    summary: 'Sends the webhook a signed webhook.test event once, now, and answers with how it went',
    id: webhookId,
    answer: deliveryAnswer,
    errors: ['webhook_not_found'],
  },
  {
    method: 'get',
    path: '/webhooks/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'The delivery log, newest first: event, session, attempts, last status or error, next attempt',
    query: [
      {
        name: 'limit',
        description: 'How many deliveries, 1–500 (default 100)',
        schema: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
        example: '50',
      },
    ],
    answer: { status: 200, description: 'The deliveries', schema: webhookDeliveryListSchema },
    errors: ['invalid_query'],
  },
  {
    method: 'post',
    path: '/webhooks/deliveries/{id}/retry',
    operationId: 'retryWebhookDelivery',
    summary: 'Attempts a pending or failed delivery now',
    id: deliveryId,
    answer: deliveryAnswer,
    errors: ['delivery_not_found', 'invalid_state', 'conflict'],
  },
];
