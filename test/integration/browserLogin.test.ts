import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn, type SignedInBrowser } from '../support/browserSignIn.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { upgradeStatus } from '../support/websocketUpgrade.ts';
import { startService, type RunningService } from '../../main/service.ts';
import { builtUiDirectory } from '../../api/pages/uiAssets.ts';

/** The owner's browser signs in with a one-time link, against a real started service. */
let directory: ReturnType<typeof temporaryDirectory>;
let service: RunningService;

beforeEach(async () => {
  directory = temporaryDirectory('browser-login');
  service = await startService({ dataDirectory: directory.path, port: 0 });
});

afterEach(async () => {
  await service.close();
  directory.remove();
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${service.baseUrl}${path}`, { headers, redirect: 'manual' });
}

function control(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${service.baseUrl}/control/v1${path}`, { redirect: 'manual', ...init });
}

/** Everything a client sees of an answer: status line, headers and body. */
async function wholeAnswer(response: Response): Promise<string> {
  return `${response.status}\n${JSON.stringify([...response.headers])}\n${await response.text()}`;
}

/** The status of a WebSocket upgrade of `/ws/app`, or 101 when it opened. */
function appChannelUpgrade(headers: Record<string, string>, protocols?: string[]): Promise<number> {
  return upgradeStatus(`ws://127.0.0.1:${service.port}/ws/app`, { headers, protocols });
}

/** A GET on a new connection: fetch's pool may still hold a socket of a server that has closed. */
function statusOnNewConnection(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${service.baseUrl}${path}`, { agent: false, headers }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function topicCount(browser: SignedInBrowser): Promise<number> {
  const answer = (await (await control('/topics', { headers: browser.headers })).json()) as {
    topics: unknown[];
  };
  return answer.topics.length;
}

describe('without signing in', () => {
  it('nothing the service answers carries the launch secret, a login token, a session or a page key', async () => {
    const pendingLogin = service.mintLoginUrl();
    const token = new URL(pendingLogin).searchParams.get('token') ?? '';
    const { cookie, pageKey } = await signIn(service);
    const sessionValue = cookie.split('=')[1] ?? '';
    const assets = existsSync(join(builtUiDirectory, 'assets'))
      ? readdirSync(join(builtUiDirectory, 'assets'))
      : [];

    const answers = [
      await get('/'),
      await get('/index.html'),
      ...(await Promise.all(assets.map((name) => get(`/assets/${name}`)))),
      await get('/api/v1/health'),
      await get('/nothing-here'),
      await get('/assets/missing.js'),
      await get('/login?token=made-up'),
      await get('/login'),
      await control('/service'),
      await control('/api/token', { method: 'POST' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      401,
      401,
      ...assets.map(() => 200),
      200,
      404,
      404,
      401,
      401,
      401,
      401,
    ]);
    for (const answer of answers) {
      const seen = await wholeAnswer(answer);
      expect(seen).not.toContain(service.launchSecret);
      expect(seen).not.toContain(token);
      expect(seen).not.toContain(sessionValue);
      expect(seen).not.toContain(pageKey);
    }
  });

  it('serves, at /, a page that says how to open the app, with no script', async () => {
    const page = await get('/');
    const html = await page.text();
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).toContain('earshot open');
    expect(html).toContain('npm start');
    expect(html).not.toMatch(/<script|earshot-launch-secret/);
  });

  it('refuses the control channel with 401 {error, code}, and /ws/app with 401', async () => {
    const refused = await control('/topics', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sneaky' }),
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      code: 'unauthorized',
      error: expect.stringContaining('earshot open') as unknown,
    });
    expect(await appChannelUpgrade({})).toBe(401);
    expect(await appChannelUpgrade({ cookie: `earshot-session-${service.port}=made-up` })).toBe(401);
    expect(await topicCount(await signIn(service))).toBe(0);
  });
});

describe('the one-time login link', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie named after the port, and hands the page key to our script only', async () => {
    const loginUrl = new URL(service.mintLoginUrl());
    const answer = await get(`${loginUrl.pathname}${loginUrl.search}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const setCookie = answer.headers.get('set-cookie') ?? '';
    const [pair, ...attributes] = setCookie.split('; ');
    expect(pair).toMatch(new RegExp(`^earshot-session-${service.port}=[A-Za-z0-9_-]{43}$`));
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=604800', 'Path=/', 'SameSite=Strict']);

    const html = await answer.text();
    const scripts = [
      ...html.matchAll(/<script nonce="([A-Za-z0-9_-]{22})" data-page-key="([A-Za-z0-9_-]{43})">/g),
    ];
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    const [, nonce, pageKey] = scripts[0] ?? [];
    expect(answer.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; ` +
        "base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    );
    expect(html).toContain("localStorage.setItem('earshot.pageKey', document.currentScript.dataset.pageKey)");
    expect(html).toContain("location.replace('/')");
    expect(html).toMatch(/<noscript>.*needs JavaScript.*earshot open/s);
    expect(setCookie).not.toContain(pageKey);

    const app = await get('/', { cookie: pair ?? '' });
    expect(app.status).toBe(200);
    expect(await app.text()).toContain('<div id="root">');
    const owned = await control('/service', {
      headers: { cookie: pair ?? '', 'x-earshot-page-key': pageKey ?? '' },
    });
    expect(owned.status).toBe(200);
  });

  it('uses a new script nonce and page key for every sign-in', async () => {
    const answers = await Promise.all([fetch(service.mintLoginUrl()), fetch(service.mintLoginUrl())]);
    const [first, second] = await Promise.all(answers.map((answer) => answer.text()));
    const nonceAndKey = /nonce="([^"]+)" data-page-key="([^"]+)"/;
    const [, firstNonce, firstKey] = nonceAndKey.exec(first ?? '') ?? [];
    const [, secondNonce, secondKey] = nonceAndKey.exec(second ?? '') ?? [];
    expect(firstNonce).not.toBe(secondNonce);
    expect(firstKey).not.toBe(secondKey);
  });

  it('works once: the same link a second time is refused with the page that says how to get a new one', async () => {
    const url = service.mintLoginUrl();
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(200);
    const again = await fetch(url, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toMatch(/used already.*earshot open/s);
  });

  it('is minted on /control/v1/login-tokens for a holder of the launch secret only', async () => {
    const minted = await control('/login-tokens', {
      method: 'POST',
      headers: { authorization: `Bearer ${service.launchSecret}` },
    });
    expect(minted.status).toBe(201);
    const { url } = (await minted.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${service.baseUrl}/login\\?token=[A-Za-z0-9_-]{43}$`));
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(200);

    const browser = await signIn(service);
    const byBrowser = await control('/login-tokens', {
      method: 'POST',
      headers: { ...browser.headers, origin: service.baseUrl },
    });
    expect(byBrowser.status).toBe(403);
    expect((await control('/login-tokens', { method: 'POST' })).status).toBe(401);
  });
});

describe('signed in with the session cookie and the page key', () => {
  it('uses the control channel and opens /ws/app', async () => {
    const browser = await signIn(service);
    const created = await control('/topics', {
      method: 'POST',
      headers: { ...browser.headers, origin: service.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Work' }),
    });
    expect(created.status).toBe(201);
    expect(await topicCount(browser)).toBe(1);
    expect(
      await appChannelUpgrade({ cookie: browser.cookie, origin: service.baseUrl }, browser.protocols),
    ).toBe(101);
  });

  it("refuses, even with the cookie and the page key, a request or upgrade from another page's Origin with 403", async () => {
    const browser = await signIn(service);
    for (const origin of ['https://evil.example', `http://127.0.0.1:${service.port + 1}`, 'null']) {
      const refused = await control('/topics', {
        method: 'POST',
        headers: { ...browser.headers, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sneaky' }),
      });
      expect(refused.status).toBe(403);
      expect(await appChannelUpgrade({ cookie: browser.cookie, origin }, browser.protocols)).toBe(403);
    }
    expect(await topicCount(browser)).toBe(0);
  });

  it('a cross-site form POST changes nothing', async () => {
    const browser = await signIn(service);
    const formPost = (headers: Record<string, string>) =>
      control('/api/enable', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
          ...headers,
        },
        body: 'enabled=true',
      });
    // What a browser sends for another site's form: no cookie (SameSite=Strict), its own Origin.
    expect((await formPost({})).status).toBe(403);
    // Even a browser that ignored SameSite would be stopped by the Origin check.
    expect((await formPost({ cookie: browser.cookie })).status).toBe(403);
    const state = (await (await control('/api', { headers: browser.headers })).json()) as {
      enabled: boolean;
    };
    expect(state.enabled).toBe(false);
  });

  it('is refused once the service has restarted, even on the same port', async () => {
    const browser = await signIn(service);
    const { port } = service;
    expect((await control('/service', { headers: browser.headers })).status).toBe(200);
    await service.close();
    service = await startService({ dataDirectory: directory.path, port });
    expect(service.port).toBe(port);
    expect(await statusOnNewConnection('/control/v1/service', browser.headers)).toBe(401);
    expect(await statusOnNewConnection('/', { cookie: browser.cookie })).toBe(401);
    expect(await appChannelUpgrade({ cookie: browser.cookie }, browser.protocols)).toBe(401);
  });
});
