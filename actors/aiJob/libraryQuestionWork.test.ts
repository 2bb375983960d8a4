import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nothingFoundAnswer } from '../../ai/artefacts/libraryQuestion.ts';
import type { StreamText } from '../../ai/modelFunctions.ts';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import type { LibraryQuestionRecord } from '../../store/libraryQuestionTable.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import type { ModelSubject } from './aiJob.ts';
import type { AiModel } from './aiModel.ts';
import { AiJobRequestError, AiJobs, unansweredAfterRestart } from './aiJobs.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('library-question-jobs');
  store = SessionStore.open(directory.path);
  store.putTopic({ id: 'hiring', name: 'Hiring', emoji: '', description: '' });
});
afterEach(() => {
  store.close();
  directory.remove();
});

/** A completed session titled `title` of `lines`, of the topic if one is given. */
function session(title: string, lines: readonly string[], topicId?: string): string {
  const id = recordMeeting(store, lines);
  store.updateSession(id, { title, topicId: topicId ?? null });
  return id;
}

/** Three sessions: two speak of the budget, one does not. */
function library(): { march: string; april: string; standup: string } {
  return {
    march: session('March planning', ['Welcome.', 'The budget for travel stays at ten thousand.', 'Next.']),
    april: session('April review', ['Hello.', 'We cut the budget for hiring by half.', 'Thanks.'], 'hiring'),
    standup: session('Standup', ['The build is green.', 'Release on Friday.']),
  };
}

function model(streamText?: StreamText): AiModel {
  const scripted = scriptedModel(8192);
  return {
    name: 'test',
    generateStructured: scripted.generateStructured,
    streamText: streamText ?? scripted.streamText,
    limits: { contextWindow: 8192, maxOutputTokens: 4096 },
    describeFailure: (error) => ({ message: (error as Error).message, transient: false }),
  };
}

/** A stream that sends `first` and then nothing until it is aborted, as the SDK's streams end. */
function hangingAfter(first: string): StreamText {
  return async function* (request) {
    yield first;
    await new Promise((_, reject) =>
      request.signal.addEventListener('abort', () => reject(new Error('aborted'))),
    );
  };
}

/** Jobs on the scripted model, noting what each model was chosen for. */
function jobsNotingSubjects(): { jobs: AiJobs; subjects: ModelSubject[] } {
  const subjects: ModelSubject[] = [];
  const jobs = new AiJobs({
    store,
    chooseModel: (subject) => {
      subjects.push(subject);
      return model();
    },
  });
  return { jobs, subjects };
}

/** Waits until the question's answer in the store has grown to `text`. */
async function answerGrowsTo(questionId: string, text: string): Promise<void> {
  for (let waited = 0; store.getLibraryQuestion(questionId)?.answer !== text; waited += 10) {
    if (waited > 5_000) throw new Error(`the answer never grew to "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a library question job', () => {
  it('shows the question pending at once, then the answer with citations naming session and time', async () => {
    const { march, april } = library();
    const { jobs, subjects } = jobsNotingSubjects();
    const { job, questionId } = jobs.askLibrary({ question: ' What about the budget? ', filters: {} });
    expect(store.getLibraryQuestion(questionId)).toMatchObject({
      question: 'What about the budget?',
      filters: {},
      jobId: job.id,
      answer: '',
      citations: [],
      status: 'pending',
      error: null,
    });
    expect(job.status()).toMatchObject({
      kind: 'libraryQuestion',
      sessionId: null,
      questionId,
      entryId: null,
    });

    expect(await job.finished).toMatchObject({ state: 'done', error: null });
    const saved = store.getLibraryQuestion(questionId);
    expect(saved?.status).toBe('success');
    expect(saved?.answer).toMatch(/^The "budget" came up \[1\] \[2\] and in passage\.$/);
    expect(
      saved?.citations.map(({ sessionId, sessionTitle, startMs, quote }) => ({
        sessionId,
        sessionTitle,
        startMs,
        quote,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          sessionId: march,
          sessionTitle: 'March planning',
          startMs: 30_000,
          quote: 'The budget for travel stays at ten thousand.',
        },
        {
          sessionId: april,
          sessionTitle: 'April review',
          startMs: 30_000,
          quote: 'We cut the budget for hiring by half.',
        },
      ]),
    );
    expect(saved?.citations).toHaveLength(2);
    expect(subjects).toEqual([{ topicId: null }]);
  });

  it('asks only the sessions of the topic, on the topic’s model', async () => {
    const { april } = library();
    const { jobs, subjects } = jobsNotingSubjects();
    const { job, questionId } = jobs.askLibrary({
      question: 'What about the budget?',
      filters: { topicId: 'hiring' },
    });
    await job.finished;
    expect(store.getLibraryQuestion(questionId)?.citations.map((citation) => citation.sessionId)).toEqual([
      april,
    ]);
    expect(subjects).toEqual([{ topicId: 'hiring' }]);
  });

  it('says no session mentions it without asking the model', async () => {
    library();
    const jobs = new AiJobs({
      store,
      chooseModel: () =>
        model(() => {
          throw new Error('the model was asked');
        }),
    });
    const { job, questionId } = jobs.askLibrary({ question: 'Any volcanoes?', filters: {} });
    expect(await job.finished).toMatchObject({ state: 'done' });
    expect(store.getLibraryQuestion(questionId)).toMatchObject({
      answer: nothingFoundAnswer,
      citations: [],
      status: 'success',
    });
  });

  it('refuses an empty question and a topic or tag that does not exist', () => {
    const jobs = new AiJobs({ store, chooseModel: () => model() });
    const refusal = (request: Parameters<AiJobs['askLibrary']>[0]): [string, string] | undefined => {
      try {
        jobs.askLibrary(request);
      } catch (error) {
        if (error instanceof AiJobRequestError) return [error.code, error.message];
        throw error;
      }
      return undefined;
    };
    expect(refusal({ question: '  ', filters: {} })).toEqual([
      'invalid_request',
      'Ask a question: it is empty.',
    ]);
    expect(refusal({ question: 'Budget?', filters: { topicId: 'none' } })).toEqual([
      'invalid_reference',
      'There is no topic none; GET /api/v1/topics lists them.',
    ]);
    expect(refusal({ question: 'Budget?', filters: { tagId: 'none' } })?.[0]).toBe('invalid_reference');
    expect(store.listLibraryQuestions(10)).toEqual([]);
  });

  it('keeps the reason when the model fails, and shows a cancelled question as cancelled', async () => {
    library();
    const failing = new AiJobs({ store, chooseModel: () => 'Set up an AI provider first.' });
    const failed = failing.askLibrary({ question: 'What about the budget?', filters: {} });
    expect(await failed.job.finished).toMatchObject({
      state: 'failed',
      error: 'Set up an AI provider first.',
    });
    expect(store.getLibraryQuestion(failed.questionId)).toMatchObject({
      status: 'error',
      error: 'Set up an AI provider first.',
      answer: '',
    });

    const hanging = new AiJobs({ store, chooseModel: () => model(hangingAfter('{"answer": "The bud')) });
    const cancelled = hanging.askLibrary({ question: 'What about the budget?', filters: {} });
    await answerGrowsTo(cancelled.questionId, 'The bud');
    hanging.cancel(cancelled.job.id);
    expect(await cancelled.job.finished).toMatchObject({ state: 'cancelled' });
    expect(store.getLibraryQuestion(cancelled.questionId)).toMatchObject({ status: 'cancelled', answer: '' });
  });

  it('is answered again after a restart, and one whose job was lost says so', async () => {
    library();
    const before = new AiJobs({ store, chooseModel: () => model(hangingAfter('{"answer": "Half')) });
    const { job, questionId } = before.askLibrary({ question: 'What about the budget?', filters: {} });
    await answerGrowsTo(questionId, 'Half');
    await before.close();
    const orphan: Omit<LibraryQuestionRecord, 'updatedAt'> = {
      id: 'orphan',
      question: 'Lost?',
      filters: {},
      aiProvider: null,
      jobId: 'gone',
      answer: '',
      citations: [],
      status: 'pending',
      error: null,
      createdAt: new Date().toISOString(),
    };
    store.putLibraryQuestion(orphan);

    const after = new AiJobs({ store, chooseModel: () => model() });
    const [resumed] = after.resumeUnfinished();
    expect(resumed?.id).toBe(job.id);
    expect(store.getLibraryQuestion(questionId)).toMatchObject({ status: 'pending', answer: '' });
    expect(await resumed?.finished).toMatchObject({ state: 'done', resumeCount: 1 });
    expect(store.getLibraryQuestion(questionId)?.status).toBe('success');
    expect(store.getLibraryQuestion('orphan')).toMatchObject({
      status: 'error',
      error: unansweredAfterRestart,
    });
    expect(after.get(job.id)).toMatchObject({ kind: 'libraryQuestion', questionId, sessionId: null });
  });
});
