import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileBlob } from '../../main/cli/fileBlob.ts';
import { waitingForServiceNote } from '../../main/cli/jobsCommand.ts';
import { ControlClient } from '../../main/controlClient.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { cannedText } from '../fakes/cannedSpeech.ts';
import { defaultInstalledModel, startOpenAiCompatibleFake } from '../fakes/openai-compatible/server.ts';
import { earshotBin, startServeProcess, type ServeProcess } from '../support/earshotProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { fixtureAudio } from './fileTranscriptionSupport.ts';

/**
 * `earshot transcribe` and `earshot jobs …` as a user runs them when the service goes away mid-job:
 * the service is a child process (killed with SIGKILL, as a crash would), P12 points at the fake
 * OpenAI-compatible server, which holds its answer so that the job stays in flight.
 */

type Fake = Awaited<ReturnType<typeof startOpenAiCompatibleFake>>;
let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let fake: Fake;
const services: ServeProcess[] = [];

beforeEach(async () => {
  directory = temporaryDirectory('file-jobs-cli');
  dataDirectory = join(directory.path, 'data');
  mkdirSync(dataDirectory, { mode: 0o700 });
  fake = await startOpenAiCompatibleFake();
  writeProviderConfig(dataDirectory, 'openai-compatible', {
    baseUrl: fake.baseUrl,
    model: defaultInstalledModel,
  });
});

afterEach(async () => {
  for (const service of services.splice(0)) {
    service.child.kill('SIGTERM');
    await service.exited;
  }
  await fake.close();
  directory.remove();
});

async function startService(): Promise<ServeProcess> {
  const service = await startServeProcess(['--port', '0', '--data-dir', dataDirectory]);
  services.push(service);
  return service;
}

async function killService(service: ServeProcess): Promise<void> {
  service.child.kill('SIGKILL');
  await service.exited;
}

/** `earshot ARGS --data-dir …` running in the background, its output read as it comes. */
function startCli(args: string[]) {
  const child = spawn(earshotBin, [...args, '--data-dir', dataDirectory], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function runCli(args: string[]) {
  const cli = startCli(args);
  const status = await cli.exited;
  return { status, stdout: cli.stdout(), stderr: cli.stderr() };
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > timeoutMs) throw new Error(`Gave up waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How many uploads the fake has had: each is one attempt at the file's one chunk. */
function uploadsToFake(): number {
  return fake.requests.filter((request) => request.url === '/v1/audio/transcriptions').length;
}

/** Starts `earshot transcribe` through the running service and waits until the fake holds the upload. */
async function transcribeHeld() {
  fake.holdJobs(true);
  const transcribe = startCli(['transcribe', fixtureAudio('jfk.wav'), '--provider', 'P12']);
  await waitUntil(
    () => uploadsToFake() === 1 && transcribe.stderr().includes('transcribing'),
    `the fake holds the upload (transcribe said: ${transcribe.stderr()})`,
  );
  return transcribe;
}

/** Starts a job as the app's Files page does (upload, then job), held by the fake; returns its id. */
async function startHeldJobInService(): Promise<string> {
  fake.holdJobs(true);
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client === undefined) throw new Error('no service runs');
  const { upload } = await client.upload<{ upload: string }>(
    '/uploads?name=jfk.wav',
    await fileBlob(fixtureAudio('jfk.wav')),
  );
  const { jobId } = await client.call<{ jobId: string }>('POST', '/transcriptions', {
    upload,
    provider: 'P12',
    title: 'Held',
  });
  await waitUntil(() => uploadsToFake() === 1, 'the fake holds the upload');
  return jobId;
}

const followMessage =
  /^earshot: The Earshot service stopped while transcribing \(job (\S+), (\d+)% done\)\.\nNothing transcribed so far is lost: the job resumes when the service starts again \(`earshot serve`, or the app\)\.\nFollow it with: earshot jobs show \1 --wait\n$/m;

describe('earshot transcribe when the service stops mid-job', () => {
  it('says how far the job got and how to follow it, and exits 3', async () => {
    const service = await startService();
    const transcribe = await transcribeHeld();
    await killService(service);
    expect(await transcribe.exited, transcribe.stderr()).toBe(3);
    expect(transcribe.stdout()).toBe('');
    const [, jobId, percent] = followMessage.exec(transcribe.stderr()) ?? [];
    expect(jobId, transcribe.stderr()).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(percent)).toBeLessThan(100);
  });
});

describe('earshot jobs', () => {
  it('list, show and cancel a job the service runs', async () => {
    await startService();
    const jobId = await startHeldJobInService();
    const listed = await runCli(['jobs', 'list']);
    expect(listed.status, listed.stderr).toBe(0);
    const [header, row, ...more] = listed.stdout.split('\n');
    expect(header).toMatch(/^ID +STATE +DONE +CHUNK +PROVIDER +CREATED +TITLE$/);
    expect(row).toMatch(
      new RegExp(
        `^${jobId} +(uploading|processing) +\\d+% +1/1 +P12 +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d +Held$`,
      ),
    );
    expect(more).toEqual(['']);
    expect(listed.stderr).toBe('1 job, 1 unfinished.\n');
    const shown = await runCli(['jobs', 'show', jobId]);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      new RegExp(
        `^Job: {6}${jobId}\nTitle: {4}Held\nState: {4}(uploading|processing), \\d+% done, chunk 1/1\n`,
      ),
    );
    expect(shown.stdout).toContain('Provider: P12 (openai-compatible)\n');
    expect(shown.stdout).toContain(`\nFollow it with: earshot jobs show ${jobId} --wait\n`);
    const cancelled = await runCli(['jobs', 'cancel', jobId]);
    expect(cancelled.status, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toBe(`Job ${jobId} (Held): cancelled.\n`);
    expect((await runCli(['jobs', 'list'])).stdout).toMatch(new RegExp(`^${jobId} +cancelled `, 'm'));
    const again = await runCli(['jobs', 'cancel', jobId]);
    expect(again.stdout).toBe(`Job ${jobId} (Held): cancelled.\n`);
    const unknown = await runCli(['jobs', 'show', 'no-such-job']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('earshot: There is no transcription job no-such-job;');
  });

  it('without a service: list, show and cancel say to start one; show --wait waits until Ctrl-C', async () => {
    for (const args of [['list'], ['show', 'some-job'], ['cancel', 'some-job']]) {
      const result = await runCli(['jobs', ...args]);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        `earshot: No Earshot service is running for ${dataDirectory}, and jobs run only in the service. ` +
          'Start it with `earshot serve` (or open the app): unfinished jobs resume when it starts.\n',
      );
    }
    const follower = startCli(['jobs', 'show', 'some-job', '--wait']);
    await waitUntil(() => follower.stderr().includes(waitingForServiceNote), 'show --wait says it waits');
    follower.child.kill('SIGINT');
    expect(await follower.exited).toBe(130);
    expect(follower.stderr()).toBe(
      `${waitingForServiceNote}\n` +
        'Stopped waiting; job some-job keeps its place. Follow it again with: earshot jobs show some-job --wait\n',
    );
  });
});

describe('earshot jobs show --wait across restarts of the service', () => {
  it('waits while no service runs, reattaches to the resumed job each time one starts, and prints the transcript', async () => {
    const first = await startService();
    const transcribe = await transcribeHeld();
    await killService(first);
    expect(await transcribe.exited, transcribe.stderr()).toBe(3);
    const jobId = followMessage.exec(transcribe.stderr())?.[1] ?? '';

    const follower = startCli(['jobs', 'show', jobId, '--wait']);
    const waitingNotes = () => follower.stderr().split(waitingForServiceNote).length - 1;
    /** `condition`, failing at once if the follower has ended instead (a job the service does not know). */
    const whileFollowing = (condition: () => boolean) => () => {
      if (follower.child.exitCode !== null) {
        throw new Error(`jobs show --wait ended with ${follower.child.exitCode}: ${follower.stderr()}`);
      }
      return condition();
    };
    await waitUntil(
      whileFollowing(() => waitingNotes() === 1),
      'show --wait says it waits for the service',
    );

    // The next service resumes the job, which sends its chunk again; the fake holds it again.
    const second = await startService();
    await waitUntil(
      whileFollowing(() => uploadsToFake() === 2 && follower.stderr().includes(`following job ${jobId}.`)),
      'the follower reattaches to the resumed job',
    );
    await killService(second);
    await waitUntil(
      whileFollowing(() => waitingNotes() === 2),
      'show --wait waits again once that service is gone',
    );

    fake.holdJobs(false);
    await startService();
    expect(await follower.exited, follower.stderr()).toBe(0);
    expect(follower.stdout()).toBe(`${cannedText(11_000)}\n`);
    expect(follower.stderr()).toMatch(/^Saved as session \S+\.$/m);
    expect(follower.stderr()).toMatch(/^jfk\.wav: done 100%$/m);

    const shown = await runCli(['jobs', 'show', jobId]);
    expect(shown.stdout).toContain('State:    completed (resumed 2×), 100% done, chunk 1/1\n');
  });
});
