import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamText } from '../../ai/modelFunctions.ts';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import type { AskEntry } from '../../store/records.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { hangingAfter, testModel, VendorFailure } from '../../test/support/aiJobModels.ts';
import type { AiModel } from './aiModel.ts';
import { AiJobRequestError, AiJobs, unansweredAfterRestart } from './aiJobs.ts';
import { cancelledAnswer } from './questionWork.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('question-jobs');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

/** A short meeting, completed; Ben speaks the last line. */
function meeting(): string {
  return recordMeeting(store, [
    'We agreed to keep the travel budget at ten thousand.',
    'Anna will send the revised numbers by Friday.',
    'We open two positions in March.',
    { text: 'I write the job description next week.', speaker: 'Ben' },
  ]);
}

/** The scripted model, its streamed answers from `streamText`. */
const model = (streamText: StreamText): AiModel => testModel({ streamText });

/** The answer in `pieces`, one every `gapMs`, as a model that writes slowly sends it. */
function slowly(pieces: readonly string[], gapMs: number): StreamText {
  return async function* () {
    for (const piece of pieces) {
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      yield piece;
    }
  };
}

/** Every state of the session's entries that a transaction left, as the page's replica sees them. */
function recordEntries(sessionId: string): AskEntry[] {
  const seen: AskEntry[] = [];
  store.watchRows((touched) => {
    if (touched.askEntries !== undefined) seen.push(...store.getAskHistory(sessionId));
  });
  return seen;
}

function jobsWith(chooseModel: () => AiModel | string): AiJobs {
  return new AiJobs({ store, chooseModel });
}

describe('a question job', () => {
  it('shows the entry pending at once, writes the answer as it grows, then saves it grounded', async () => {
    const sessionId = meeting();
    const seen = recordEntries(sessionId);
    const pieces = Array.from({ length: 12 }, (_, index) => `word${index} `).concat('[0:01:30] [2:00:00].');
    const jobs = jobsWith(() => model(slowly(pieces, 50)));
    const startedAt = Date.now();
    const { job, entryId } = jobs.ask({ sessionId, question: '  Who writes the job description?  ' });

    expect(store.getAskHistory(sessionId)).toEqual([
      {
        id: entryId,
        question: 'Who writes the job description?',
        answer: '',
        citations: [],
        createdAt: new Date(job.status().createdAt).toISOString(),
        status: 'pending',
      },
    ]);
    expect(job.status()).toMatchObject({ kind: 'question', entryId, artefacts: [] });
    expect(await job.finished).toMatchObject({ state: 'done', error: null });
    const streamedMs = Date.now() - startedAt;

    const growing = seen.filter((entry) => entry.status === 'pending').map((entry) => entry.answer);
    // 13 pieces over 650 ms or more, written at most every 250 ms: the empty entry, then a few
    // growing answers, not one per piece.
    expect(growing[0]).toBe('');
    expect(growing.length).toBeGreaterThanOrEqual(3);
    expect(growing.length).toBeLessThanOrEqual(2 + Math.ceil(streamedMs / 250));
    expect(growing.length).toBeLessThan(pieces.length);
    expect(growing.slice(1).every((answer, index) => answer.startsWith(growing[index] ?? ''))).toBe(true);

    const [saved] = store.getAskHistory(sessionId);
    expect(saved).toMatchObject({ id: entryId, status: 'success' });
    expect(saved?.answer).toBe(`${pieces.slice(0, -1).join('')}[0:01:30].`);
    // The spec's citation shape: the quote and the speaker, nothing else.
    expect(saved?.citations).toEqual([{ quote: 'I write the job description next week.', speaker: 'Ben' }]);
  });

  it("quotes the transcript to the model with the speakers' names, and cites them by name", async () => {
    const sessionId = meeting();
    store.renameSpeaker(sessionId, 'Ben', 'Benjamin Ross');
    const prompts: string[] = [];
    const jobs = jobsWith(() =>
      model((request) => {
        prompts.push(request.prompt);
        return slowly(['Benjamin does, [0:01:30].'], 0)(request);
      }),
    );
    const { job } = jobs.ask({ sessionId, question: 'Who writes the job description?' });
    expect(await job.finished).toMatchObject({ state: 'done' });
    expect(prompts.join('\n')).toContain('Benjamin Ross: I write the job description next week.');
    expect(prompts.join('\n')).not.toContain('Ben: ');
    expect(store.getAskHistory(sessionId)[0]?.citations).toEqual([
      { quote: 'I write the job description next week.', speaker: 'Benjamin Ross' },
    ]);
  });

  it("fails with the vendor's reason as the answer's text, and the status error", async () => {
    const sessionId = meeting();
    const refusal = 'The key was refused: set it with earshot ai set openai apiKey=KEY';
    const jobs = jobsWith(() =>
      model(() => {
        throw new VendorFailure({ message: refusal, transient: false });
      }),
    );
    const { job, entryId } = jobs.ask({ sessionId, question: 'What is the budget?' });
    expect(await job.finished).toMatchObject({ state: 'failed', error: refusal });
    expect(store.getAskHistory(sessionId)).toEqual([
      expect.objectContaining({ id: entryId, answer: refusal, citations: [], status: 'error' }),
    ]);

    const unset = jobsWith(() => 'No AI provider is set up. Add one with: earshot ai set KIND model=…');
    const second = unset.ask({ sessionId, question: 'What is the budget?' });
    await second.job.finished;
    expect(store.getAskHistory(sessionId).find((entry) => entry.id === second.entryId)).toMatchObject({
      answer: 'No AI provider is set up. Add one with: earshot ai set KIND model=…',
      status: 'error',
    });
  });

  it('starts the answer over when a transient failure cut it off', async () => {
    const sessionId = meeting();
    const seen = recordEntries(sessionId);
    let calls = 0;
    const scripted = scriptedModel(8192).streamText;
    const jobs = jobsWith(() =>
      model(async function* (request) {
        calls++;
        if (calls > 1) {
          yield* scripted(request);
          return;
        }
        yield 'A half answer ';
        throw new VendorFailure({ message: 'The connection dropped', transient: true, retryAfterMs: 20 });
      }),
    );
    const { job } = jobs.ask({ sessionId, question: 'What is the budget?' });
    expect(await job.finished).toMatchObject({ state: 'done' });
    const answers = seen.map((entry) => entry.answer);
    expect(answers).toContain('A half answer ');
    expect(answers.slice(answers.indexOf('A half answer ') + 1)).toContain('');
    expect(store.getAskHistory(sessionId)[0]).toMatchObject({
      answer: 'It was discussed [0:00:00], and again later [0:01:30]; also.',
      status: 'success',
    });
  });

  it('a cancel leaves the entry an error that says so', async () => {
    const sessionId = meeting();
    const jobs = jobsWith(() => model(hangingAfter('The budget ')));
    const { job } = jobs.ask({ sessionId, question: 'What is the budget?' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    job.cancel();
    expect(await job.finished).toMatchObject({ state: 'cancelled' });
    expect(store.getAskHistory(sessionId)[0]).toMatchObject({ answer: cancelledAnswer, status: 'error' });
  });

  it('a restart answers again from the start; an entry no job will finish becomes an error', async () => {
    const sessionId = meeting();
    const stopping = jobsWith(() => model(hangingAfter('Half an answer ')));
    const { job, entryId } = stopping.ask({ sessionId, question: 'What is the budget?' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getAskHistory(sessionId)[0]).toMatchObject({ answer: 'Half an answer ', status: 'pending' });
    await stopping.close();

    const orphan = meeting();
    store.putAskEntry(orphan, {
      id: 'lost',
      question: 'Who came?',
      answer: 'Ana and',
      citations: [],
      createdAt: new Date().toISOString(),
      status: 'pending',
    });

    const restarted = jobsWith(() => model(scriptedModel(8192).streamText));
    const [resumed] = restarted.resumeUnfinished();
    expect(resumed?.id).toBe(job.id);
    expect(store.getAskHistory(sessionId)[0]).toMatchObject({ id: entryId, answer: '', status: 'pending' });
    expect(await resumed?.finished).toMatchObject({ state: 'done', resumeCount: 1 });
    expect(store.getAskHistory(sessionId)[0]).toMatchObject({
      id: entryId,
      question: 'What is the budget?',
      status: 'success',
    });
    expect(store.getAskHistory(orphan)[0]).toMatchObject({ answer: unansweredAfterRestart, status: 'error' });
  });

  it('refuses an empty question and a session that does not exist', () => {
    const sessionId = meeting();
    const jobs = jobsWith(() => model(scriptedModel(8192).streamText));
    expect(() => jobs.ask({ sessionId, question: '   ' })).toThrow(AiJobRequestError);
    expect(() => jobs.ask({ sessionId: 'nope', question: 'Why?' })).toThrow(/no session nope/);
    expect(store.getAskHistory(sessionId)).toEqual([]);
    expect(store.listAiJobs(10)).toEqual([]);
  });
});
