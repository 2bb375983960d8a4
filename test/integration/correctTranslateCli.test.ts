import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import type { TranscriptRevisionRecord } from '../../store/transcriptRevisionTable.ts';
import { earshotBin } from '../support/earshotProcess.ts';
import { ServedWithFakeAi } from '../support/servedWithFakeAi.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * `earshot correct` and `earshot translate` as a user runs them: the service is a child process,
 * the session was recorded before it started, and the AI provider is an OpenAI-compatible server
 * faked in this process, answering each numbered line as the model would.
 */

const lines: Array<[number, number, string]> = [
  [0, 4_000, 'good morning lets start with the budget'],
  [4_000, 9_000, 'The budget is approved.'],
  [65_000, 70_000, 'next hiring we move the interviews to may'],
];
const corrections = {
  lines: [
    { seq: 0, text: "Good morning, let's start with the budget." },
    { seq: 2, text: 'Next, hiring: we move the interviews to May.' },
  ],
};
const translations = {
  lines: [
    { seq: 0, text: 'Guten Morgen, beginnen wir mit dem Budget.' },
    { seq: 1, text: 'Das Budget ist genehmigt.' },
    { seq: 2, text: 'Als Nächstes Personal: Wir verschieben die Gespräche auf Mai.' },
  ],
};
const originals = lines.map(([, , text]) => text);

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let sessionId: string;
let served: ServedWithFakeAi;

beforeEach(() => {
  directory = temporaryDirectory('correct-cli');
  dataDirectory = join(directory.path, 'data');
  mkdirSync(dataDirectory, { mode: 0o700 });
  const store = SessionStore.open(dataDirectory);
  try {
    sessionId = store.createSession({ title: 'Planning', providerId: 'whisper-cpp' }).id;
    for (const [startMs, endMs, text] of lines) store.appendSegment(sessionId, { startMs, endMs, text });
    store.setSessionStatus(sessionId, 'completed');
  } finally {
    store.close();
  }
  served = new ServedWithFakeAi(dataDirectory);
});

afterEach(async () => {
  await served.close();
  directory.remove();
});

const earshot = (...args: string[]) => served.earshot(...args);
const startService = () => served.startService();
const rightKey = { wanted: 'sk-right', given: 'sk-right' };

/** What the store holds for the session, read as another process reads it. */
function saved(): {
  segments: string[];
  correctedTranscript: string | null;
  translatedTranscript: string | null;
  correction: TranscriptRevisionRecord | undefined;
} {
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  try {
    const session = store.getSession(sessionId);
    return {
      segments: store.getSegments(sessionId).map((segment) => segment.text),
      correctedTranscript: session?.correctedTranscript ?? null,
      translatedTranscript: session?.translatedTranscript ?? null,
      correction: store.getTranscriptRevision(sessionId, 'correction'),
    };
  } finally {
    store.close();
  }
}

describe('earshot correct', () => {
  it('needs the running service, and a session', async () => {
    const noService = await earshot('correct', sessionId);
    expect(noService.status).toBe(1);
    expect(noService.stderr).toMatch(/No Earshot service is running .*Start it with `earshot serve`/);
    const noSession = await earshot('correct');
    expect(noSession.status).toBe(2);
    expect(noSession.stderr).toMatch(/^earshot: Name the session: earshot correct SESSION_ID/);
  });

  it('prints the changed segments with the changed words marked; --keep sets the corrected transcript', async () => {
    const model = await served.setUpFakeProvider(rightKey);
    await startService();
    model.answerNext({ object: corrections });
    const proposed = await earshot('correct', sessionId);
    expect(proposed.status, proposed.stderr).toBe(0);
    expect(proposed.stdout).toBe(
      [
        "[0:00] [-good morning lets-] start with the [-budget-] → {+Good morning, let's+} start with the {+budget.+}",
        '[1:05] [-next hiring-] we move the interviews to [-may-] → {+Next, hiring:+} we move the interviews to {+May.+}',
        '',
      ].join('\n'),
    );
    // No "part 1 of 1" here: a one-part job against the fake can end before the command first asks
    // how it goes, so whether progress shows is timing; its wording has a unit test.
    expect(proposed.stderr).toContain(
      `2 of 3 segments corrected. Keep it: earshot correct ${sessionId} --keep; discard it: earshot correct ${sessionId} --discard\n`,
    );
    expect(JSON.stringify(model.requests[0]?.body.messages)).toContain('#2 next hiring');
    expect(saved()).toMatchObject({ correctedTranscript: null, correction: { state: 'proposed' } });

    const kept = await earshot('correct', sessionId, '--keep');
    expect(kept.status, kept.stderr).toBe(0);
    expect(model.requests).toHaveLength(1);
    expect(saved()).toMatchObject({
      segments: originals,
      correctedTranscript:
        "Good morning, let's start with the budget. The budget is approved. Next, hiring: we move the interviews to May.",
      correction: { state: 'kept' },
    });
  });

  it('--discard drops the proposal and leaves the session as it was', async () => {
    const model = await served.setUpFakeProvider(rightKey);
    await startService();
    model.answerNext({ object: corrections });
    expect((await earshot('correct', sessionId)).status).toBe(0);
    const discarded = await earshot('correct', sessionId, '--discard');
    expect(discarded.status, discarded.stderr).toBe(0);
    expect(saved()).toMatchObject({
      segments: originals,
      correctedTranscript: null,
      correction: { state: 'discarded', segments: [] },
    });
    const again = await earshot('correct', sessionId, '--discard');
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/has no proposed correction to keep or discard/);
  });

  it("fails with the vendor's reason when the key is refused, kept with the correction", async () => {
    await served.setUpFakeProvider({ wanted: 'sk-right', given: 'sk-wrong' });
    await startService();
    const result = await earshot('correct', sessionId);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/(^|\n)earshot: .*refused the API key \(401.*apiKey=KEY\n$/);
    expect(saved().correction).toMatchObject({ state: 'failed' });
    expect(saved().correction?.error).toMatch(/refused the API key \(401/);
    expect(JSON.stringify(saved())).not.toContain('sk-wrong');
  });

  it('cancels the job on Ctrl-C and exits 130', async () => {
    const model = await served.setUpFakeProvider(rightKey);
    await startService();
    model.answerNext({ hold: true });
    const child = spawn(earshotBin, ['correct', sessionId, '--data-dir', dataDirectory], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    await until(
      () => stderr.includes('Correcting: part 1 of 1') && model.requests.length === 1,
      () => stderr,
    );
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(stderr).toMatch(/Correcting cancelled\.\n$/);
    expect(saved()).toMatchObject({
      correction: { state: 'failed', error: 'Cancelled.' },
      segments: originals,
    });
  });

  it('a restart mid-job makes the correction again, and the command says so', async () => {
    const model = await served.setUpFakeProvider(rightKey);
    await startService();
    model.answerNext({ hold: true }, { object: corrections });
    const running = earshot('correct', sessionId);
    await until(
      () => model.requests.length === 1,
      () => 'the model was never asked',
    );
    await served.stopService();
    const cutOff = await running;
    expect(cutOff.status).toBe(1);
    expect(cutOff.stderr).toMatch(
      /The Earshot service stopped before AI job .* ended\. When the service starts again/,
    );
    expect(saved().correction).toMatchObject({ state: 'pending' });

    await startService();
    await until(
      () => saved().correction?.state === 'proposed',
      () => `the correction is ${saved().correction?.state}`,
    );
    expect(model.requests).toHaveLength(2);
    expect(saved().correction?.segments.map((segment) => segment.revised)).toEqual([
      "Good morning, let's start with the budget.",
      'The budget is approved.',
      'Next, hiring: we move the interviews to May.',
    ]);
  });

  it('passes on the service’s answer for a session it does not know', async () => {
    await startService();
    const result = await earshot('correct', 'no-such-session');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('earshot: There is no session no-such-session.\n');
  });
});

describe('earshot translate', () => {
  it('needs a language (exit 2)', async () => {
    const result = await earshot('translate', sessionId);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^earshot: Name the session and the language: earshot translate SESSION_ID --to LANG/,
    );
  });

  it('prints the translation segment by segment and saves it as the translated transcript', async () => {
    const model = await served.setUpFakeProvider(rightKey);
    await startService();
    model.answerNext({ object: translations });
    const result = await earshot('translate', sessionId, '--to', 'German');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        '[0:00] Guten Morgen, beginnen wir mit dem Budget.',
        '[0:04] Das Budget ist genehmigt.',
        '[1:05] Als Nächstes Personal: Wir verschieben die Gespräche auf Mai.',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toContain(`Saved in session ${sessionId} as its translation (German).\n`);
    expect(JSON.stringify(model.requests[0]?.body.messages)).toContain('German');
    expect(saved()).toMatchObject({
      segments: originals,
      translatedTranscript: translations.lines.map((line) => line.text).join(' '),
    });
  });
});

async function until(condition: () => boolean, describe: () => string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 20_000) throw new Error(`gave up waiting: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
