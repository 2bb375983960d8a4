import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageKeyHeader, pageKeyProtocolPrefix } from '../../api/login/pageKey.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { secretsFileName } from '../../store/secretsFile.ts';
import { launchSecretFileName } from '../../main/serviceFile.ts';
import { startService, type RunningService } from '../../main/service.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { signIn } from '../support/browserSignIn.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { upgradeStatus } from '../support/websocketUpgrade.ts';

/**
 * Issue #14, items 1–2, replayed: another user of the same computer can reach the loopback port but
 * cannot read the owner's data directory. Before the fix, `curl http://127.0.0.1:PORT/` gave them the
 * launch secret, and with it every write route. Now they get a page that says how to sign in, and
 * every attempt to change something is refused and changes nothing. Nor does the owner's session
 * cookie help them, which the owner's browser sends to any web server on any port of the host: the
 * service also wants the page key, which only the owner's page holds.
 */
let dataDirectory: ReturnType<typeof temporaryDirectory>;
let attackerFiles: ReturnType<typeof temporaryDirectory>;
let service: RunningService;
let vendor: Server;
let vendorConnections = 0;

beforeEach(async () => {
  dataDirectory = temporaryDirectory('owner');
  attackerFiles = temporaryDirectory('another-user');
  vendorConnections = 0;
  vendor = createServer((_request, response) => response.writeHead(500).end());
  vendor.on('connection', () => vendorConnections++);
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  const address = vendor.address();
  const vendorPort = typeof address === 'object' && address !== null ? address.port : 0;
  // The owner's Deepgram key: a test run against it would spend the owner's credit.
  writeProviderConfig(dataDirectory.path, 'deepgram', {
    apiKey: 'dg-owner-key-123456',
    endpoint: `http://127.0.0.1:${vendorPort}`,
  });
  service = await startService({ dataDirectory: dataDirectory.path, port: 0 });
});

afterEach(async () => {
  await service.close();
  await new Promise((resolve) => vendor.close(resolve));
  dataDirectory.remove();
  attackerFiles.remove();
});

/** The status of `POST /control/v1/api/token`, which would hand out a new API token. */
async function tokenRotationStatus(headers: Record<string, string>): Promise<number> {
  const answer = await fetch(`${service.baseUrl}/control/v1/api/token`, { method: 'POST', headers });
  await answer.body?.cancel();
  return answer.status;
}

/** What the owner has: the files of the data directory, the API switch, the sessions. */
function ownerState() {
  const file = (name: string) => {
    const path = join(dataDirectory.path, name);
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  };
  return {
    secrets: file(secretsFileName),
    sessions: service.store.listSessions({ limit: 100, offset: 0 }).total,
    apiEnabled: service.store.getSetting('apiEnabled') ?? null,
  };
}

/** A backup the attacker wrote in their own folder, for the service to import. */
function attackerBackup(): string {
  const path = join(attackerFiles.path, 'backup.json');
  writeFileSync(
    path,
    JSON.stringify({
      format: 'earshot-backup',
      version: 1,
      exportedAt: '2026-11-22T10:00:00+08:00',
      topics: [],
      tags: [],
      sessions: [
        {
          id: 'planted',
          title: 'Planted',
          startedAt: '2026-11-21T09:00:00+08:00',
          status: 'completed',
          durationMs: 1000,
          providerId: 'deepgram',
          segments: [{ text: 'Not yours.', startMs: 0, endMs: 1000 }],
        },
      ],
    }),
  );
  return path;
}

function serviceUpgrade(path: string, headers: Record<string, string> = {}, protocols?: string[]) {
  return upgradeStatus(`ws://127.0.0.1:${service.port}${path}`, { headers, protocols });
}

describe('another user of this computer, who can reach the port but not the data directory', () => {
  it('finds no secret in the page, and cannot take the service over', async () => {
    const before = ownerState();
    const page = await fetch(`${service.baseUrl}/`);
    const html = await page.text();
    expect(html).not.toContain(service.launchSecret);
    expect(html).not.toContain('earshot-launch-secret');
    expect(JSON.stringify([...page.headers])).not.toContain(service.launchSecret);
    // Whatever looks like a secret in the page, the attacker tries as one.
    const guesses = ['', ...(html.match(/[A-Za-z0-9_-]{32,}/g) ?? []), 'made-up'];

    const attempts: Array<[string, string, string?]> = [
      ['POST', '/control/v1/api/token'],
      ['POST', '/control/v1/api/enable'],
      ['PUT', '/control/v1/providers/whisper-cpp/config', JSON.stringify({ values: { model: 'planted' } })],
      ['POST', '/control/v1/providers/deepgram/test'],
      ['POST', '/control/v1/import', JSON.stringify({ path: attackerBackup(), mode: 'replace' })],
    ];
    for (const [method, path, body] of attempts) {
      for (const guess of guesses) {
        const credentials: Array<Record<string, string>> = [
          { authorization: `Bearer ${guess}` },
          { cookie: `earshot-session-${service.port}=${guess}` },
          { authorization: `Bearer ${guess}`, origin: 'https://evil.example' },
        ];
        for (const headers of credentials) {
          const answer = await fetch(`${service.baseUrl}${path}`, {
            method,
            headers: { 'content-type': 'application/json', ...headers },
            body,
          });
          expect([401, 403], `${method} ${path}`).toContain(answer.status);
          const text = await answer.text();
          expect(text).not.toContain(service.launchSecret);
          expect(text).not.toMatch(/"token"/);
        }
      }
    }
    for (const guess of guesses) {
      const login = await fetch(`${service.baseUrl}/login?token=${guess}`, { redirect: 'manual' });
      expect(login.status).toBe(401);
      expect(login.headers.get('set-cookie')).toBeNull();
    }
    expect(await serviceUpgrade('/ws/app')).toBe(401);
    expect(await serviceUpgrade('/ws/deepgram')).toBe(401);

    expect(ownerState()).toEqual(before);
    expect(service.store.getSession('planted')).toBeUndefined();
    expect(vendorConnections).toBe(0);
    const health = (await (await fetch(`${service.baseUrl}/api/v1/health`)).json()) as {
      apiEnabled: boolean;
    };
    expect(health.apiEnabled).toBe(false);
  });

  it("replays the session cookie the owner's browser sent to their web server on another loopback port, and is refused", async () => {
    const browser = await launchBrowser();
    const caughtCookies: string[] = [];
    // The other user's "dev server": any web page the owner's browser visits on this host.
    const devServer = createServer((request, response) => {
      caughtCookies.push(request.headers.cookie ?? '');
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>My dev server</h1>');
    });
    try {
      await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
      const page = await browser.newPage();
      await page.goto(service.mintLoginUrl());
      await page.getByTestId('connection').getByText('Connected').waitFor();
      expect(page.url()).toBe(`${service.baseUrl}/`);

      await page.goto(`http://127.0.0.1:${(devServer.address() as AddressInfo).port}/`);
      const caught = caughtCookies.at(-1) ?? '';
      // The premise: browsers do not keep cookies apart by port.
      expect(caught).toMatch(new RegExp(`earshot-session-${service.port}=[A-Za-z0-9_-]{43}`));
      // The page key is in the storage of the service's origin, which no other port's page can read.
      expect(await page.evaluate(() => localStorage.length)).toBe(0);

      const before = ownerState();
      // From their own process, with no Origin or with the service's own, as curl sends what it likes.
      const replays: Array<Record<string, string>> = [
        { cookie: caught },
        { cookie: caught, origin: service.baseUrl },
      ];
      for (const headers of replays) {
        expect(await tokenRotationStatus(headers)).toBe(401);
        expect(await serviceUpgrade('/ws/app', headers)).toBe(401);
      }
      expect(ownerState()).toEqual(before);
    } finally {
      await browser.close();
      devServer.close();
    }
  });

  it('needs the session cookie and the page key of one same session: neither alone, nor mixed', async () => {
    const owner = await signIn(service);
    const another = await signIn(service);
    const before = ownerState();
    const sessionValue = owner.cookie.split('=')[1] ?? '';
    const halves: Array<{ cookie?: string; pageKey?: string }> = [
      { cookie: owner.cookie },
      { pageKey: owner.pageKey },
      { cookie: another.cookie, pageKey: owner.pageKey },
      { cookie: owner.cookie, pageKey: another.pageKey },
      { cookie: owner.cookie, pageKey: sessionValue },
    ];
    for (const { cookie, pageKey } of halves) {
      const cookieHeader: Record<string, string> = cookie === undefined ? {} : { cookie };
      const pageKeyHeaders: Record<string, string> =
        pageKey === undefined ? {} : { [pageKeyHeader]: pageKey };
      const protocols = ['earshot', ...(pageKey === undefined ? [] : [`${pageKeyProtocolPrefix}${pageKey}`])];
      expect(await tokenRotationStatus({ ...cookieHeader, ...pageKeyHeaders })).toBe(401);
      expect(await serviceUpgrade('/ws/app', cookieHeader, protocols)).toBe(401);
    }
    expect(ownerState()).toEqual(before);

    expect(await tokenRotationStatus(owner.headers)).toBe(200);
    expect(await serviceUpgrade('/ws/app', { cookie: owner.cookie }, owner.protocols)).toBe(101);
    expect(await tokenRotationStatus(another.headers)).toBe(200);
    expect(ownerState().secrets).not.toEqual(before.secrets);
  });

  const isRoot = process.getuid?.() === 0;
  it.skipIf(!isRoot)(
    'as a real other user (uid 65534, through setpriv; skipped unless root, which alone may switch users): curl finds no secret and is refused',
    async () => {
      // Not spawnSync: the service answers from this very process, so it must not be blocked.
      const asNobody = (...command: string[]) =>
        new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
          execFile(
            'setpriv',
            ['--reuid=65534', '--regid=65534', '--clear-groups', ...command],
            { encoding: 'utf8', timeout: 20_000 },
            (error, stdout, stderr) =>
              resolve({ status: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
          );
        });
      // The premise: that user cannot read the owner's launch secret.
      const read = await asNobody('cat', join(dataDirectory.path, launchSecretFileName));
      expect(read.status).not.toBe(0);
      expect(read.stdout).toBe('');

      const page = await asNobody('curl', '--silent', '--show-error', '--include', `${service.baseUrl}/`);
      expect(page.status, page.stderr).toBe(0);
      expect(page.stdout).toMatch(/^HTTP\/1\.1 401/);
      expect(page.stdout).toContain('earshot open');
      expect(page.stdout).not.toContain(service.launchSecret);

      const before = ownerState();
      const token = await asNobody(
        'curl',
        '--silent',
        '--output',
        '/dev/null',
        '--write-out',
        '%{http_code}',
        '--request',
        'POST',
        `${service.baseUrl}/control/v1/api/token`,
      );
      expect(token.stdout).toBe('401');
      expect(ownerState()).toEqual(before);
    },
  );
});
