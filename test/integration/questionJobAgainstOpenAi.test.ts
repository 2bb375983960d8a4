import { afterEach, beforeEach, expect, it } from 'vitest';
import { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { aiModelChoice } from '../../actors/aiJob/aiModelChoice.ts';
import { writeAiSettings } from '../../store/aiProviderSettings.ts';
import type { AskEntry } from '../../store/records.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { aiFakeFixtures } from '../fakes/ai/aiFakeFixtures.ts';
import type { FakeAiServer } from '../fakes/ai/scriptedAnswers.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { recordMeeting } from '../support/recordedMeeting.ts';

/**
 * A question asked as an AI job, on an OpenAI provider built from the settings as the service
 * builds it (aiModelChoice), against the fake that speaks OpenAI's chat completions (the answer
 * streamed as SSE): the session's Q&A entry goes from pending to the answer with its citations
 * grounded on the segments, or, with a key the vendor refuses, to an error that says so.
 */
const openAi = aiFakeFixtures.find((fixture) => fixture.kind === 'openai');
if (openAi === undefined) throw new Error('The AI fakes have no OpenAI fixture.');

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let fake: FakeAiServer;
let jobs: AiJobs;

beforeEach(async () => {
  directory = temporaryDirectory('question-openai');
  store = SessionStore.open(directory.path);
  fake = await openAi.start();
  jobs = new AiJobs({ store, chooseModel: aiModelChoice(directory.path) });
});
afterEach(async () => {
  await jobs.close();
  await fake.close();
  store.close();
  directory.remove();
});

function meeting(): string {
  return recordMeeting(store, [
    'We agreed to keep the travel budget at ten thousand.',
    { text: 'Anna will send the revised numbers by Friday.', speaker: 'Anna' },
    'We open two positions in March.',
  ]);
}

/** Each state the session's entries are left in by a write, as the page's replica receives them. */
function entryStates(sessionId: string): AskEntry[] {
  const seen: AskEntry[] = [];
  store.watchRows((touched) => {
    if (touched.askEntries !== undefined) seen.push(...store.getAskHistory(sessionId));
  });
  return seen;
}

it('answers a question: the entry goes from pending to success with grounded citations', async () => {
  writeAiSettings(directory.path, { providers: { team: openAi.config(fake) }, defaultAiProvider: 'team' });
  const sessionId = meeting();
  const seen = entryStates(sessionId);
  fake.answerNext({
    text: 'Anna sends the revised numbers by Friday [0:00:30], and the travel budget stays [0:00:00] [0:09:00].',
  });
  const { job, entryId } = jobs.ask({ sessionId, question: 'Who sends the numbers?' });
  expect(await job.finished).toMatchObject({ state: 'done', error: null });

  expect(seen[0]).toMatchObject({ id: entryId, answer: '', status: 'pending' });
  expect(seen.at(-1)).toEqual({
    id: entryId,
    question: 'Who sends the numbers?',
    answer: 'Anna sends the revised numbers by Friday [0:00:30], and the travel budget stays [0:00:00].',
    citations: [
      { quote: 'Anna will send the revised numbers by Friday.', speaker: 'Anna' },
      { quote: 'We agreed to keep the travel budget at ten thousand.', speaker: null },
    ],
    createdAt: expect.any(String) as string,
    status: 'success',
  });
  expect(store.getAskHistory(sessionId)).toEqual([seen.at(-1)]);
  // The answer was asked for streamed, with the question and the transcript.
  expect(fake.requests).toHaveLength(1);
  expect(fake.requests[0]?.body.stream).toBe(true);
  expect(JSON.stringify(fake.requests[0]?.body.messages)).toContain('Who sends the numbers?');
});

it('a key the vendor refuses leaves the entry an error whose text says so', async () => {
  writeAiSettings(directory.path, {
    providers: { team: { ...openAi.config(fake), apiKey: 'sk-proj-not-the-right-key-0000' } },
    defaultAiProvider: 'team',
  });
  const sessionId = meeting();
  const { job, entryId } = jobs.ask({ sessionId, question: 'Who sends the numbers?' });
  const status = await job.finished;
  expect(status.state).toBe('failed');
  expect(status.error).toMatch(/refused the API key \(401/);
  expect(store.getAskHistory(sessionId)).toEqual([
    expect.objectContaining({ id: entryId, answer: status.error, citations: [], status: 'error' }),
  ]);
});
