import { describe, expect, it } from 'vitest';
import { BackupFormatError } from './backupFormatError.ts';
import { makeDocument, makeImportedSession, sampleTags, sampleTopics } from './backupTestData.ts';
import { createFakeBackupStore } from './fakeBackupStore.ts';
import { importBackup } from './importBackup.ts';
import { writeBackup } from './writeBackup.ts';

/** A file whose only session uses a topic and a tag that live in the store, not in the file. */
function fileReferringToStoredTopicAndTag(): string {
  const document = makeDocument();
  document.topics = [];
  document.tags = [];
  const [session] = document.sessions;
  if (session === undefined) throw new Error('the sample document has a session');
  session.id = 'session-new';
  session.topicId = 'topic-study';
  session.tagIds = ['tag-later'];
  return JSON.stringify(document);
}

function storeWithSamples() {
  return createFakeBackupStore({ topics: sampleTopics, tags: sampleTags, sessions: [makeImportedSession()] });
}

async function exportText(store: ReturnType<typeof createFakeBackupStore>): Promise<string> {
  let text = '';
  await writeBackup(store, (chunk) => void (text += chunk), new Date(0));
  return text;
}

describe('importBackup', () => {
  it("merges a file whose sessions use the store's topics and tags", async () => {
    const store = storeWithSamples();
    const summary = importBackup(fileReferringToStoredTopicAndTag(), store, 'merge', new Date(9));
    expect(summary).toEqual({ topics: 0, tags: 0, sessions: 1 });
    expect(store.imports.map((entry) => entry.mode)).toEqual(['merge']);
    expect(store.imports[0]?.data.sessions[0]?.record).toMatchObject({
      topicId: 'topic-study',
      updatedAt: 9,
    });
    const document = JSON.parse(await exportText(store)) as { sessions: Array<{ id: string }> };
    expect(document.sessions.map((session) => session.id).sort()).toEqual(['session-1', 'session-new']);
  });

  it('refuses the same file when replacing, because the store is wiped first, and writes nothing', async () => {
    const store = storeWithSamples();
    const before = await exportText(store);
    expect(() => importBackup(fileReferringToStoredTopicAndTag(), store, 'replace')).toThrow(
      BackupFormatError,
    );
    expect(() => importBackup(fileReferringToStoredTopicAndTag(), store, 'replace')).toThrow(
      'sessions[0].topicId: refers to topic "topic-study", which this backup does not contain',
    );
    expect(store.imports).toEqual([]);
    expect(await exportText(store)).toBe(before);
  });

  it('replaces the whole store with a self-contained file', async () => {
    const store = storeWithSamples();
    importBackup(JSON.stringify(makeDocument()), store, 'replace');
    const document = JSON.parse(await exportText(store)) as {
      topics: unknown[];
      sessions: Array<{ id: string }>;
    };
    expect(document.topics).toEqual([{ id: 'topic-work', name: '工作', emoji: '💼', description: '' }]);
    expect(document.sessions.map((session) => session.id)).toEqual(['session-1']);
  });

  it('writes nothing for a malformed file', () => {
    const store = storeWithSamples();
    expect(() => importBackup('{"format":"earshot-backup","version":1', store, 'merge')).toThrow(
      /not valid JSON/,
    );
    expect(store.imports).toEqual([]);
  });
});
