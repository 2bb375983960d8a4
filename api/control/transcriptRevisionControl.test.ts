import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { aiModelChoice } from '../../actors/aiJob/aiModelChoice.ts';
import type { AiModel } from '../../actors/aiJob/aiModel.ts';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createAiJobControl } from './aiJobControl.ts';
import { createTranscriptRevisionControl, type TranscriptRevisions } from './transcriptRevisionControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let aiJobs: AiJobs;
let app: Hono;

const lines = ['we keep the budget.', 'anna sends the numbers.', 'Done.'];

/** A model that corrects by capitalising each line and translates into "German" by tagging it. */
function scripted(): AiModel {
  const model = scriptedModel(8192, { translate: (text) => `[de] ${text}` });
  const correcting = scriptedModel(8192);
  return {
    name: 'test',
    generateStructured: (request) =>
      (request.system.includes('German') ? model : correcting).generateStructured(request),
    streamText: model.streamText,
    limits: { contextWindow: 8192, maxOutputTokens: 4096 },
    describeFailure: (error) => ({ message: String(error), transient: false }),
  };
}

function serve(chooseModel: ConstructorParameters<typeof AiJobs>[0]['chooseModel']): void {
  aiJobs = new AiJobs({ store, chooseModel });
  app = new Hono()
    .route('/control/v1', createAiJobControl(aiJobs))
    .route('/control/v1', createTranscriptRevisionControl({ store, aiJobs }));
}

beforeEach(() => {
  directory = temporaryDirectory('transcript-revision-control');
  store = SessionStore.open(directory.path);
  serve(() => scripted());
});

afterEach(async () => {
  await aiJobs.close();
  store.close();
  directory.remove();
});

function post(path: string, body?: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(`/control/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

async function revisions(sessionId: string): Promise<TranscriptRevisions> {
  const answer = await app.request(`/control/v1/sessions/${sessionId}/revisions`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as TranscriptRevisions;
}

async function started(answer: Response): Promise<AiJobStatus> {
  expect(answer.status).toBe(202);
  const job = (await answer.json()) as AiJobStatus;
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = aiJobs.get(job.jobId);
    if (status !== undefined && ['done', 'failed', 'cancelled'].includes(status.state)) return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`AI job ${job.jobId} did not end`);
}

describe('corrections', () => {
  it('proposes a correction beside the original, then keeps it', async () => {
    const sessionId = recordMeeting(store, lines);
    expect(await revisions(sessionId)).toEqual({
      correction: null,
      translation: null,
      correctedTranscript: null,
      translatedTranscript: null,
    });
    const job = await started(await post(`/sessions/${sessionId}/corrections`, {}));
    expect(job).toMatchObject({ kind: 'correction', state: 'done' });

    const proposed = await revisions(sessionId);
    expect(proposed.correction).toMatchObject({ kind: 'correction', state: 'proposed', jobId: job.jobId });
    expect(proposed.correction?.segments).toEqual([
      {
        seq: 0,
        startMs: 0,
        endMs: 25_000,
        original: lines[0],
        revised: 'We keep the budget.',
        changed: true,
      },
      {
        seq: 1,
        startMs: 30_000,
        endMs: 55_000,
        original: lines[1],
        revised: 'Anna sends the numbers.',
        changed: true,
      },
      { seq: 2, startMs: 60_000, endMs: 85_000, original: 'Done.', revised: 'Done.', changed: false },
    ]);
    expect(proposed.correctedTranscript).toBeNull();

    const kept = await post(`/sessions/${sessionId}/corrections/keep`);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({
      correction: { state: 'kept' },
      correctedTranscript: 'We keep the budget. Anna sends the numbers. Done.',
    });
    expect(store.getTranscript(sessionId)).toBe('we keep the budget. anna sends the numbers. Done.');
    const again = await post(`/sessions/${sessionId}/corrections/keep`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'invalid_state' });
  });

  it('discards a proposal and leaves correctedTranscript as it was', async () => {
    const sessionId = recordMeeting(store, lines);
    store.updateSession(sessionId, { correctedTranscript: 'An earlier correction.' });
    await started(await post(`/sessions/${sessionId}/corrections`, { aiProvider: 'anything' }));
    const discarded = await post(`/sessions/${sessionId}/corrections/discard`);
    expect(discarded.status).toBe(200);
    expect(await discarded.json()).toMatchObject({
      correction: { state: 'discarded', segments: [] },
      correctedTranscript: 'An earlier correction.',
    });
  });

  it('refuses an unknown session, a session with no transcript, one recording, an unknown field', async () => {
    const unknown = await post('/sessions/nope/corrections', {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'session_not_found' });
    expect((await app.request('/control/v1/sessions/nope/revisions')).status).toBe(404);
    expect((await post('/sessions/nope/corrections/keep')).status).toBe(404);

    const recording = store.createSession({ title: 'now', providerId: 'groq' }).id;
    const live = await post(`/sessions/${recording}/corrections`, {});
    expect(live.status).toBe(409);
    expect(await live.json()).toMatchObject({ code: 'session_recording' });

    store.setSessionStatus(recording, 'completed');
    const empty = await post(`/sessions/${recording}/corrections`, {});
    expect(empty.status).toBe(409);
    expect(await empty.json()).toMatchObject({
      code: 'invalid_state',
      error: expect.stringContaining('no transcript yet') as string,
    });

    const sessionId = recordMeeting(store, lines);
    const extra = await post(`/sessions/${sessionId}/corrections`, { language: 'de' });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({
      code: 'invalid_request',
      fields: { language: expect.any(String) as string },
    });
    expect((await post(`/sessions/${sessionId}/corrections/discard`)).status).toBe(409);
    expect(store.listAiJobs(10)).toEqual([]);
  });

  it('fails the job with the reason when no AI provider is set up, kept with the correction', async () => {
    serve(aiModelChoice(directory.path));
    const sessionId = recordMeeting(store, lines);
    const job = await started(await post(`/sessions/${sessionId}/corrections`, {}));
    expect(job.error).toMatch(/No AI provider is set up/);
    expect((await revisions(sessionId)).correction).toMatchObject({ state: 'failed', error: job.error });
  });
});

describe('translations', () => {
  it('translates into the language asked and saves translatedTranscript', async () => {
    const sessionId = recordMeeting(store, lines);
    const job = await started(await post(`/sessions/${sessionId}/translations`, { to: 'German' }));
    expect(job).toMatchObject({ kind: 'translation', targetLanguage: 'German', state: 'done' });
    const saved = await revisions(sessionId);
    expect(saved.translation).toMatchObject({ state: 'kept', language: 'German' });
    expect(saved.translation?.segments.map((segment) => segment.revised)).toEqual(
      lines.map((line) => `[de] ${line}`),
    );
    expect(saved.translatedTranscript).toBe(lines.map((line) => `[de] ${line}`).join(' '));
  });

  it('refuses a request without a language', async () => {
    const sessionId = recordMeeting(store, lines);
    for (const body of [{}, { to: '  ' }, { to: 7 }]) {
      const refused = await post(`/sessions/${sessionId}/translations`, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: 'invalid_request',
        fields: { to: 'Name the language to translate into, such as "de" or "German".' },
      });
    }
    expect(store.listAiJobs(10)).toEqual([]);
  });
});
