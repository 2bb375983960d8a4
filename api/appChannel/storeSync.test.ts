import { afterEach, beforeEach, expect, it } from 'vitest';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { emptyPostProcess, SessionStore } from '../../store/sessionStore.ts';
import type { AppMessage } from './appProtocol.ts';
import { StoreSync } from './storeSync.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('store-sync');
  store = SessionStore.open(directory.path);
});

afterEach(() => {
  store.close();
  directory.remove();
});

const listedCells = [
  'durationMs',
  'providerId',
  'startedAt',
  'status',
  'tagIds',
  'title',
  'topicId',
  'transcriptLength',
  'updatedAt',
];

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it('keeps what the AI made and the other transcripts out of the replica, and says when they change', async () => {
  recordMeeting(store, ['We chose the blue design.'], { id: 'kickoff', title: 'Kickoff', startedAt: 1 });
  store.updateSession('kickoff', {
    postProcess: { ...emptyPostProcess, summary: 'Blue won.', status: 'success' },
    translatedTranscript: 'Nous avons choisi le design bleu.',
  });
  const messages: AppMessage[] = [];
  const unsubscribe = new StoreSync(store).subscribe((message) => messages.push(message));

  const snapshot = messages[0];
  if (snapshot?.type !== 'sync.snapshot') throw new Error('the first message is not the snapshot');
  const row = snapshot.tables.sessions.kickoff ?? {};
  expect(Object.keys(row).sort()).toEqual(listedCells);
  expect(row.title).toBe('Kickoff');

  const before = row.updatedAt as number;
  store.updateSession('kickoff', { mindMap: { markdown: '# Blue', status: 'success' } });
  await nextTurn();
  const change = messages[1];
  if (change?.type !== 'sync.changes') throw new Error('no change was sent');
  const changed = change.changes.sessions?.kickoff ?? {};
  expect(Object.keys(changed).sort()).toEqual(listedCells);
  expect(changed.updatedAt).toBeGreaterThanOrEqual(before);

  store.deleteSession('kickoff');
  await nextTurn();
  const deleted = messages[2];
  expect(deleted?.type === 'sync.changes' && deleted.changes.sessions?.kickoff).toBeNull();
  unsubscribe();
});
