import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVocabularyControl } from '../../api/control/vocabularyControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { vocabularyOfSession } from '../../store/vocabulary.ts';
import { captureConsole } from '../../test/support/consoleCapture.ts';
import { serveControlRoutes } from '../../test/support/controlRoutesService.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { UsageError } from './usage.ts';
import { vocabularyCommand } from './vocabularyCommand.ts';

const output = captureConsole();
let directory: ReturnType<typeof temporaryDirectory>;

beforeEach(() => {
  directory = temporaryDirectory('vocabulary-command');
  const store = SessionStore.open(directory.path);
  store.putTopic({ id: 'audio', name: 'Audio', emoji: '', description: '' });
  store.close();
});
afterEach(() => directory.remove());

function termsOfA(topicId: string | null): string[] {
  const store = SessionStore.open(directory.path);
  try {
    const session = store.createSession({ title: 'Probe', providerId: 'deepgram', startedAt: 0, topicId });
    return vocabularyOfSession(store, session.id);
  } finally {
    store.close();
  }
}

describe('earshot vocabulary, without a service', () => {
  it('sets, adds to and removes from the list, which sessions are then transcribed with', async () => {
    await vocabularyCommand(directory.path, 'set', ['Earshot', 'Groq'], {});
    await vocabularyCommand(directory.path, 'add', ['Kelly Byrne-Donoghue'], {});
    await vocabularyCommand(directory.path, 'remove', ['Groq'], {});
    expect(output.text()).toBe(
      ['The vocabulary has 2 terms.', 'The vocabulary has 3 terms.', 'The vocabulary has 2 terms.'].join(
        '\n',
      ),
    );
    expect(termsOfA(null)).toEqual(['Earshot', 'Kelly Byrne-Donoghue']);
  });

  it('keeps a topic’s terms apart and adds them to its sessions’ vocabulary', async () => {
    await vocabularyCommand(directory.path, 'set', ['Earshot'], {});
    await vocabularyCommand(directory.path, 'add', ['Opus'], { topic: 'audio' });
    expect(output.text()).toBe("The vocabulary has 1 term.\nTopic audio's vocabulary has 1 term.");
    expect(termsOfA('audio')).toEqual(['Earshot', 'Opus']);
    expect(termsOfA(null)).toEqual(['Earshot']);
  });

  it('shows the terms and how each provider takes them, or that it takes none', async () => {
    await vocabularyCommand(directory.path, 'set', ['Earshot'], {});
    const shown = output.text().length + 1;
    await vocabularyCommand(directory.path, 'show', [], {});
    const lines = output.text().slice(shown).split('\n');
    expect(lines.slice(0, 2)).toEqual(['Earshot', '']);
    expect(lines).toContainEqual(expect.stringMatching(/^P06 Deepgram Nova +as keyterm$/));
    expect(lines).toContainEqual(expect.stringMatching(/^P04 Mistral Voxtral +takes none$/));
    const json = output.text().length + 1;
    await vocabularyCommand(directory.path, 'show', [], { json: true });
    expect(JSON.parse(output.text().slice(json))).toMatchObject({ terms: ['Earshot'], topics: {} });
  });

  it('says which providers a long list is cut for', async () => {
    await vocabularyCommand(
      directory.path,
      'set',
      Array.from({ length: 101 }, (_, index) => `term${index}`),
      {},
    );
    expect(output.text()).toContain('Deepgram Nova is sent 100 of the 101 terms (at most 100 terms).');
  });

  it('refuses what it cannot do and changes nothing', async () => {
    await vocabularyCommand(directory.path, 'set', ['Earshot'], {});
    await expect(vocabularyCommand(directory.path, 'clear', [], {})).rejects.toThrow(UsageError);
    await expect(vocabularyCommand(directory.path, 'add', [], {})).rejects.toThrow(UsageError);
    await expect(vocabularyCommand(directory.path, 'remove', ['Groq'], {})).rejects.toThrow(
      '"Groq" is not in the list; "earshot vocabulary show" lists it.',
    );
    await expect(vocabularyCommand(directory.path, 'add', ['Opus', 'x'.repeat(101)], {})).rejects.toThrow(
      `"${'x'.repeat(101)}": A term is at most 100 characters.`,
    );
    await expect(vocabularyCommand(directory.path, 'add', ['Opus'], { topic: 'gone' })).rejects.toThrow(
      'There is no topic gone; it may have been deleted.',
    );
    expect(termsOfA('audio')).toEqual(['Earshot']);
  });
});

describe('earshot vocabulary, while a service runs', () => {
  let store: SessionStore;
  let stopService: () => Promise<void>;

  beforeEach(async () => {
    store = SessionStore.open(directory.path);
    stopService = await serveControlRoutes(directory.path, createVocabularyControl({ store }));
  });
  afterEach(async () => {
    await stopService();
    store.close();
  });

  it("changes the service's list, which its next session is transcribed with", async () => {
    await vocabularyCommand(directory.path, 'set', ['Earshot'], { topic: 'audio' });
    const session = store.createSession({
      title: 'Live',
      providerId: 'deepgram',
      startedAt: 0,
      topicId: 'audio',
    });
    expect(vocabularyOfSession(store, session.id)).toEqual(['Earshot']);
    expect(output.text()).toBe("Topic audio's vocabulary has 1 term.");
  });
});
