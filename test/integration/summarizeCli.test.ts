import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import { ControlClient } from '../../main/controlClient.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { earshotBin } from '../support/earshotProcess.ts';
import { ServedWithFakeAi } from '../support/servedWithFakeAi.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * `earshot summarize` as a user runs it: the service is a child process, the session was recorded
 * before it started, and the AI provider (when there is one) is an OpenAI-compatible server faked in
 * this process, answering the digest's one request with scripted notes.
 */

let directory: ReturnType<typeof temporaryDirectory>;
let dataDirectory: string;
let sessionId: string;
let served: ServedWithFakeAi;

beforeEach(() => {
  directory = temporaryDirectory('summarize-cli');
  dataDirectory = join(directory.path, 'data');
  mkdirSync(dataDirectory, { mode: 0o700 });
  const store = SessionStore.open(dataDirectory);
  try {
    sessionId = store.createSession({ title: 'Planning', providerId: 'whisper-cpp' }).id;
    const lines: Array<[number, number, string]> = [
      [0, 4_000, 'Good morning, let us start with the budget for the third quarter.'],
      [4_000, 9_000, 'The budget is approved; Anna sends it to finance today.'],
      [65_000, 70_000, 'Next, hiring: we move the interviews to May.'],
      [70_000, 75_000, 'Ben books the interviews.'],
    ];
    for (const [startMs, endMs, text] of lines) store.appendSegment(sessionId, { startMs, endMs, text });
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
/** An OpenAI-compatible provider on the fake, set up as a user would, as the default. */
const setUpFakeProvider = () => served.setUpFakeProvider();

/** The notes the digest asks a one-part session for (ai/artefacts/modelAnswerSchemas.ts). */
const notes = {
  summary: 'The budget for the third quarter was approved, and hiring moves to May.',
  actionItems: ['Anna sends the budget to finance', 'Ben books the interviews'],
  keywords: ['budget', 'hiring'],
  chapters: [
    { title: 'Budget', start: '0:00:00', summary: 'The third quarter budget is approved.' },
    { title: 'Hiring', start: '0:01:05', summary: 'The interviews move to May.' },
  ],
  outline: '# Planning\n- Budget\n  - approved\n- Hiring\n  - interviews in May',
};

describe('earshot summarize', () => {
  it('needs the running service, and says how to start it', async () => {
    const result = await earshot('summarize', sessionId);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `earshot: No Earshot service is running for ${dataDirectory}, and AI jobs run only in the service. ` +
        'Start it with `earshot serve` (or open the app), then run this again.\n',
    );
  });

  it('refuses an artefact that does not exist, naming the choices (exit 2)', async () => {
    const result = await earshot('summarize', sessionId, '--only', 'summary,outline');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^earshot: --only: there is no artefact "outline"; choose from summary, actionItems, keywords, chapters, mindMap \(comma-separated\)\.\n\nUsage: earshot/,
    );
  });

  it('passes on the service’s answer for a session it does not know', async () => {
    await startService();
    const result = await earshot('summarize', 'no-such-session');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('earshot: There is no session no-such-session.\n');
  });

  it('fails with what to do when no AI provider is set up', async () => {
    await startService();
    const result = await earshot('summarize', sessionId);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /(^|\n)earshot: No AI provider is set up\. Add one with: earshot ai set KIND model=… \(see docs\/ai\.md\)\.\n$/,
    );
  });

  it('prints the artefacts as Markdown when the job is done', async () => {
    const model = await setUpFakeProvider();
    await startService();
    model.answerNext({ object: notes });
    const result = await earshot('summarize', sessionId);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        '## Summary',
        '',
        'The budget for the third quarter was approved, and hiring moves to May.',
        '',
        '## Action items',
        '',
        '- Anna sends the budget to finance',
        '- Ben books the interviews',
        '',
        '## Keywords',
        '',
        'budget, hiring',
        '',
        '## Chapters',
        '',
        '- 0:00–1:05 Budget — The third quarter budget is approved.',
        '- 1:05–1:15 Hiring — The interviews move to May.',
        '',
        '## Mind map',
        '',
        '# Planning',
        '- Budget',
        '  - approved',
        '- Hiring',
        '  - interviews in May',
        '',
      ].join('\n'),
    );
    // The fake answers at once, so the job may be done before the first look at its progress.
    expect(result.stderr).toMatch(new RegExp(`Saved in session ${sessionId}\\.\\n$`));
    expect(model.requests).toHaveLength(1);
  });

  it('makes and prints only what --only names', async () => {
    const model = await setUpFakeProvider();
    await startService();
    model.answerNext({ object: { summary: notes.summary, chapters: notes.chapters } });
    const result = await earshot('summarize', sessionId, '--only', 'chapters,summary');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      '## Summary\n\nThe budget for the third quarter was approved, and hiring moves to May.\n\n' +
        '## Chapters\n\n- 0:00–1:05 Budget — The third quarter budget is approved.\n' +
        '- 1:05–1:15 Hiring — The interviews move to May.\n',
    );
  });

  it('cancels the job on Ctrl-C and exits 130', async () => {
    const model = await setUpFakeProvider();
    await startService();
    model.answerNext({ hold: true });
    const child = spawn(earshotBin, ['summarize', sessionId, '--data-dir', dataDirectory], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    for (let waited = 0; !(stderr.includes('part 1 of 1') && model.requests.length === 1); waited += 20) {
      if (waited > 20_000) throw new Error(`the model was never asked: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(stdout).toBe('');
    expect(stderr).toContain('Cancelling… (press Ctrl-C again to quit at once)\n');
    expect(stderr).toMatch(/Summarizing cancelled\.\n$/);
    const client = ControlClient.forDataDirectory(dataDirectory);
    const { jobs } = (await client?.call<{ jobs: AiJobStatus[] }>('GET', '/ai-jobs')) ?? { jobs: [] };
    expect(jobs.map((job) => job.state)).toEqual(['cancelled']);
  });
});
