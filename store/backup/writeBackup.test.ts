import { describe, expect, it } from 'vitest';
import {
  listedSession,
  type AskEntry,
  type Segment,
  type SessionQuery,
  type SessionRecord,
} from '../records.ts';
import type { BackupSource } from './backupSource.ts';
import { makeImportedSession, sampleTags, sampleTopics } from './backupTestData.ts';
import { createFakeBackupStore } from './fakeBackupStore.ts';
import { formatWithOffset } from '../offsetTimestamp.ts';
import { parseBackup } from './parseBackup.ts';
import { writeBackup } from './writeBackup.ts';

async function exportText(source: BackupSource, now?: Date): Promise<string> {
  const chunks: string[] = [];
  await writeBackup(source, (chunk) => void chunks.push(chunk), now);
  return chunks.join('');
}

function manySessions(count: number) {
  return Array.from({ length: count }, (_, index) =>
    makeImportedSession({ id: `session-${index}`, startedAt: Date.UTC(2026, 0, 1) + index * 60_000 }),
  );
}

describe('writeBackup', () => {
  it('writes a valid document with no sessions', async () => {
    const text = await exportText(createFakeBackupStore(), new Date(Date.UTC(2026, 10, 22, 1, 30)));
    expect(JSON.parse(text)).toEqual({
      format: 'earshot-backup',
      version: 1,
      exportedAt: formatWithOffset(Date.UTC(2026, 10, 22, 1, 30)),
      topics: [],
      tags: [],
      sessions: [],
    });
    expect(parseBackup(text)).toEqual({ topics: [], tags: [], sessions: [] });
  });

  it('writes a valid document with many sessions, newest first, one per line', async () => {
    const store = createFakeBackupStore({
      topics: sampleTopics,
      tags: sampleTags,
      sessions: manySessions(250),
    });
    const text = await exportText(store);
    const document = JSON.parse(text) as { sessions: Array<{ id: string }> };
    expect(document.sessions.map((session) => session.id)).toEqual(
      Array.from({ length: 250 }, (_, index) => `session-${249 - index}`),
    );
    expect(text.split('\n')).toHaveLength(1 + 250 + 1 + 1);
    expect(parseBackup(text).sessions).toHaveLength(250);
  });

  it('asks the reader for every session in one listing', async () => {
    const store = createFakeBackupStore({ topics: [], tags: [], sessions: manySessions(3) });
    await exportText(store);
    expect(store.queries).toEqual([{ limit: Number.MAX_SAFE_INTEGER, offset: 0 }]);
  });

  it('writes no derived data, and startedAt with the local offset rather than Z', async () => {
    const [session] = manySessions(1);
    const store = createFakeBackupStore({ topics: sampleTopics, tags: sampleTags, sessions: [session!] });
    const document = JSON.parse(await exportText(store)) as {
      topics: object[];
      tags: object[];
      sessions: Array<Record<string, unknown> & { segments: object[] }>;
    };
    expect(document.topics[0]).not.toHaveProperty('sessionCount');
    expect(document.tags[0]).not.toHaveProperty('sessionCount');
    const written = document.sessions[0]!;
    expect(Object.keys(written).sort()).toEqual(
      [
        'id',
        'title',
        'startedAt',
        'status',
        'durationMs',
        'providerId',
        'topicId',
        'tagIds',
        'segments',
        'translatedTranscript',
        'correctedTranscript',
        'postProcess',
        'mindMap',
        'askHistory',
      ].sort(),
    );
    expect(written.startedAt).toBe(formatWithOffset(session!.record.startedAt));
    expect(written.startedAt).toMatch(/[+-]\d{2}:\d{2}$/);
    expect(written.correctedTranscript).toBeNull();
    expect(written.segments[0]).toEqual({
      text: '大家早上好。',
      startMs: 0,
      endMs: 1_500,
      speaker: '张伟',
      language: 'zh',
    });
    expect(written.segments[2]).toEqual({
      text: '"Quotes", \\ and \n newlines',
      startMs: 2_750,
      endMs: 2_750,
    });
  });

  it('waits for an asynchronous sink before writing more', async () => {
    const store = createFakeBackupStore({
      topics: sampleTopics,
      tags: sampleTags,
      sessions: manySessions(5),
    });
    let pending = 0;
    let mostPending = 0;
    const chunks: string[] = [];
    await writeBackup(store, async (chunk) => {
      pending++;
      mostPending = Math.max(mostPending, pending);
      await new Promise((resolve) => setTimeout(resolve, 2));
      chunks.push(chunk);
      pending--;
    });
    expect(mostPending).toBe(1);
    expect(parseBackup(chunks.join('')).sessions).toHaveLength(5);
  });

  it('stops at the first failing write', async () => {
    const store = createFakeBackupStore({ topics: [], tags: [], sessions: manySessions(5) });
    let writes = 0;
    const failing = writeBackup(store, () => {
      writes++;
      if (writes === 3) throw new Error('disk full');
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(writes).toBe(3);
  });

  it('streams a large library a session at a time', async () => {
    // 10,000 sessions of about 20 KB of transcript each, made only when asked for, so the test holds
    // no more than the exporter does.
    const sessionCount = 10_000;
    const segmentText = '这是一个很长的转录片段，用来测试导出的内存占用。'.repeat(8);
    const segmentsPerSession = Math.ceil(20_000 / Buffer.byteLength(segmentText));
    const record = makeImportedSession().record;
    const records: SessionRecord[] = Array.from({ length: sessionCount }, (_, index) => ({
      ...record,
      id: `s${index}`,
    }));
    let segmentReads = 0;
    const source: BackupSource = {
      listSessions: (_query: SessionQuery) => ({
        sessions: records.map(listedSession),
        total: records.length,
      }),
      getSession: (id) => records.find((record) => record.id === id),
      getSegments: (): Segment[] => {
        segmentReads++;
        return Array.from({ length: segmentsPerSession }, (_, seq) => ({
          seq,
          text: segmentText,
          startMs: seq * 1_000,
          endMs: seq * 1_000 + 900,
          speaker: 'A',
          language: 'zh',
        }));
      },
      getAskHistory: (): AskEntry[] => [],
      getSpeakerNames: () => ({}),
      getVocabulary: () => ({}),
      listTopics: () => sampleTopics,
      listTags: () => sampleTags,
    };

    let chunkCount = 0;
    let totalBytes = 0;
    let largestChunk = 0;
    let readsAheadOfWrites = 0;
    await writeBackup(source, (chunk) => {
      // The first chunk is the header; the session chunks follow, each written right after its read.
      readsAheadOfWrites = Math.max(readsAheadOfWrites, segmentReads - Math.max(0, chunkCount - 1));
      chunkCount++;
      totalBytes += Buffer.byteLength(chunk);
      largestChunk = Math.max(largestChunk, Buffer.byteLength(chunk));
    });

    expect(segmentReads).toBe(sessionCount);
    expect(chunkCount).toBe(sessionCount + 2);
    expect(totalBytes).toBeGreaterThan(sessionCount * 20_000);
    expect(largestChunk).toBeLessThan(40_000);
    expect(readsAheadOfWrites).toBe(1);
  });
});
