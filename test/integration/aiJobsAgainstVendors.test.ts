import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { aiModelChoice } from '../../actors/aiJob/aiModelChoice.ts';
import { writeAiSettings } from '../../store/aiProviderSettings.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { aiFakeFixtures } from '../fakes/ai/aiFakeFixtures.ts';
import type { FakeAiServer } from '../fakes/ai/scriptedAnswers.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { recordMeeting } from '../support/recordedMeeting.ts';

/**
 * An AI job from start to saved artefacts, on each kind of AI provider as the service builds it
 * from the settings (aiModelChoice), against the vendor's protocol-faithful fake: the model's
 * answer reaches the session grounded on its segments, and a 429 is waited out and tried again.
 */
const notes = {
  summary: 'The team kept the travel budget and planned two hires.',
  actionItems: ['Anna sends the revised numbers by Friday.'],
  keywords: ['budget', 'hiring'],
  chapters: [
    { title: 'Budget', start: '0:00:00', summary: 'Travel stays at ten thousand.' },
    { title: 'Hiring', start: '0:01:00', summary: 'Two positions open in March.' },
  ],
  outline: '# Meeting\n## Budget\n- Travel stays\n## Hiring\n- Two positions',
};

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
beforeEach(() => {
  directory = temporaryDirectory('ai-jobs-vendors');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

function meeting(): string {
  return recordMeeting(store, [
    'We agreed to keep the travel budget at ten thousand.',
    'Anna will send the revised numbers by Friday.',
    'We open two positions in March.',
    'Ben writes the job description next week.',
  ]);
}

describe.each(aiFakeFixtures)('$kind', (fixture) => {
  let fake: FakeAiServer;
  beforeEach(async () => {
    fake = await fixture.start();
    writeAiSettings(directory.path, { providers: { team: fixture.config(fake) }, defaultAiProvider: 'team' });
  });
  afterEach(() => fake.close());

  it('saves the digest the model answered, on real segment times, after waiting out a 429', async () => {
    const sessionId = meeting();
    fake.answerNext({ failure: 'rate_limited', retryAfterSeconds: 0 }, { object: notes });
    const jobs = new AiJobs({ store, chooseModel: aiModelChoice(directory.path) });
    const status = await jobs.start({ sessionId }).finished;
    expect(status).toMatchObject({ state: 'done', error: null });
    const session = store.getSession(sessionId);
    expect(session?.postProcess).toMatchObject({
      status: 'success',
      summary: notes.summary,
      actionItems: notes.actionItems,
      chapters: [
        { title: 'Budget', startMs: 0, endMs: 60_000 },
        { title: 'Hiring', startMs: 60_000, endMs: 115_000 },
      ],
    });
    expect(session?.postProcess.keywords).toEqual(expect.arrayContaining(['budget', 'hiring']));
    expect(session?.mindMap).toMatchObject({ status: 'success' });
    expect(session?.mindMap.markdown).toContain('## Budget');
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
  });
});
