import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { startOpenAiChatFake } from '../fakes/ai/openAiChatFake.ts';
import type { FakeAiServer } from '../fakes/ai/scriptedAnswers.ts';
import {
  earshotBin,
  runEarshotAsync,
  startServeProcess,
  type ServeProcess,
} from '../support/earshotProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * `earshot ask` as a user runs it: the service is a child process, the session was recorded before
 * it started, and the AI provider is an OpenAI-compatible server faked in this process, streaming
 * the scripted answer. stdout is a pipe here, so it gets the answer as saved and its citations.
 */

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let sessionId: string;
let service: ServeProcess | undefined;
let fake: FakeAiServer | undefined;

beforeEach(() => {
  directory = temporaryDirectory('ask-cli');
  dataDirectory = join(directory.path, 'data');
  mkdirSync(dataDirectory, { mode: 0o700 });
  const store = SessionStore.open(dataDirectory);
  try {
    sessionId = store.createSession({ title: 'Planning', providerId: 'whisper-cpp' }).id;
    const lines: Array<[number, number, string, string | null]> = [
      [0, 4_000, 'Good morning, let us start with the budget for the third quarter.', null],
      [4_000, 9_000, 'The budget is approved; I send it to finance today.', 'Anna'],
      [65_000, 70_000, 'Next, hiring: we move the interviews to May.', null],
    ];
    for (const [startMs, endMs, text, speaker] of lines) {
      store.appendSegment(sessionId, { startMs, endMs, text, speaker });
    }
  } finally {
    store.close();
  }
});

afterEach(async () => {
  if (service !== undefined) {
    service.child.kill('SIGTERM');
    await service.exited;
    service = undefined;
  }
  await fake?.close();
  fake = undefined;
  directory.remove();
});

const earshot = (...args: string[]) => runEarshotAsync([...args, '--data-dir', dataDirectory]);

async function startService(): Promise<void> {
  service = await startServeProcess(['--port', '0', '--data-dir', dataDirectory]);
}

/** An OpenAI-compatible provider on a fake that wants `key`, set up as the default with `apiKey`. */
async function setUpFakeProvider(key: string, apiKey: string): Promise<FakeAiServer> {
  fake = await startOpenAiChatFake({ models: ['fake-model'], apiKey: key });
  const set = await earshot(
    'ai',
    'set',
    'openai-compatible',
    `baseUrl=${fake.baseUrl}`,
    'model=fake-model',
    `apiKey=${apiKey}`,
    '--yes',
  );
  expect(set.status, set.stderr).toBe(0);
  return fake;
}

function askHistory() {
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  try {
    return store.getAskHistory(sessionId);
  } finally {
    store.close();
  }
}

describe('earshot ask', () => {
  it('needs the running service, and a question (exit 2 without one)', async () => {
    const noService = await earshot('ask', sessionId, 'What was approved?');
    expect(noService.status).toBe(1);
    expect(noService.stderr).toBe(
      `earshot: No Earshot service is running for ${dataDirectory}, and AI jobs run only in the service. ` +
        'Start it with `earshot serve` (or open the app), then run this again.\n',
    );
    const noQuestion = await earshot('ask', sessionId, '  ');
    expect(noQuestion.status).toBe(2);
    expect(noQuestion.stderr).toMatch(
      /^earshot: Name the session and ask a question: earshot ask SESSION_ID/,
    );
  });

  it('prints the answer as saved, then the lines it cites with their times, and keeps it in the session', async () => {
    const model = await setUpFakeProvider('sk-right', 'sk-right');
    await startService();
    model.answerNext({
      text: 'Anna sends it to finance today [0:00:04]; hiring moves to May [0:01:05] [0:09:00].',
    });
    const result = await earshot('ask', sessionId, 'Who', 'sends', 'the', 'budget?');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        'Anna sends it to finance today [0:00:04]; hiring moves to May [0:01:05].',
        '',
        '[0:04] Anna: The budget is approved; I send it to finance today.',
        '[1:05] Next, hiring: we move the interviews to May.',
        '',
      ].join('\n'),
    );
    expect(JSON.stringify(model.requests[0]?.body.messages)).toContain('Who sends the budget?');
    expect(askHistory()).toEqual([
      expect.objectContaining({
        question: 'Who sends the budget?',
        answer: 'Anna sends it to finance today [0:00:04]; hiring moves to May [0:01:05].',
        status: 'success',
      }),
    ]);
  });

  it('fails with the reason when the provider refuses the key, and keeps the reason as the answer', async () => {
    await setUpFakeProvider('sk-right', 'sk-wrong');
    await startService();
    const result = await earshot('ask', sessionId, 'What was approved?');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/(^|\n)earshot: .*refused the API key \(401.*apiKey=KEY\n$/);
    expect(askHistory()).toEqual([
      expect.objectContaining({ question: 'What was approved?', status: 'error' }),
    ]);
    expect(askHistory()[0]?.answer).toMatch(/refused the API key \(401/);
  });

  it('cancels the job on Ctrl-C and exits 130; the question is kept, cancelled', async () => {
    const model = await setUpFakeProvider('sk-right', 'sk-right');
    await startService();
    model.answerNext({ hold: true });
    const child = spawn(earshotBin, ['ask', sessionId, 'What was approved?', '--data-dir', dataDirectory], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    for (
      let waited = 0;
      !(stderr.includes('Asking: waiting for the answer') && model.requests.length === 1);
      waited += 20
    ) {
      if (waited > 20_000) throw new Error(`the model was never asked: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(stdout).toBe('');
    expect(stderr).toContain('Cancelling… (press Ctrl-C again to quit at once)\n');
    expect(stderr).toMatch(/Asking cancelled\.\n$/);
    expect(askHistory()).toEqual([expect.objectContaining({ answer: 'Cancelled.', status: 'error' })]);
  });

  it('passes on the service’s answer for a session it does not know', async () => {
    await startService();
    const result = await earshot('ask', 'no-such-session', 'Why?');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('earshot: There is no session no-such-session.\n');
  });
});
