import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import type { AiModel } from './aiModel.ts';
import { AiJobRequestError, AiJobs } from './aiJobs.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('translation-jobs');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

const germanWords: Record<string, string> = {
  'We keep the budget.': 'Wir behalten das Budget.',
  'Anna sends the numbers.': 'Anna schickt die Zahlen.',
};

function jobs(): { jobs: AiJobs; prompts: string[] } {
  const scripted = scriptedModel(8192, { translate: (text) => germanWords[text] ?? text });
  const prompts: string[] = [];
  const model: AiModel = {
    name: 'test',
    generateStructured: (request) => {
      prompts.push(request.system);
      return scripted.generateStructured(request);
    },
    streamText: scripted.streamText,
    limits: { contextWindow: 8192, maxOutputTokens: 4096 },
    describeFailure: (error) => ({ message: String(error), transient: false }),
  };
  return { jobs: new AiJobs({ store, chooseModel: () => model }), prompts };
}

describe('a translation job', () => {
  it('saves translatedTranscript and keeps the translation segment by segment, the original untouched', async () => {
    const sessionId = recordMeeting(store, Object.keys(germanWords));
    const { jobs: translating, prompts } = jobs();
    const job = translating.translate({ sessionId, targetLanguage: ' German ' });
    expect(job.status()).toMatchObject({ kind: 'translation', targetLanguage: 'German' });
    expect(store.getTranscriptRevision(sessionId, 'translation')).toMatchObject({
      state: 'pending',
      language: 'German',
    });
    expect(await job.finished).toMatchObject({ state: 'done' });

    expect(prompts.every((system) => system.includes('German'))).toBe(true);
    expect(store.getSession(sessionId)?.translatedTranscript).toBe(
      'Wir behalten das Budget. Anna schickt die Zahlen.',
    );
    expect(store.getTranscriptRevision(sessionId, 'translation')).toMatchObject({
      state: 'kept',
      language: 'German',
      segments: [
        {
          seq: 0,
          startMs: 0,
          endMs: 25_000,
          original: 'We keep the budget.',
          revised: 'Wir behalten das Budget.',
        },
        {
          seq: 1,
          startMs: 30_000,
          endMs: 55_000,
          original: 'Anna sends the numbers.',
          revised: 'Anna schickt die Zahlen.',
        },
      ],
    });
    expect(store.getTranscript(sessionId)).toBe('We keep the budget. Anna sends the numbers.');
    expect(translating.get(job.id)).toMatchObject({ kind: 'translation', targetLanguage: 'German' });
  });

  it('refuses a translation into no language', () => {
    const sessionId = recordMeeting(store, Object.keys(germanWords));
    const { jobs: translating } = jobs();
    expect(() => translating.translate({ sessionId, targetLanguage: '  ' })).toThrow(AiJobRequestError);
    expect(store.getTranscriptRevisions(sessionId)).toEqual([]);
  });
});
