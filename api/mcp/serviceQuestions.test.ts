import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { writeAiSettings } from '../../store/aiProviderSettings.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { hangingAfter, testModel } from '../../test/support/aiJobModels.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { serviceQuestions } from './serviceQuestions.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let aiJobs: AiJobs;

beforeEach(() => {
  directory = temporaryDirectory('mcp-questions');
  store = SessionStore.open(directory.path);
  // A model that starts its answer and then never finishes it.
  aiJobs = new AiJobs({ store, chooseModel: () => testModel({ streamText: hangingAfter('So far ') }) });
});

afterEach(async () => {
  await aiJobs.close();
  store.close();
  directory.remove();
});

describe('questions for the ask tool', () => {
  it('are not offered while no AI provider is chosen, with what to do', () => {
    expect(serviceQuestions({ aiJobs, store, dataDirectory: directory.path })).toBe(
      'No AI provider is set up. Add one with: earshot ai set KIND model=… (see docs/ai.md).',
    );
  });

  it('answer "pending" once the wait is over, and the job goes on with the question kept', async () => {
    writeAiSettings(directory.path, {
      providers: { local: { kind: 'ollama', model: 'llama3.2' } },
      defaultAiProvider: 'local',
    });
    const sessionId = recordMeeting(store, ['We agreed to keep the travel budget at ten thousand.']);
    const questions = serviceQuestions({ aiJobs, store, dataDirectory: directory.path, answerWaitMs: 1 });
    if (typeof questions === 'string') throw new Error(questions);
    const answered = await questions.askSession(sessionId, 'What was agreed?');
    expect(answered).toMatchObject({
      status: 'pending',
      keptAt: `the Q&A of session ${sessionId} (get_session shows it)`,
    });
    expect(store.getAskHistory(sessionId)).toMatchObject([
      { question: 'What was agreed?', status: 'pending' },
    ]);
    expect(aiJobs.list()).toMatchObject([{ kind: 'question', state: 'running' }]);
  });

  it('turn a refused request into an error that says what to do', async () => {
    writeAiSettings(directory.path, {
      providers: { local: { kind: 'ollama', model: 'llama3.2' } },
      defaultAiProvider: 'local',
    });
    const questions = serviceQuestions({ aiJobs, store, dataDirectory: directory.path });
    if (typeof questions === 'string') throw new Error(questions);
    await expect(questions.askSession('nope', 'What was agreed?')).rejects.toThrow(
      'There is no session nope. Find session ids with search_sessions.',
    );
  });
});
