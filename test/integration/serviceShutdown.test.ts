import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import { runEarshot, startServeProcess } from '../support/earshotProcess.ts';
import { requireBuiltWhisperServer, fixture, stubModel } from '../support/fixtures.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

let directory: ReturnType<typeof temporaryDirectory>;
beforeEach(() => (directory = temporaryDirectory('shutdown')));
afterEach(() => directory.remove());

/** whisper-server processes started with this exact model file. */
function serversUsing(modelPath: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', modelPath], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

it('SIGTERM during a P14 job stops the job and the whisper-server it started: no orphan process', async () => {
  const dataDirectory = join(directory.path, 'data');
  // A model file of this test's own, so the process search cannot see other tests' servers.
  const ownModel = join(directory.path, 'own-stub-model.bin');
  copyFileSync(stubModel, ownModel);
  // P14 reads only a model in its data directory's models folder.
  const modelPath = (await importModel(ownModel, dataDirectory)).path;
  const imported = runEarshot([
    'runtime',
    'import-binary',
    requireBuiltWhisperServer(),
    '--data-dir',
    dataDirectory,
  ]);
  expect(imported.status, imported.stderr).toBe(0);
  const configured = runEarshot([
    'providers',
    'set',
    'P14',
    `modelPath=${modelPath}`,
    '--data-dir',
    dataDirectory,
  ]);
  expect(configured.status, configured.stderr).toBe(0);

  const serve = await startServeProcess(['--port', '0', '--data-dir', dataDirectory]);
  const secret = readFileSync(join(dataDirectory, 'launch.secret'), 'utf8');
  const control = (path: string, body?: unknown) =>
    fetch(`${serve.baseUrl}/control/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // The service takes the file's content, never a path.
  const sent = await fetch(`${serve.baseUrl}/control/v1/uploads?name=long-16k.wav`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}` },
    body: readFileSync(fixture('audio/long-16k.wav')),
  });
  expect(sent.status).toBe(201);
  const { upload } = (await sent.json()) as { upload: string };
  const started = await control('/transcriptions', { upload, provider: 'P14' });
  expect(started.status).toBe(202);
  const { jobId } = (await started.json()) as { jobId: string };

  const deadline = Date.now() + 30_000;
  while (serversUsing(modelPath).length === 0 && Date.now() < deadline) await sleep(50);
  expect(serversUsing(modelPath)).toHaveLength(1);
  const status = (await (await control(`/transcriptions/${jobId}`)).json()) as { state: string };
  expect(['uploading', 'processing', 'preparing']).toContain(status.state);

  serve.child.kill('SIGTERM');
  expect(await serve.exited).toEqual({ code: 0, signal: null });
  expect(serversUsing(modelPath)).toEqual([]);
});
