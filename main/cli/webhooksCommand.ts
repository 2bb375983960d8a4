import { createInterface } from 'node:readline/promises';
import type { Readable } from 'node:stream';
import { ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { WebhookDeliveries, type WebhookView } from '../../actors/webhooks/webhookDeliveries.ts';
import { fieldMessages } from '../../api/control/requestBody.ts';
import { createWebhookControl, newWebhookSchema } from '../../api/control/webhookControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import type { WebhookDeliveryRecord } from '../../store/webhookDeliveryTable.ts';
import { ControlClient, type ControlMethod } from '../controlClient.ts';
import { clockTime } from './clockTime.ts';
import { UsageError } from './usage.ts';

const usageLine =
  'Use: earshot webhooks list | add [--name N] [--only EVENT] | enable|disable|remove|test ID | log [--limit N] | retry DELIVERY';

/**
 * `earshot webhooks …`: the outgoing webhooks and their delivery log, through the running service
 * when there is one, else by the same routes (api/control/webhookControl.ts) run in this process on
 * the data directory. A webhook's URL is read from standard input, never taken as an argument:
 * other users of the computer can read a command line, and many webhook URLs hold a token.
 */
export async function webhooksCommand(
  dataDirectory: string,
  action: string | undefined,
  id: string | undefined,
  options: { name?: string; only?: string; limit?: string; json?: boolean },
  input: Readable & { isTTY?: boolean } = process.stdin,
): Promise<void> {
  const call = webhookRoutes(dataDirectory);
  const print = (answer: unknown, text: () => string) =>
    console.log(options.json === true ? JSON.stringify(answer, null, 2) : text());
  switch (action ?? 'list') {
    case 'list': {
      const { webhooks } = await call<{ webhooks: WebhookView[] }>('GET', '/webhooks');
      if (webhooks.length === 0 && options.json !== true) {
        console.error('No webhooks yet; "earshot webhooks add" adds one.');
      }
      return print(webhooks, () => webhooks.map(webhookLine).join('\n'));
    }
    case 'add': {
      const body = {
        url: await readUrl(input),
        ...(options.name === undefined ? {} : { name: options.name }),
        ...(options.only === undefined
          ? {}
          : { events: options.only.split(',').map((event) => event.trim()) }),
      };
      // Checked here as the route checks it, so that a refusal names the field (the URL never).
      const checked = newWebhookSchema.safeParse(body);
      if (!checked.success) {
        const problems = Object.entries(fieldMessages(checked.error));
        throw new Error(problems.map(([field, message]) => `${field}: ${message}`).join(' '));
      }
      const added = await call<{ webhook: WebhookView; secret: string }>('POST', '/webhooks', body);
      return print(
        added,
        () =>
          `Added ${webhookLine(added.webhook)}\n\nSigning secret (shown this once; the receiver checks X-Earshot-Signature with it):\n${added.secret}`,
      );
    }
    case 'enable':
    case 'disable': {
      const changed = await call<WebhookView>('PATCH', `/webhooks/${required(id)}`, {
        enabled: action === 'enable',
      });
      return print(changed, () => webhookLine(changed));
    }
    case 'remove':
      await call('DELETE', `/webhooks/${required(id)}`);
      return void console.log(`Removed webhook ${required(id)}; its deliveries stay in the log.`);
    case 'test': {
      const delivery = await call<WebhookDeliveryRecord>('POST', `/webhooks/${required(id)}/test`);
      return print(delivery, () => deliveryLine(delivery));
    }
    case 'log': {
      const limit = options.limit === undefined ? '' : `?limit=${encodeURIComponent(options.limit)}`;
      const { deliveries } = await call<{ deliveries: WebhookDeliveryRecord[] }>(
        'GET',
        `/webhooks/deliveries${limit}`,
      );
      if (deliveries.length === 0 && options.json !== true) console.error('No deliveries yet.');
      return print(deliveries, () => deliveries.map(deliveryLine).join('\n'));
    }
    case 'retry': {
      const delivery = await call<WebhookDeliveryRecord>(
        'POST',
        `/webhooks/deliveries/${encodeURIComponent(required(id))}/retry`,
      );
      return print(delivery, () => deliveryLine(delivery));
    }
    default:
      throw new UsageError(usageLine);
  }
}

function required(id: string | undefined): string {
  if (id === undefined) throw new UsageError(usageLine);
  return encodeURIComponent(id);
}

/** One line from standard input: typed at a prompt, or piped (`pass show hook | earshot webhooks add`). */
async function readUrl(input: Readable & { isTTY?: boolean }): Promise<string> {
  const lines = createInterface({ input, output: process.stderr, terminal: input.isTTY === true });
  try {
    if (input.isTTY === true) return await lines.question('Webhook URL: ');
    for await (const line of lines) return line;
    throw new Error('Give the webhook URL on standard input (it is never taken as an argument).');
  } finally {
    lines.close();
  }
}

function webhookLine(webhook: WebhookView): string {
  const state = webhook.enabled
    ? 'on'
    : `off${webhook.disabledBecause === null ? '' : ` (${webhook.disabledBecause})`}`;
  const name = webhook.name === '' ? '' : ` "${webhook.name}"`;
  return `${webhook.id}${name} ${webhook.address} [${webhook.events.join(', ')}] ${state}`;
}

function deliveryLine(delivery: WebhookDeliveryRecord): string {
  const when = new Date(delivery.createdAt).toISOString();
  const about = delivery.sessionId === null ? '' : ` session ${delivery.sessionId}`;
  const status = delivery.lastStatus === null ? '' : ` HTTP ${delivery.lastStatus}`;
  const next =
    delivery.nextAttemptAt === null
      ? ''
      : `, next attempt in ${clockTime(Math.max(0, delivery.nextAttemptAt - Date.now()))}`;
  const error = delivery.lastError === null ? '' : `: ${delivery.lastError}`;
  return `${delivery.id} ${when} ${delivery.event}${about} → ${delivery.address}: ${delivery.state} after ${delivery.attempts} attempt(s)${status}${error}${next}`;
}

/** The running service's routes, or the same routes on the data directory when none runs. */
function webhookRoutes(
  dataDirectory: string,
): <Answer>(method: ControlMethod, path: string, body?: unknown) => Promise<Answer> {
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client !== undefined) return (method, path, body) => client.call(method, path, body);
  return async <Answer>(method: ControlMethod, path: string, body?: unknown) => {
    const store = SessionStore.open(dataDirectory);
    const webhooks = new WebhookDeliveries({ store, dataDirectory, events: new ServiceEventFeed() });
    try {
      const response = await createWebhookControl({ webhooks }).request(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => ({}))) as Answer & {
        error?: string;
        fields?: Record<string, string>;
      };
      if (!response.ok) {
        const fields = Object.entries(answer.fields ?? {}).map(([field, message]) => `${field}: ${message}`);
        throw new Error([answer.error ?? `The service answered ${response.status}.`, ...fields].join(' '));
      }
      return answer;
    } finally {
      await webhooks.close();
      store.close();
    }
  };
}
