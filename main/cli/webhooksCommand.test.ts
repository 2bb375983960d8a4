import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { WebhookDeliveries } from '../../actors/webhooks/webhookDeliveries.ts';
import { createWebhookControl } from '../../api/control/webhookControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { readWebhooks } from '../../store/webhookSettings.ts';
import { captureConsole } from '../../test/support/consoleCapture.ts';
import { serveControlRoutes } from '../../test/support/controlRoutesService.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { hasValidSignature, startWebhookReceiver } from '../../test/support/webhookReceiver.ts';
import { UsageError } from './usage.ts';
import { webhooksCommand } from './webhooksCommand.ts';

const output = captureConsole();
let directory: ReturnType<typeof temporaryDirectory>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeEach(async () => {
  directory = temporaryDirectory('webhooks-command');
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  directory.remove();
});

/** Standard input as a pipe gives it: the URL on one line. */
const piped = (text: string) => Readable.from([`${text}\n`]);

describe('earshot webhooks, without a service', () => {
  it('adds a webhook from standard input, prints its secret once, and never its URL', async () => {
    await webhooksCommand(directory.path, 'add', undefined, { name: 'Notes bot' }, piped(receiver.url));
    const [stored] = readWebhooks(directory.path);
    expect(stored).toMatchObject({ name: 'Notes bot', url: receiver.url, enabled: true });
    expect(output.text()).toContain(stored!.secret);
    expect(output.text()).toContain(
      `${stored!.id} "Notes bot" ${receiver.origin} [session.completed, ai.updated] on`,
    );

    await webhooksCommand(directory.path, 'disable', stored!.id, {});
    await webhooksCommand(directory.path, 'list', undefined, {});
    expect(output.text().split('\n').at(-1)).toBe(
      `${stored!.id} "Notes bot" ${receiver.origin} [session.completed, ai.updated] off`,
    );
    await webhooksCommand(directory.path, 'remove', stored!.id, {});
    expect(readWebhooks(directory.path)).toEqual([]);
    expect(output.text()).not.toContain('T0KEN');
    expect(output.text().split(stored!.secret)).toHaveLength(2);
  });

  it('refuses a URL that is not http(s) or an unknown event, naming the field and not the URL', async () => {
    await expect(
      webhooksCommand(directory.path, 'add', undefined, {}, piped('ftp://files.example/T0KEN')),
    ).rejects.toThrow('url: Give an http:// or https:// URL.');
    await expect(
      webhooksCommand(directory.path, 'add', undefined, { only: 'session.started' }, piped(receiver.url)),
    ).rejects.toThrow(/^events: /);
    await expect(webhooksCommand(directory.path, 'remove', 'nothing', {})).rejects.toThrow(
      'There is no webhook nothing; it may have been removed.',
    );
    await expect(webhooksCommand(directory.path, 'enable', undefined, {})).rejects.toThrow(UsageError);
    await expect(webhooksCommand(directory.path, 'shout', undefined, {})).rejects.toThrow(UsageError);
    expect(readWebhooks(directory.path)).toEqual([]);
  });
});

describe('earshot webhooks, with the service running', () => {
  let store: SessionStore;
  let webhooks: WebhookDeliveries;
  let stopService: () => Promise<void>;

  beforeEach(async () => {
    store = SessionStore.open(directory.path);
    webhooks = new WebhookDeliveries({
      store,
      dataDirectory: directory.path,
      events: new ServiceEventFeed(),
    });
    stopService = await serveControlRoutes(
      directory.path,
      new Hono().route('/', createWebhookControl({ webhooks })),
    );
  });
  afterEach(async () => {
    await stopService();
    await webhooks.close();
    store.close();
  });

  it('adds, tests and shows the log through the service', async () => {
    await webhooksCommand(
      directory.path,
      'add',
      undefined,
      { only: 'ai.updated', json: true },
      piped(receiver.url),
    );
    const added = JSON.parse(output.text()) as { webhook: { id: string; events: string[] }; secret: string };
    expect(added.webhook.events).toEqual(['ai.updated']);

    await webhooksCommand(directory.path, 'test', added.webhook.id, {});
    expect(receiver.received).toHaveLength(1);
    expect(hasValidSignature(receiver.received[0]!, added.secret)).toBe(true);
    const [delivery] = store.listWebhookDeliveries(1);
    const line = `${delivery!.id} ${new Date(delivery!.createdAt).toISOString()} webhook.test → ${receiver.origin}: delivered after 1 attempt(s) HTTP 200`;
    expect(output.text().split('\n').at(-1)).toBe(line);

    await webhooksCommand(directory.path, 'log', undefined, {});
    expect(output.text().split('\n').at(-1)).toBe(line);
    await webhooksCommand(directory.path, 'retry', delivery!.id, {}).catch((error: Error) =>
      console.log(`refused: ${error.message}`),
    );
    expect(output.text().split('\n').at(-1)).toBe(
      'refused: This delivery has been delivered; there is nothing to retry.',
    );
    expect(output.text()).not.toContain('T0KEN');
  });
});
