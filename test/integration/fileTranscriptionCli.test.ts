import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { importBinary } from '../../actors/runtimeSetup/importBinary.ts';
import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import { cannedText } from '../fakes/cannedSpeech.ts';
import { defaultInstalledModel, startOpenAiCompatibleFake } from '../fakes/openai-compatible/server.ts';
import { earshotBin, startServeProcess, type ServeProcess } from '../support/earshotProcess.ts';
import { builtWhisperServer, stubModel } from '../support/fixtures.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { unconfiguredRuntimeMessage } from '../support/unconfiguredRuntime.ts';
import { fixtureAudio } from './fileTranscriptionSupport.ts';

/**
 * `earshot transcribe` as a user runs it, against P12 (OpenAI-compatible) pointed at the fake
 * local server: in its own process, and through a running service.
 */
const whisperServer = builtWhisperServer;

type Fake = Awaited<ReturnType<typeof startOpenAiCompatibleFake>>;
let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let fake: Fake;
let serve: ServeProcess | undefined;

beforeEach(async () => {
  directory = temporaryDirectory('transcribe-cli');
  dataDirectory = join(directory.path, 'data');
  mkdirSync(dataDirectory, { mode: 0o700 });
  fake = await startOpenAiCompatibleFake();
  writeProviderConfig(dataDirectory, 'openai-compatible', {
    baseUrl: fake.baseUrl,
    model: defaultInstalledModel,
  });
});
afterEach(async () => {
  if (serve !== undefined) {
    serve.child.kill('SIGTERM');
    await serve.exited;
    serve = undefined;
  }
  await fake.close();
  directory.remove();
});

/**
 * Runs `earshot ARGS --data-dir …` from `cwd`, as a user would from a shell. Asynchronously: the
 * fake server lives in this process and must keep answering while the CLI runs.
 */
async function earshot(args: string[], cwd = directory.path) {
  const child = spawn(earshotBin, [...args, '--data-dir', dataDirectory], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  return { status, stdout, stderr };
}

async function sessionOf(
  stderr: string,
): Promise<{ id: string; status: string; providerId: string; title: string }> {
  const id = /Saved as session (\S+)\./.exec(stderr)?.[1] ?? '';
  const shown = await earshot(['sessions', 'show', id, '--json']);
  expect(shown.status, shown.stderr).toBe(0);
  return JSON.parse(shown.stdout) as { id: string; status: string; providerId: string; title: string };
}

async function listedSessions(): Promise<Array<{ title: string; status: string }>> {
  const listed = await earshot(['sessions', 'list', '--json']);
  return (JSON.parse(listed.stdout) as { sessions: Array<{ title: string; status: string }> }).sessions;
}

/** Starts a transcription, waits until the fake holds its upload, presses Ctrl-C, and reports the exit. */
async function interruptMidUpload(args: string[]) {
  fake.holdJobs(true);
  const child = spawn(earshotBin, [...args, '--data-dir', dataDirectory], { cwd: directory.path });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const closed = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  // The fake has the whole upload and holds its answer; the CLI says it is waiting for the transcript.
  const uploaded = () => fake.requests.some((request) => request.url === '/v1/audio/transcriptions');
  for (let waited = 0; !(uploaded() && stderr.includes('transcribing')); waited += 20) {
    if (waited > 20_000) throw new Error(`the upload never completed: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGINT');
  const code = await closed;
  return { code, stdout, stderr };
}

describe('earshot transcribe without a service', () => {
  it('transcribes a file named relative to the working directory and prints the transcript', async () => {
    const result = await earshot(
      ['transcribe', 'jfk.wav', '--provider', 'p12', '--language', 'en'],
      fixtureAudio(''),
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${cannedText(11_000)}\n`);
    // Not a terminal: plain progress lines, from decoding to done.
    expect(result.stderr).toMatch(/^jfk\.wav: decoding \d+%$/m);
    expect(result.stderr).toMatch(/^jfk\.wav: done 100%$/m);
    expect(result.stderr).not.toContain('\r');
    const upload = fake.requests.find((request) => request.url === '/v1/audio/transcriptions');
    expect(upload?.body.toString('latin1')).toMatch(/name="language"\r\n\r\nen\r\n/);
    const session = await sessionOf(result.stderr);
    expect(session).toMatchObject({ status: 'completed', providerId: 'openai-compatible', title: 'jfk.wav' });
    // The file's audio is the session's before the command returns.
    const audio = await earshot(['sessions', 'audio', session.id]);
    expect(audio.status, audio.stderr).toBe(0);
    expect(audio.stdout.startsWith('OggS')).toBe(true);
  });

  it('on a terminal, shows progress as one line that updates in place', async () => {
    // `script` runs the command on a pseudo-terminal, as an interactive shell would.
    const command = [
      earshotBin,
      'transcribe',
      fixtureAudio('jfk.wav'),
      '--provider',
      'p12',
      '--data-dir',
      dataDirectory,
    ]
      .map((part) => `'${part}'`)
      .join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    const status = await new Promise<number | null>((resolve) =>
      child.once('close', (code) => resolve(code)),
    );
    expect(status, output).toBe(0);
    const [progress = '', ...rest] = output.split('\r\n');
    // Each update returns to the start of the line and clears it; only the end adds a newline.
    const clearLine = '\r\x1b[K';
    expect(progress.startsWith(clearLine)).toBe(true);
    const shown = progress.split(clearLine).slice(1);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown[0]).toMatch(/^jfk\.wav: decoding \d+%$/);
    expect(shown.at(-1)).toBe('jfk.wav: done 100%');
    expect(rest[0]).toBe(cannedText(11_000));
  });

  it('uses P14 by default: the local runtime starts for the job and stops after it', async () => {
    if (!existsSync(whisperServer)) {
      throw new Error(
        `The real whisper-server is not built (expected ${whisperServer}); run scripts/build-whisper-server.sh.`,
      );
    }
    // A model path of this test's own, so no other test's whisper-server is mistaken for this one.
    const ownModel = join(directory.path, 'stub-model.bin');
    copyFileSync(stubModel, ownModel);
    // P14 reads only a model in its data directory's models folder.
    const modelPath = (await importModel(ownModel, dataDirectory)).path;
    await importBinary(whisperServer, dataDirectory);
    writeProviderConfig(dataDirectory, 'whisper-cpp', { modelPath });
    const result = await earshot(['transcribe', fixtureAudio('zh-16k.wav')]);
    expect(result.status, result.stderr).toBe(0);
    // The stub model has whisper's shape and no weights: the whole path is real, the transcript empty.
    expect(result.stderr).toContain('No speech was recognised.');
    expect(await sessionOf(result.stderr)).toMatchObject({ status: 'completed', providerId: 'whisper-cpp' });
    expect(spawnSync('pgrep', ['-f', modelPath]).status).toBe(1);
  });

  it('fails visibly, naming the missing fields, when the provider is not configured, and sends nothing', async () => {
    writeProviderConfig(dataDirectory, 'openai-compatible', {});
    const result = await earshot(['transcribe', fixtureAudio('jfk.wav'), '--provider', 'openai-compatible']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/earshot: P12 .* is not configured: baseUrl .*model is required/);
    expect(result.stderr).toContain('earshot providers set openai-compatible baseUrl=… model=…');
    expect(result.stdout).toBe('');
    expect(fake.requests).toEqual([]);
  });

  it('with P14 (the default) not set up, names the missing binary and model and how to get each', async () => {
    const result = await earshot(['transcribe', fixtureAudio('jfk.wav')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`earshot: ${unconfiguredRuntimeMessage}\n`);
    expect(await listedSessions()).toEqual([]);
  });

  it('refuses an unknown provider, a bad language and a missing file name', async () => {
    const unknown = await earshot(['transcribe', fixtureAudio('jfk.wav'), '--provider', 'P99']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('There is no provider "P99"');
    const language = await earshot([
      'transcribe',
      fixtureAudio('jfk.wav'),
      '--provider',
      'p12',
      '--language',
      'eng',
    ]);
    expect(language.status).toBe(1);
    expect(language.stderr).toContain('two-letter ISO 639-1 code');
    expect((await earshot(['transcribe'])).status).toBe(2);
  });

  it('Ctrl-C cancels the job: the upload is dropped, the session kept as interrupted', async () => {
    const { code, stdout, stderr } = await interruptMidUpload([
      'transcribe',
      fixtureAudio('jfk.wav'),
      '--provider',
      'P12',
      '--title',
      'Cut short',
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('Cancelling…');
    expect(stderr).toContain('earshot: Transcription cancelled.');
    expect(await listedSessions()).toEqual([
      expect.objectContaining({ title: 'Cut short', status: 'interrupted' }),
    ]);
  });
});

describe('earshot transcribe through a running service', () => {
  beforeEach(async () => {
    serve = await startServeProcess(['--port', '0', '--data-dir', dataDirectory]);
  });

  it('submits the job to the service, follows its progress and prints the transcript', async () => {
    const result = await earshot(
      ['transcribe', 'zh-16k.wav', '--provider', 'P12', '--title', 'Chinese'],
      fixtureAudio(''),
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${cannedText(6_410)}\n`);
    expect(result.stderr).toMatch(/^Chinese: done 100%$/m);
    expect(await sessionOf(result.stderr)).toMatchObject({ status: 'completed', title: 'Chinese' });
  });

  it('reports a file that is not audio as the service sees it', async () => {
    writeFileSync(join(directory.path, 'notes.mp3'), 'not audio\n'.repeat(100));
    const result = await earshot(['transcribe', 'notes.mp3', '--provider', 'P12']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/earshot: .*notes\.mp3 is not an audio or video file ffmpeg can read/);
    expect(fake.requests).toEqual([]);
  });

  it('reports an unconfigured P14 as the service sees it: the binary and the model it lacks', async () => {
    const result = await earshot(['transcribe', fixtureAudio('jfk.wav')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`earshot: ${unconfiguredRuntimeMessage}\n`);
  });

  it('Ctrl-C cancels the job in the service', async () => {
    const { code, stderr } = await interruptMidUpload([
      'transcribe',
      fixtureAudio('jfk.wav'),
      '--provider',
      'P12',
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain('earshot: Transcription cancelled.');
    expect(await listedSessions()).toEqual([expect.objectContaining({ status: 'interrupted' })]);
  });
});
