import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import type { LibraryQuestionRecord } from '../../store/libraryQuestionTable.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createLibraryQuestionControl, type LibraryQuestionStarted } from './libraryQuestionControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let aiJobs: AiJobs;
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('library-question-control');
  store = SessionStore.open(directory.path);
  const scripted = scriptedModel(8192);
  aiJobs = new AiJobs({
    store,
    chooseModel: () => ({
      name: 'test',
      generateStructured: scripted.generateStructured,
      streamText: scripted.streamText,
      limits: { contextWindow: 8192, maxOutputTokens: 4096 },
      describeFailure: (error) => ({ message: String(error), transient: false }),
    }),
  });
  app = new Hono().route('/control/v1', createLibraryQuestionControl({ aiJobs, store }));
});

afterEach(async () => {
  await aiJobs.close();
  store.close();
  directory.remove();
});

function ask(body: unknown): Promise<Response> {
  return Promise.resolve(
    app.request('/control/v1/questions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

async function answered(questionId: string): Promise<LibraryQuestionRecord> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const question = (await (
      await app.request(`/control/v1/questions/${questionId}`)
    ).json()) as LibraryQuestionRecord;
    if (question.status !== 'pending') return question;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`question ${questionId} was not answered`);
}

describe('questions asked of the library', () => {
  it('answers across sessions with citations naming session and time, and lists the questions newest first', async () => {
    const planning = recordMeeting(store, ['Hello.', 'The budget stays at ten thousand.']);
    recordMeeting(store, ['The build is green.']);
    const started = await ask({ question: 'What about the budget?' });
    expect(started.status).toBe(202);
    const { jobId, questionId } = (await started.json()) as LibraryQuestionStarted;
    expect(jobId).toEqual(expect.any(String));

    const question = await answered(questionId);
    expect(question).toMatchObject({
      id: questionId,
      question: 'What about the budget?',
      filters: {},
      jobId,
      status: 'success',
      error: null,
    });
    expect(question.citations).toEqual([
      expect.objectContaining({
        passage: 1,
        sessionId: planning,
        sessionTitle: 'Budget meeting',
        startMs: 30_000,
        quote: 'The budget stays at ten thousand.',
      }),
    ]);

    const second = (await (await ask({ question: 'And the build?' })).json()) as LibraryQuestionStarted;
    await answered(second.questionId);
    const listed = (await (await app.request('/control/v1/questions')).json()) as {
      questions: LibraryQuestionRecord[];
    };
    expect(listed.questions.map((entry) => entry.id)).toEqual([second.questionId, questionId]);
  });

  it('keeps the filters, days as the instants that start and end them in the local time zone', async () => {
    store.putTopic({ id: 'work', name: 'Work', emoji: '', description: '' });
    store.putTag({ id: 'q3', name: 'Q3', color: '#000000' });
    const started = await ask({
      question: 'Budget?',
      topicId: 'work',
      tagId: 'q3',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(started.status).toBe(202);
    const { questionId } = (await started.json()) as LibraryQuestionStarted;
    expect(store.getLibraryQuestion(questionId)?.filters).toEqual({
      topicId: 'work',
      tagId: 'q3',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(new Date(2026, 11, 1).getTime() - 1).toISOString(),
    });
    const exact = await ask({ question: 'Budget?', from: '2026-11-01T09:00:00+02:00' });
    const exactId = ((await exact.json()) as LibraryQuestionStarted).questionId;
    expect(store.getLibraryQuestion(exactId)?.filters).toEqual({ from: '2026-11-01T07:00:00.000Z' });
  });

  it('refuses what it cannot ask, and says which question it does not know', async () => {
    const refusal = async (body: unknown) => {
      const response = await ask(body);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await refusal({ question: '  ' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', fields: { question: 'Ask a question: it is empty.' } },
    });
    expect(await refusal({ question: 'Budget?', from: 'last week' })).toMatchObject({
      status: 400,
      body: {
        code: 'invalid_request',
        fields: { from: expect.stringMatching(/^A day as YYYY-MM-DD/) as string },
      },
    });
    expect(await refusal({ question: 'Budget?', to: '2026-02-30' })).toMatchObject({ status: 400 });
    expect(await refusal({ question: 'Budget?', from: '2026-11-02', to: '2026-11-01' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', error: '"from" (2026-11-02) is after "to" (2026-11-01).' },
    });
    expect(await refusal({ question: 'Budget?', topicId: 'nope' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_reference' },
    });
    expect(await refusal({ question: 'Budget?', session: 'x' })).toMatchObject({
      status: 400,
      body: { fields: { session: 'Unknown field; leave it out.' } },
    });
    expect(store.listLibraryQuestions(10)).toEqual([]);
    const unknown = await app.request('/control/v1/questions/nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'question_not_found' });
  });
});
