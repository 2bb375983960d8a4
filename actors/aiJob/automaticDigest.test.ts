import { afterEach, beforeEach, expect, it } from 'vitest';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { AiJobs } from './aiJobs.ts';
import { startDigestOnCompletion } from './automaticDigest.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let aiJobs: AiJobs;
let wanted: boolean;
let stop: () => void;

beforeEach(() => {
  directory = temporaryDirectory('automatic-digest');
  store = SessionStore.open(directory.path);
  const model = scriptedModel(8192);
  aiJobs = new AiJobs({
    store,
    chooseModel: () => ({
      name: 'test',
      generateStructured: model.generateStructured,
      streamText: model.streamText,
      limits: { contextWindow: 8192, maxOutputTokens: 4096 },
      describeFailure: (error) => ({ message: String(error), transient: false }),
    }),
  });
  wanted = true;
  stop = startDigestOnCompletion(store, aiJobs, () => wanted);
});

afterEach(async () => {
  stop();
  await aiJobs.close();
  store.close();
  directory.remove();
});

function recording(text: string | undefined): string {
  const session = store.createSession({ title: 'Standup', providerId: 'groq' });
  if (text !== undefined) store.appendSegment(session.id, { text, startMs: 0, endMs: 4_000 });
  return session.id;
}

async function afterTheTransaction(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

it('makes the digest of a session that completes', async () => {
  const sessionId = recording('About release, we ship on Friday.');
  store.setSessionStatus(sessionId, 'completed');
  await afterTheTransaction();
  const [job] = aiJobs.list();
  expect(job?.sessionId).toBe(sessionId);
  await expect.poll(() => store.getSession(sessionId)?.postProcess.status).toBe('success');
});

it('leaves alone a session without words, one whose digest exists, one imported completed, and all when not wanted', async () => {
  store.setSessionStatus(recording(undefined), 'completed');

  const summarised = recording('About release, we ship on Friday.');
  const session = store.getSession(summarised);
  if (session === undefined) throw new Error('no session');
  store.updateSession(summarised, {
    postProcess: { ...session.postProcess, summary: 'Kept.', status: 'success' },
  });
  store.setSessionStatus(summarised, 'completed');

  store.importData(
    {
      topics: [],
      tags: [],
      sessions: [
        {
          record: { ...session, id: 'imported', status: 'completed' },
          segments: [{ seq: 0, text: 'Hello.', startMs: 0, endMs: 1, speaker: null, language: null }],
          askHistory: [],
        },
      ],
    },
    'merge',
  );

  wanted = false;
  store.setSessionStatus(recording('About budget, it stays.'), 'completed');
  await afterTheTransaction();
  expect(aiJobs.list()).toEqual([]);
});
