import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultInstructions } from '../../ai/artefacts/prompts/artefactInstructions.ts';
import {
  promptSettingsOfSession,
  promptSettingsValueId,
} from '../../ai/artefacts/prompts/storedPromptSettings.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createPromptControl, type PromptsAnswer } from './promptControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('prompt-control');
  store = SessionStore.open(directory.path);
  app = new Hono().route('/control/v1', createPromptControl({ store }));
});
afterEach(() => {
  store.close();
  directory.remove();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as PromptsAnswer & { code?: string } };
}

describe('the prompt routes', () => {
  it('show no choice, the defaults and the templates before anything is set', async () => {
    const { status, json } = await call('GET', '/prompts');
    expect(status).toBe(200);
    expect(json.settings).toEqual({});
    expect(json.defaults.summary).toBe(defaultInstructions.summary);
    expect(Object.keys(json.templates)).toEqual(['meeting', 'lecture', '1:1', 'interview']);
    expect(json.artefacts).toContainEqual({ name: 'actionItems', label: 'the action items' });
  });

  it("keep the general choices and each topic's, which a session of the topic is generated with", async () => {
    store.putTopic({ id: 'topic-1on1', name: 'One on ones', emoji: '🤝', description: '' });
    const general = await call('PUT', '/prompts', {
      overrides: { summary: 'Three bullet points.' },
      outputLanguage: 'de',
    });
    expect(general.json.settings).toEqual({
      overrides: { summary: 'Three bullet points.' },
      outputLanguage: 'de',
    });
    const topic = await call('PUT', '/topics/topic-1on1/prompts', {
      template: '1:1',
      overrides: { summary: 'What we said about growth.' },
    });
    expect(topic.json.settings.topics).toEqual({
      'topic-1on1': { template: '1:1', overrides: { summary: 'What we said about growth.' } },
    });
    // Replacing the general choices keeps the topic's; what is left out goes back to the default.
    const again = await call('PUT', '/prompts', { overrides: { keywords: 'Names only.' } });
    expect(again.json.settings).toEqual({
      overrides: { keywords: 'Names only.' },
      topics: { 'topic-1on1': { template: '1:1', overrides: { summary: 'What we said about growth.' } } },
    });
    expect((await call('GET', '/prompts')).json.settings).toEqual(again.json.settings);

    const sessionId = store.createSession({ title: 'Weekly', providerId: 'P01', topicId: 'topic-1on1' }).id;
    expect(promptSettingsOfSession(store, sessionId)).toEqual({
      topic: '1:1',
      overrides: { keywords: 'Names only.', summary: 'What we said about growth.' },
    });
  });

  it('refuse a wrong choice, or a topic there is not, and change nothing', async () => {
    await call('PUT', '/prompts', { outputLanguage: 'French' });
    const before = store.getSetting(promptSettingsValueId);
    expect((await call('PUT', '/prompts', { overrides: { summry: 'x' } })).json.code).toBe('invalid_request');
    expect((await call('PUT', '/prompts', { outputLanguage: 7 })).json.code).toBe('invalid_request');
    const template = await call('PUT', '/topics/nope/prompts', { template: 'lecture' });
    expect(template).toMatchObject({ status: 404, json: { code: 'topic_not_found' } });
    store.putTopic({ id: 'topic-a', name: 'A', emoji: '📁', description: '' });
    expect((await call('PUT', '/topics/topic-a/prompts', { template: 'sermon' })).json.code).toBe(
      'invalid_request',
    );
    expect(store.getSetting(promptSettingsValueId)).toBe(before);
  });
});
