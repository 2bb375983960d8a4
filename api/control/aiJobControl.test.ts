import { Hono } from 'hono';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { aiModelChoice } from '../../actors/aiJob/aiModelChoice.ts';
import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createAiJobControl, type QuestionStarted } from './aiJobControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let aiJobs: AiJobs;
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('ai-job-control');
  store = SessionStore.open(directory.path);
  // The models as the service chooses them: with no AI provider set up there is none.
  aiJobs = new AiJobs({ store, chooseModel: aiModelChoice(directory.path) });
  app = new Hono().route('/control/v1', createAiJobControl(aiJobs));
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

async function settled(jobId: string): Promise<AiJobStatus> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = (await (await app.request(`/control/v1/ai-jobs/${jobId}`)).json()) as AiJobStatus;
    if (['done', 'failed', 'cancelled'].includes(status.state)) return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`AI job ${jobId} did not end`);
}

it('starts a job that says plainly no AI provider is set up, and marks the artefacts error', async () => {
  const session = store.createSession({ title: 'Standup', providerId: 'groq' });
  store.appendSegment(session.id, { text: 'We ship on Friday.', startMs: 0, endMs: 2_000 });
  const started = await post(`/sessions/${session.id}/ai-jobs`, { artefacts: ['summary'] });
  expect(started.status).toBe(202);
  const job = (await started.json()) as AiJobStatus;
  expect(job).toMatchObject({ sessionId: session.id, artefacts: ['summary'] });
  const ended = await settled(job.jobId);
  expect(ended).toMatchObject({ state: 'failed' });
  expect(ended.error).toMatch(/No AI provider is set up\. Add one with: earshot ai set/);
  expect(store.getSession(session.id)?.postProcess.status).toBe('error');
  expect(store.getSession(session.id)?.mindMap.status).toBe('none');
  const listed = (await (await app.request('/control/v1/ai-jobs')).json()) as { jobs: AiJobStatus[] };
  expect(listed.jobs.map((listedJob) => listedJob.jobId)).toEqual([job.jobId]);
});

it('refuses what it cannot start, and names what it does not know', async () => {
  const session = store.createSession({ title: 'Standup', providerId: 'groq' });
  const unknownArtefact = await post(`/sessions/${session.id}/ai-jobs`, { artefacts: ['poem'] });
  expect(unknownArtefact.status).toBe(400);
  expect(await unknownArtefact.json()).toMatchObject({ code: 'invalid_request' });
  const unknownSession = await post('/sessions/nope/ai-jobs', {});
  expect(unknownSession.status).toBe(404);
  expect(await unknownSession.json()).toMatchObject({ code: 'session_not_found' });
  expect((await app.request('/control/v1/ai-jobs/nope')).status).toBe(404);
  expect((await post('/ai-jobs/nope/cancel')).status).toBe(404);
  expect(store.listAiJobs(10)).toEqual([]);
});

it('asks a question as an AI job, whose entry says plainly that no AI provider is set up', async () => {
  const session = store.createSession({ title: 'Standup', providerId: 'groq' });
  store.appendSegment(session.id, { text: 'We ship on Friday.', startMs: 0, endMs: 2_000 });
  const asked = await post(`/sessions/${session.id}/questions`, { question: ' When do we ship? ' });
  expect(asked.status).toBe(202);
  const { jobId, entryId } = (await asked.json()) as QuestionStarted;
  expect(await settled(jobId)).toMatchObject({ kind: 'question', entryId, state: 'failed' });
  const [entry] = store.getAskHistory(session.id);
  expect(entry).toMatchObject({ id: entryId, question: 'When do we ship?', status: 'error' });
  expect(entry?.answer).toMatch(/No AI provider is set up\. Add one with: earshot ai set/);
});

it('refuses an empty question and a session that does not exist', async () => {
  const session = store.createSession({ title: 'Standup', providerId: 'groq' });
  const empty = await post(`/sessions/${session.id}/questions`, { question: '   ' });
  expect(empty.status).toBe(400);
  expect(await empty.json()).toMatchObject({
    code: 'invalid_request',
    fields: { question: 'Ask a question: it is empty.' },
  });
  expect((await post(`/sessions/${session.id}/questions`, {})).status).toBe(400);
  const unknownSession = await post('/sessions/nope/questions', { question: 'Why?' });
  expect(unknownSession.status).toBe(404);
  expect(await unknownSession.json()).toMatchObject({ code: 'session_not_found' });
  expect(store.getAskHistory(session.id)).toEqual([]);
  expect(store.listAiJobs(10)).toEqual([]);
});
