import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { earshotProtocols } from '../../providers/live/proxyProtocol.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { signIn } from '../support/browserSignIn.ts';

/** Every WebSocket upgrade on the service's port goes through one router, and each gets an answer. */
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeAll(async () => {
  directory = temporaryDirectory('websocket-router');
  service = await startService({ dataDirectory: directory.path, port: 0 });
});
afterAll(async () => {
  await service.close();
  directory.remove();
});

interface Outcome {
  status?: number;
  body?: string;
  opened?: boolean;
  closeCode?: number;
  messages: unknown[];
}

function connect(
  path: string,
  options: {
    protocols?: string[];
    headers?: Record<string, string>;
    onOpen?: (socket: WebSocket) => void;
  } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${service.port}${path}`, options.protocols ?? [], {
      headers: options.headers,
    });
    const outcome: Outcome = { messages: [] };
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ ...outcome, status: response.statusCode, body }));
    });
    socket.on('open', () => {
      outcome.opened = true;
      options.onOpen?.(socket);
    });
    socket.on('message', (data: Buffer) => outcome.messages.push(JSON.parse(data.toString()) as unknown));
    socket.on('close', (code) => resolve({ ...outcome, closeCode: code }));
    socket.on('error', () => {});
  });
}

const withSecret = () => ({ protocols: earshotProtocols(service.launchSecret) });

describe('WebSocket upgrades', () => {
  it('answers an unknown path with 404', async () => {
    expect(await connect('/ws/nothing-here', withSecret())).toMatchObject({ status: 404 });
    expect(await connect('/ws/whisper-cpp', withSecret())).toMatchObject({ status: 404 });
  });

  it('refuses a foreign Host (DNS rebinding) with 421', async () => {
    const outcome = await connect('/ws/app', {
      ...withSecret(),
      headers: { host: `evil.example:${service.port}` },
    });
    expect(outcome.status).toBe(421);
  });

  it('refuses a page of another origin with 403, even with the secret', async () => {
    const outcome = await connect('/ws/deepgram', {
      ...withSecret(),
      headers: { origin: 'https://evil.example' },
    });
    expect(outcome.status).toBe(403);
    expect(outcome.body).toMatch(/other origins/);
  });

  it('refuses a missing or wrong launch secret with 401', async () => {
    const missing = await connect('/ws/app');
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.body ?? '')).toEqual({
      code: 'unauthorized',
      error: expect.stringMatching(/earshot open/) as unknown,
    });
    expect(await connect('/ws/deepgram', { protocols: earshotProtocols('not-the-secret') })).toMatchObject({
      status: 401,
    });
  });

  it("opens /ws/app with the owner's browser session cookie and page key, from the service's own origin, and answers with the plain protocol", async () => {
    const browser = await signIn(service);
    let agreed: string | undefined;
    const outcome = await connect('/ws/app', {
      protocols: browser.protocols,
      headers: { cookie: browser.cookie, origin: `http://localhost:${service.port}` },
      onOpen: (socket) => {
        agreed = socket.protocol;
        socket.close(1000);
      },
    });
    expect(outcome).toMatchObject({ opened: true, closeCode: 1000 });
    expect(agreed).toBe('earshot');
    expect(
      await connect('/ws/app', { headers: { cookie: 'earshot-session-1=x', origin: service.baseUrl } }),
    ).toMatchObject({ status: 401 });
    expect(
      await connect('/ws/app', { protocols: ['earshot'], headers: { cookie: browser.cookie } }),
    ).toMatchObject({ status: 401 });
    expect(await connect('/ws/app', { protocols: browser.protocols })).toMatchObject({ status: 401 });
  });

  it('refuses the session cookie and page key on the provider proxy, which only the service itself opens', async () => {
    const browser = await signIn(service);
    expect(
      await connect('/ws/deepgram', { protocols: browser.protocols, headers: { cookie: browser.cookie } }),
    ).toMatchObject({ status: 401 });
  });

  it('accepts our own origin with the secret', async () => {
    const outcome = await connect('/ws/app', {
      ...withSecret(),
      headers: { origin: `http://127.0.0.1:${service.port}` },
      onOpen: (socket) => socket.close(1000),
    });
    expect(outcome).toMatchObject({ opened: true, closeCode: 1000 });
  });

  it('closes a proxy connection for an unconfigured provider with 4412 and says what to set', async () => {
    const outcome = await connect('/ws/deepgram', withSecret());
    expect(outcome.closeCode).toBe(4412);
    expect(outcome.messages[0]).toMatchObject({ type: 'error', code: 'not_configured', permanent: true });
    expect(JSON.stringify(outcome.messages[0])).toMatch(/earshot providers set deepgram apiKey=/);
  });

  it('refuses a language that is not an ISO 639-1 code with 4400', async () => {
    writeProviderConfig(directory.path, 'deepgram', { apiKey: 'dg-some-key-123456' });
    const outcome = await connect('/ws/deepgram?languages=english', withSecret());
    expect(outcome.closeCode).toBe(4400);
    expect(outcome.messages[0]).toMatchObject({ type: 'error', code: 'bad_request' });
  });

  it('counts /ws/app clients as live clients in /health', async () => {
    const socket = new WebSocket(
      `ws://127.0.0.1:${service.port}/ws/app`,
      earshotProtocols(service.launchSecret),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    const health = (await (await fetch(`${service.baseUrl}/api/v1/health`)).json()) as {
      liveClients?: number;
    };
    socket.close();
    expect(health.liveClients).toBe(1);
  });
});
