import { Hono } from 'hono';
import { z } from 'zod';
import { mostWebhooks, type WebhookDeliveries } from '../../actors/webhooks/webhookDeliveries.ts';
import { webhookDeliverySchema, webhookEvents } from '../../store/webhookDeliveryTable.ts';
import { errorResponse, sendJson } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';

const eventsField = z
  .array(z.enum(webhookEvents))
  .min(1, 'Choose at least one event.')
  .transform((events) => [...new Set(events)])
  .meta({ description: 'The events the webhook is sent; both when left out' });

const nameField = z.string().trim().max(100, 'At most 100 characters.');

export const newWebhookSchema = z.strictObject({
  url: z
    .string()
    .trim()
    .max(2_000, 'At most 2,000 characters.')
    .refine(isWebAddress, 'Give an http:// or https:// URL.')
    .meta({ description: 'Where deliveries are POSTed; kept in the secrets file and never shown again' }),
  name: nameField.optional().meta({ description: 'A label of your own' }),
  events: eventsField.optional(),
});

export const webhookChangeSchema = z.strictObject({
  name: nameField.optional(),
  enabled: z.boolean().optional(),
  events: eventsField.optional(),
});

export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().meta({ description: "The URL's scheme and host only: its path may hold a token" }),
  enabled: z.boolean(),
  events: z.array(z.enum(webhookEvents)),
  createdAt: z.number(),
  disabledBecause: z
    .string()
    .nullable()
    .meta({ description: 'Why Earshot switched it off (its receiver answered 410 Gone); null otherwise' }),
});

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

export const newWebhookAnswerSchema = z.object({
  webhook: webhookSchema,
  secret: z.string().meta({
    description: 'The signing secret, given out this once: the receiver checks X-Earshot-Signature with it',
  }),
});

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

const newUsage =
  'Send {"url": "https://…", "name"?: "<label>", "events"?: ["session.completed", "ai.updated"]}.';
const changeUsage = 'Send any of {"name": "<label>", "enabled": true|false, "events": [...]}.';
const mostListed = 500;

/**
 * The outgoing webhooks on the control channel (actors/webhooks/webhookDeliveries.ts does the work):
 * - `GET /webhooks` → `{webhooks}`; `POST /webhooks` `{url, name?, events?}` → `201 {webhook, secret}`,
 *   the secret shown this once; `PATCH /webhooks/:id` `{name?, enabled?, events?}` → the webhook;
 *   `DELETE /webhooks/:id` → 204
 * - `POST /webhooks/:id/test` → the test delivery, once it has been attempted
 * - `GET /webhooks/deliveries?limit=` → `{deliveries}`, newest first;
 *   `POST /webhooks/deliveries/:id/retry` → the delivery, once attempted again
 * No answer holds a webhook's URL (only its scheme and host) or, but for its creation, its secret.
 */
export function createWebhookControl(dependencies: { webhooks: WebhookDeliveries }): Hono {
  const { webhooks } = dependencies;
  const app = new Hono();
  const webhookNotFound = (id: string) =>
    errorResponse('webhook_not_found', `There is no webhook ${id}; it may have been removed.`);
  const deliveryNotFound = (id: string) =>
    errorResponse(
      'delivery_not_found',
      `There is no delivery ${id} in the log; it may have been dropped from it.`,
    );

  app.get('/webhooks', (context) => sendJson(context, { webhooks: webhooks.list() }));

  app.post('/webhooks', async (context) => {
    const parsed = await parseJsonBody(context, newWebhookSchema, newUsage);
    if (!parsed.ok) return parsed.response;
    if (webhooks.list().length >= mostWebhooks) {
      return errorResponse(
        'conflict',
        `Earshot keeps at most ${mostWebhooks} webhooks; remove one you no longer use first.`,
      );
    }
    return sendJson(context, webhooks.add(parsed.data), 201);
  });

  app.patch('/webhooks/:id', async (context) => {
    const parsed = await parseJsonBody(context, webhookChangeSchema, changeUsage);
    if (!parsed.ok) return parsed.response;
    const id = context.req.param('id');
    const changed = webhooks.update(id, parsed.data);
    return changed === undefined ? webhookNotFound(id) : sendJson(context, changed);
  });

  app.delete('/webhooks/:id', (context) => {
    const id = context.req.param('id');
    return webhooks.remove(id) ? context.body(null, 204) : webhookNotFound(id);
  });

  app.post('/webhooks/:id/test', async (context) => {
    const id = context.req.param('id');
    const delivery = await webhooks.sendTest(id);
    return delivery === undefined ? webhookNotFound(id) : sendJson(context, delivery);
  });

  app.get('/webhooks/deliveries', (context) => {
    const limit = z.coerce
      .number()
      .int()
      .min(1)
      .max(mostListed)
      .default(100)
      .safeParse(context.req.query('limit'));
    if (!limit.success) {
      return errorResponse('invalid_query', `limit must be a whole number from 1 to ${mostListed}.`);
    }
    return sendJson(context, { deliveries: webhooks.deliveries(limit.data) });
  });

  app.post('/webhooks/deliveries/:id/retry', async (context) => {
    const id = context.req.param('id');
    const retried = await webhooks.retryNow(id);
    switch (retried) {
      case 'not_found':
        return deliveryNotFound(id);
      case 'delivered':
        return errorResponse('invalid_state', 'This delivery has been delivered; there is nothing to retry.');
      case 'in_flight':
        return errorResponse(
          'conflict',
          'This delivery is being attempted now; look at the log again in a moment.',
        );
      default:
        return sendJson(context, retried);
    }
  });

  return app;
}

function isWebAddress(text: string): boolean {
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
  } catch {
    return false;
  }
}
