import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInWith } from '../support/browserSignIn.ts';
import { runEarshot, startServeProcess } from '../support/earshotProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;

beforeEach(() => {
  directory = temporaryDirectory('cli');
  dataDirectory = join(directory.path, 'data');
});
afterEach(() => directory.remove());

const backup = {
  format: 'earshot-backup',
  version: 1,
  exportedAt: '2026-11-22T10:00:00+08:00',
  topics: [{ id: 't1', name: 'Work', emoji: '💼', description: 'Job things' }],
  tags: [{ id: 'g1', name: 'urgent', color: '#ff0000' }],
  sessions: [
    {
      id: 's1',
      title: 'Standup',
      startedAt: '2026-11-21T09:00:00+08:00',
      status: 'completed',
      durationMs: 60000,
      providerId: 'deepgram',
      topicId: 't1',
      tagIds: ['g1'],
      segments: [
        { text: 'Good morning.', startMs: 0, endMs: 1000, speaker: 'S1' },
        { text: '早上好', startMs: 1000, endMs: 2000, language: 'zh' },
      ],
    },
  ],
};

function writeJson(name: string, value: unknown): string {
  const path = join(directory.path, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

function withoutExportTime(document: string): string {
  return document.replace(/"exportedAt":"[^"]+"/, '');
}

function earshot(...args: string[]) {
  return runEarshot([...args, '--data-dir', dataDirectory]);
}

describe('earshot CLI without a running service', () => {
  it('imports, lists, shows and exports a round trip', () => {
    const imported = earshot('import', writeJson('backup.json', backup));
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(/Imported 1 sessions, 1 topics and 1 tags \(merge\)/);

    const list = earshot('sessions', 'list', '--json');
    expect(JSON.parse(list.stdout)).toMatchObject({
      total: 1,
      sessions: [{ id: 's1', transcriptLength: 17 }],
    });
    expect(earshot('sessions', 'show', 's1').stdout).toContain('Good morning. 早上好');

    const exportPath = join(directory.path, 'out.json');
    expect(earshot('export', exportPath).status).toBe(0);
    const exported = JSON.parse(readFileSync(exportPath, 'utf8')) as typeof backup;
    expect(exported.sessions[0]?.segments).toEqual(backup.sessions[0]?.segments);
    expect(exported.sessions[0]?.startedAt).toMatch(/[+-]\d\d:\d\d$/);

    const again = runEarshot([
      'import',
      exportPath,
      '--mode',
      'replace',
      '--data-dir',
      join(directory.path, 'copy'),
    ]);
    expect(again.status).toBe(0);
    expect(withoutExportTime(runEarshot(['export', '--data-dir', join(directory.path, 'copy')]).stdout)).toBe(
      withoutExportTime(earshot('export').stdout),
    );
  });

  it('rejects a malformed backup naming the bad field, and changes nothing', () => {
    earshot('import', writeJson('backup.json', backup));
    const before = earshot('export').stdout;
    const broken = structuredClone(backup);
    (broken.sessions[0] as { durationMs: unknown }).durationMs = 'long';
    const result = earshot('import', writeJson('broken.json', broken), '--mode', 'replace');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('sessions[0].durationMs');
    expect(earshot('export').stdout.replace(/"exportedAt":"[^"]+"/, '')).toBe(
      before.replace(/"exportedAt":"[^"]+"/, ''),
    );
  });

  it('finalizes an interrupted session once, refusing what the status machine forbids', () => {
    const live = structuredClone(backup);
    (live.sessions[0] as { status: string }).status = 'recording';
    earshot('import', writeJson('live.json', live));
    expect(JSON.parse(earshot('sessions', 'show', 's1', '--json').stdout)).toMatchObject({
      status: 'interrupted',
    });
    expect(earshot('sessions', 'finalize', 's1').status).toBe(0);
    const refused = earshot('sessions', 'finalize', 's1');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Cannot FINALIZE a session that is completed');
    expect(earshot('sessions', 'finalize', 'nope').stderr).toContain('There is no session nope');
  });

  it('rejects bad usage with exit code 2 and the usage text', () => {
    const result = earshot('sessions', 'list', '--limit', '500');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/limit/);
    expect(result.stderr).toMatch(/Usage: earshot/);
    expect(earshot('frobnicate').status).toBe(2);
    expect(earshot('import').status).toBe(2);
    expect(earshot('import', 'x.json', '--mode', 'overwrite').status).toBe(2);
  });

  it('enables the API with a token shown once, and rotates it', () => {
    const enabled = earshot('api', 'enable');
    const token = enabled.stdout.split('\n')[0] ?? '';
    expect(token).toMatch(/^es_/);
    expect(enabled.stdout).toContain('Open API: enabled; token: set');
    const again = earshot('api', 'enable');
    expect(again.stdout).not.toContain(token);
    expect(again.stdout).not.toMatch(/^es_/);
    const secrets = readFileSync(join(dataDirectory, 'secrets.json'), 'utf8');
    expect(secrets).not.toContain(token);
    expect(earshot('api', 'token').stdout.split('\n')[0]).not.toBe(token);
    expect(earshot('api', 'disable').stdout).toContain('Open API: disabled');
  });
});

describe('earshot CLI with a running service', () => {
  it('earshot serve prints a one-time link that signs a browser in to the app', async () => {
    const serve = await startServeProcess(['--port', '0', '--data-dir', dataDirectory]);
    try {
      const link = new RegExp(`Open the app: (${serve.baseUrl}/login\\?token=[A-Za-z0-9_-]{43})\n`);
      await expect.poll(() => link.exec(serve.stdout())?.[1]).toBeDefined();
      const url = link.exec(serve.stdout())?.[1] ?? '';
      const browser = await signInWith(url);
      expect((await fetch(`${serve.baseUrl}/control/v1/service`, { headers: browser.headers })).status).toBe(
        200,
      );
      expect((await fetch(url, { redirect: 'manual' })).status).toBe(401);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  });

  it('applies commands to the running service at once, refuses a second service, and exits cleanly on SIGTERM', async () => {
    const serve = await startServeProcess(['--port', '0', '--data-dir', dataDirectory]);
    try {
      const second = runEarshot(['serve', '--port', '0', '--data-dir', dataDirectory]);
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/already running/);

      const token = earshot('api', 'enable').stdout.split('\n')[0] ?? '';
      earshot('import', writeJson('backup.json', backup));
      const response = await fetch(`${serve.baseUrl}/api/v1/sessions?search=早上`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await response.json()) as { total: number }).total).toBe(1);
      expect(earshot('sessions', 'list').stdout).toContain('Standup');
      expect(existsSync(join(dataDirectory, 'service.json'))).toBe(true);
    } finally {
      serve.child.kill('SIGTERM');
    }
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDirectory, 'service.json'))).toBe(false);
  });
});
