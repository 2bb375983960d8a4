import { afterEach, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { SessionStore } from './sessionStore.ts';

let directory: ReturnType<typeof temporaryDirectory> | undefined;
afterEach(() => directory?.remove());

it('persists the deletion of the last row of a table (TinyBase reports it as a deleted table)', () => {
  directory = temporaryDirectory('last-row');
  const store = SessionStore.open(directory.path);
  const session = store.createSession({ title: 'The only one', providerId: 'deepgram' });
  store.putTopic({ id: 'topic-1', name: 'Only topic', emoji: '📁', description: '' });
  store.putTag({ id: 'tag-1', name: 'only-tag', color: '#336699' });
  const touched: Array<Record<string, string[]>> = [];
  const unwatch = store.watchRows((rows) => touched.push(rows));
  store.deleteSession(session.id);
  store.deleteTopic('topic-1');
  store.deleteTag('tag-1');
  unwatch();
  store.close();

  const reopened = SessionStore.open(directory.path);
  expect(reopened.getSession(session.id)).toBeUndefined();
  expect(reopened.listTopics()).toEqual([]);
  expect(reopened.listTags()).toEqual([]);
  reopened.close();
  expect(touched).toEqual([{ sessions: [session.id] }, { topics: ['topic-1'] }, { tags: ['tag-1'] }]);
});
