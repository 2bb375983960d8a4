import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startFunasrFake } from '../fakes/funasr/server.ts';
import { defaultInstalledModel, startOpenAiCompatibleFake } from '../fakes/openai-compatible/server.ts';
import { closedPort } from '../support/closedPort.ts';
import { runEarshotAsync } from '../support/earshotProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
beforeEach(() => {
  directory = temporaryDirectory('providers-cli');
  dataDirectory = join(directory.path, 'data');
});
afterEach(() => directory.remove());

const earshot = (...args: string[]) => runEarshotAsync([...args, '--data-dir', dataDirectory]);

it('lists the fourteen providers as the spec table, with P14 the default', async () => {
  const { stdout, status } = await earshot('providers', 'list');
  expect(status).toBe(0);
  const rows = stdout.split('\n').filter((line) => /^\| P\d\d /.test(line));
  expect(rows).toHaveLength(14);
  expect(rows[0]).toMatch(
    /^\| P01 +\| Cloud \| WebSocket \(direct\) +\| MediaRecorder \(WebM\/Opus\) \| Yes +\| Yes +\| Yes +\| Yes /,
  );
  expect(rows[13]).toMatch(/\| whisper-cpp \(default\) /);
});

it('sets, shows (masked) and refuses settings by id or label', async () => {
  const set = await earshot('providers', 'set', 'p06', 'apiKey=dg-secret-value-1234', 'languageHints=en,de');
  expect(set.stdout).toContain('Deepgram Nova is ready to use.');
  const shown = await earshot('providers', 'show', 'deepgram');
  expect(shown.stdout).toContain('apiKey = •••••• (set)');
  expect(shown.stdout).toContain('Custom vocabulary: sent as keyterm (at most 100 terms)');
  const mistral = await earshot('providers', 'show', 'P04');
  expect(mistral.stdout).toContain("Custom vocabulary: none: the vendor's API takes no custom vocabulary");
  expect(shown.stdout).not.toContain('dg-secret-value-1234');
  const refused = await earshot('providers', 'set', 'P06', 'model=nova-9');
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('model must be one of nova-3, nova-2');
  const unknown = await earshot('providers', 'set', 'P99', 'apiKey=x');
  expect(unknown.status).toBe(2);
  expect(JSON.parse(readFileSync(join(dataDirectory, 'secrets.json'), 'utf8'))).toMatchObject({
    providers: { deepgram: { apiKey: 'dg-secret-value-1234', languageHints: ['en', 'de'] } },
  });
});

it('sends a stored key to a new host only with --yes, saying where it would go', async () => {
  await earshot('providers', 'set', 'P06', 'apiKey=dg-secret-value-1234');
  const before = readFileSync(join(dataDirectory, 'secrets.json'), 'utf8');
  const moved = await earshot('providers', 'set', 'P06', 'endpoint=http://127.0.0.1:4567/v1');
  expect(moved.status).toBe(1);
  expect(moved.stderr).toBe(
    'earshot: Your Deepgram Nova key would be sent to http://127.0.0.1:4567. Nothing was saved; ' +
      'if that is where it should go, run the command again with --yes.\n',
  );
  expect(readFileSync(join(dataDirectory, 'secrets.json'), 'utf8')).toBe(before);

  const confirmed = await earshot('providers', 'set', 'P06', 'endpoint=http://127.0.0.1:4567/v1', '--yes');
  expect(confirmed.status, confirmed.stderr).toBe(0);
  expect(confirmed.stdout).toContain('Saved endpoint for Deepgram Nova.');
  // The vendor's own host needs no confirmation, nor does a local server without a key.
  expect((await earshot('providers', 'set', 'P06', 'endpoint=')).status).toBe(0);
  expect((await earshot('providers', 'set', 'P13', 'baseUrl=http://10.0.0.5:8000')).status).toBe(0);
});

it('probes the local OpenAI-compatible server, lists its models and pulls one from an Ollama host', async () => {
  const fake = await startOpenAiCompatibleFake({ pullable: ['whisper-tiny'] });
  try {
    await earshot('providers', 'set', 'P12', `baseUrl=${fake.baseUrl}`, `model=${defaultInstalledModel}`);
    const probe = await earshot('providers', 'probe', 'P12');
    expect(probe.stdout).toContain('OpenAI-compatible, an Ollama host');
    expect(probe.stdout).toContain(defaultInstalledModel);
    const pulled = await earshot('providers', 'pull', 'P12', 'whisper-tiny');
    expect(pulled.status, pulled.stderr).toBe(0);
    expect(fake.installedModels()).toContain('whisper-tiny');
    expect((await earshot('providers', 'pull', 'P12', 'no-such-model')).status).toBe(1);
  } finally {
    await fake.close();
  }
});

it('tells a configured P13 from a reachable one: defaults alone are not configured, and a closed port is not reachable', async () => {
  const row = (stdout: string) => stdout.split('\n').find((line) => line.startsWith('| P13 ')) ?? '';
  const fresh = await earshot('providers', 'list');
  expect(row(fresh.stdout)).toMatch(/\| no \(nothing saved\) +\| not checked +\|$/);
  expect((await earshot('providers', 'show', 'P13')).stdout).toContain(
    'FunASR / SenseVoice server is not set up yet: nothing is saved for it.',
  );

  const address = `http://127.0.0.1:${await closedPort()}`;
  const set = await earshot('providers', 'set', 'P13', `baseUrl=${address}`);
  expect(set.stdout).toContain(
    `FunASR / SenseVoice server is configured, but its server does not answer. Cannot reach P13 FunASR / SenseVoice server at ${address} (connection refused).`,
  );
  expect(row((await earshot('providers', 'list')).stdout)).toMatch(
    /\| yes +\| no \(connection refused\) +\|$/,
  );

  const fake = await startFunasrFake();
  try {
    await earshot('providers', 'set', 'P13', `baseUrl=${fake.baseUrl}`);
    expect(row((await earshot('providers', 'list')).stdout)).toMatch(/\| yes +\| yes +\|$/);
  } finally {
    await fake.close();
  }
});
