import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { vocabularyOfSession } from '../../store/vocabulary.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import {
  createVocabularyControl,
  type TopicVocabularyAnswer,
  type VocabularyAnswer,
} from './vocabularyControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('vocabulary-control');
  store = SessionStore.open(directory.path);
  app = new Hono().route('/control/v1', createVocabularyControl({ store }));
});
afterEach(() => {
  store.close();
  directory.remove();
});

async function call<Answer = VocabularyAnswer>(method: string, path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json()) as Answer & { code?: string; message?: string },
  };
}

describe('the vocabulary routes', () => {
  it('keep everyone’s terms trimmed and once each, and say how each provider takes them', async () => {
    expect((await call('GET', '/vocabulary')).json).toMatchObject({ terms: [], topics: {} });
    const { status, json } = await call('PUT', '/vocabulary', { terms: [' Earshot ', 'Groq', 'Earshot'] });
    expect(status).toBe(200);
    expect(json.terms).toEqual(['Earshot', 'Groq']);
    expect((await call('GET', '/vocabulary')).json.terms).toEqual(['Earshot', 'Groq']);
    const byId = new Map(json.providers.map((provider) => [provider.id, provider]));
    expect(byId.get('deepgram')).toMatchObject({ parameter: 'keyterm', note: null });
    expect(byId.get('mistral')).toEqual({
      id: 'mistral',
      label: 'P04',
      name: 'Mistral Voxtral',
      parameter: null,
      note: 'Mistral Voxtral takes no custom vocabulary; its transcripts ignore the list.',
    });
  });

  it('tell which providers a long list is cut for, instead of refusing it', async () => {
    const terms = Array.from({ length: 150 }, (_, index) => `term${index}`);
    const { json } = await call('PUT', '/vocabulary', { terms });
    const deepgram = json.providers.find((provider) => provider.id === 'deepgram');
    expect(deepgram?.note).toBe('Deepgram Nova is sent 100 of the 150 terms (at most 100 terms).');
  });

  it("keep a topic's terms apart, and transcribe its sessions with everyone's and the topic's", async () => {
    store.putTopic({ id: 'audio', name: 'Audio', emoji: '', description: '' });
    await call('PUT', '/vocabulary', { terms: ['Earshot'] });
    const { status, json } = await call<TopicVocabularyAnswer>('PUT', '/topics/audio/vocabulary', {
      terms: ['Opus', 'Earshot'],
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      topicId: 'audio',
      terms: ['Opus', 'Earshot'],
      sessionTerms: ['Earshot', 'Opus'],
    });
    await call('PUT', '/vocabulary', { terms: ['Whisper'] });
    expect((await call<TopicVocabularyAnswer>('GET', '/topics/audio/vocabulary')).json.terms).toEqual([
      'Opus',
      'Earshot',
    ]);
    const session = store.createSession({
      title: 'Mixing',
      providerId: 'deepgram',
      startedAt: 0,
      topicId: 'audio',
    });
    expect(vocabularyOfSession(store, session.id)).toEqual(['Whisper', 'Opus', 'Earshot']);
    await call('PUT', '/topics/audio/vocabulary', { terms: [] });
    expect((await call('GET', '/vocabulary')).json.topics).toEqual({});
  });

  it('refuse what is not a list of terms, and a topic that does not exist, changing nothing', async () => {
    await call('PUT', '/vocabulary', { terms: ['Earshot'] });
    for (const body of [
      { terms: ['ok', '  '] },
      { terms: 'Earshot' },
      { words: ['Earshot'] },
      { terms: ['x'.repeat(101)] },
    ]) {
      const { status, json } = await call('PUT', '/vocabulary', body);
      expect(status).toBe(400);
      expect(json.code).toBe('invalid_request');
    }
    const missing = await call('PUT', '/topics/nowhere/vocabulary', { terms: ['Earshot'] });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('topic_not_found');
    expect((await call('GET', '/topics/nowhere/vocabulary')).status).toBe(404);
    expect((await call('GET', '/vocabulary')).json).toMatchObject({ terms: ['Earshot'], topics: {} });
  });
});
