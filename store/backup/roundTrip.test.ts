import { describe, expect, it } from 'vitest';
import { makeImportedSession, sampleTags, sampleTopics } from './backupTestData.ts';
import { createFakeBackupStore } from './fakeBackupStore.ts';
import type { ImportData } from './importData.ts';
import { parseBackup } from './parseBackup.ts';
import { writeBackup } from './writeBackup.ts';

async function exportText(data: ImportData, now: Date): Promise<string> {
  let text = '';
  await writeBackup(createFakeBackupStore(data), (chunk) => void (text += chunk), now);
  return text;
}

/** What a backup cannot carry: the store recomputes the length, and importing is a new change. */
function withoutDerivedData(data: ImportData, importedAt: number): ImportData {
  return {
    ...data,
    sessions: data.sessions.map((session) => ({
      ...session,
      record: { ...session.record, transcriptLength: 0, updatedAt: importedAt },
    })),
  };
}

const original: ImportData = {
  topics: sampleTopics,
  tags: sampleTags,
  vocabulary: {
    terms: ['Earshot', 'Kelly Byrne-Donoghue'],
    topics: { [sampleTopics[0]?.id ?? '']: ['Opus'] },
  },
  sessions: [
    makeImportedSession({ transcriptLength: 42 }),
    {
      ...makeImportedSession({
        id: 'session-2',
        title: '',
        startedAt: Date.UTC(2020, 2, 29, 23, 59, 59, 999),
        status: 'interrupted',
        durationMs: 0,
        topicId: null,
        tagIds: [],
        translatedTranscript: null,
        correctedTranscript: '更正后的文本',
        postProcess: { summary: '', actionItems: [], keywords: [], chapters: [], status: 'error' },
        mindMap: { markdown: '', status: 'pending' },
      }),
      segments: [],
      askHistory: [],
    },
    makeImportedSession({
      id: 'session-3',
      status: 'recording',
      startedAt: Date.UTC(2026, 10, 22, 1, 15, 0, 250),
    }),
  ],
};

describe('a backup round trip', () => {
  it('gives back the records it was written from', async () => {
    const importedAt = Date.UTC(2027, 0, 1);
    const text = await exportText(original, new Date(Date.UTC(2026, 10, 22)));
    const restored = parseBackup(text, { now: new Date(importedAt) });
    // The export lists newest first; restoring does not depend on the order.
    restored.sessions.sort((left, right) => left.record.id.localeCompare(right.record.id));
    expect(restored).toStrictEqual(withoutDerivedData(original, importedAt));
  });

  it('writes the same file again after a restore', async () => {
    const exportedAt = new Date(Date.UTC(2026, 10, 22));
    const first = await exportText(original, exportedAt);
    const store = createFakeBackupStore();
    store.importData(parseBackup(first), 'replace');
    let second = '';
    await writeBackup(store, (chunk) => void (second += chunk), exportedAt);
    expect(second).toBe(first);
  });
});
