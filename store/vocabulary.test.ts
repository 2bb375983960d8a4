import { afterEach, beforeEach, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { SessionStore } from './sessionStore.ts';
import { importedVocabulary, readVocabulary, sessionTerms, vocabularyValueId } from './vocabulary.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('vocabulary');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

it("gives a session everyone's terms, then its topic's, each once", () => {
  const stored = { terms: ['Earshot', 'Opus'], topics: { audio: ['Opus', 'WebRTC'] } };
  expect(sessionTerms(stored, 'audio')).toEqual(['Earshot', 'Opus', 'WebRTC']);
  expect(sessionTerms(stored, null)).toEqual(['Earshot', 'Opus']);
  expect(sessionTerms(stored, 'other')).toEqual(['Earshot', 'Opus']);
});

it('reads a missing or damaged value as no terms', () => {
  expect(readVocabulary(undefined)).toEqual({});
  expect(readVocabulary('{not json')).toEqual({});
  expect(readVocabulary(JSON.stringify({ terms: 'Earshot' }))).toEqual({});
});

it("merges an imported vocabulary after the store's, and replaces it on a replacing import", () => {
  store.putTopic({ id: 'audio', name: 'Audio', emoji: '', description: '' });
  store.setSetting(vocabularyValueId, JSON.stringify({ terms: ['Earshot'], topics: { audio: ['Opus'] } }));
  const file = { terms: ['Groq', 'Earshot'], topics: { audio: ['WebRTC'], talks: ['Keynote'] } };
  store.importData({ topics: [], tags: [], sessions: [], vocabulary: file }, 'merge');
  expect(store.getVocabulary()).toEqual({
    terms: ['Earshot', 'Groq'],
    topics: { audio: ['Opus', 'WebRTC'], talks: ['Keynote'] },
  });
  store.importData({ topics: [], tags: [], sessions: [], vocabulary: { terms: ['Only'] } }, 'replace');
  expect(store.getVocabulary()).toEqual({ terms: ['Only'] });
  store.importData({ topics: [], tags: [], sessions: [] }, 'replace');
  expect(store.getVocabulary()).toEqual({ terms: ['Only'] });
  expect(importedVocabulary({ terms: ['A'] }, { terms: ['B'] }, 'replace')).toEqual({ terms: ['B'] });
});
