import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topicInstructions } from '../../ai/artefacts/prompts/topicInstructions.ts';
import {
  promptSettingsValueId,
  type StoredPromptSettings,
} from '../../ai/artefacts/prompts/storedPromptSettings.ts';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import type { AiModel } from './aiModel.ts';
import { AiJobs } from './aiJobs.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('prompt-choices');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

/** The scripted model, keeping every prompt it is sent (instructions and transcript alike). */
function recordingModel(): { model: AiModel; prompts: string[] } {
  const scripted = scriptedModel(8192);
  const prompts: string[] = [];
  return {
    prompts,
    model: {
      name: 'test',
      generateStructured: (request) => {
        prompts.push(`${request.system}\n${request.prompt}`);
        return scripted.generateStructured(request);
      },
      streamText: (request) => {
        prompts.push(`${request.system}\n${request.prompt}`);
        return scripted.streamText(request);
      },
      limits: { contextWindow: 8192, maxOutputTokens: 2048 },
      describeFailure: (error) => ({ message: String(error), transient: false }),
    },
  };
}

function lectureSession(settings: StoredPromptSettings): string {
  store.putTopic({ id: 'topic-physics', name: 'Physics', emoji: '🧲', description: '' });
  const sessionId = recordMeeting(store, [
    'Today we look at the second law of thermodynamics.',
    'Entropy of a closed system never decreases.',
    'Read chapter four before Friday.',
  ]);
  store.updateSession(sessionId, { topicId: 'topic-physics' });
  store.setSetting(promptSettingsValueId, JSON.stringify(settings));
  return sessionId;
}

describe('the prompt choices of the settings', () => {
  it("reach the model: the topic's template, an override of the user's, the topic's own, the language", async () => {
    const sessionId = lectureSession({
      overrides: { summary: 'Summarise in exactly three bullet points.' },
      outputLanguage: 'German',
      topics: { 'topic-physics': { template: 'lecture', overrides: { answer: 'Answer like a tutor.' } } },
    });
    const { model, prompts } = recordingModel();
    const jobs = new AiJobs({ store, chooseModel: () => model });

    const digest = jobs.start({ sessionId, artefacts: ['summary', 'keywords'] });
    expect(await digest.finished).toMatchObject({ state: 'done' });
    const sent = prompts.join('\n');
    expect(sent).toContain('Summarise in exactly three bullet points.');
    expect(sent).toContain(topicInstructions.lecture.keywords);
    expect(sent).not.toContain(topicInstructions.lecture.summary);
    expect(sent).toContain('Write in German.');

    prompts.length = 0;
    const { job } = jobs.ask({ sessionId, question: 'What must we read?' });
    expect(await job.finished).toMatchObject({ state: 'done' });
    expect(prompts.join('\n')).toContain('Answer like a tutor.');
  });

  it('leave the defaults for a session of another topic, and for a damaged value', async () => {
    const sessionId = lectureSession({ topics: { 'topic-other': { template: 'lecture' } } });
    const { model, prompts } = recordingModel();
    const jobs = new AiJobs({ store, chooseModel: () => model });
    expect(await jobs.start({ sessionId, artefacts: ['keywords'] }).finished).toMatchObject({
      state: 'done',
    });
    expect(prompts.join('\n')).not.toContain(topicInstructions.lecture.keywords);

    store.setSetting(promptSettingsValueId, '{"overrides": {"summary": 42}}');
    prompts.length = 0;
    expect(await jobs.start({ sessionId, artefacts: ['summary'] }).finished).toMatchObject({ state: 'done' });
    expect(prompts.join('\n')).toContain('What the recording is about');
  });
});
