/**
 * An in-memory stand-in for the session store, for backup tests: it reads like SessionReader and
 * imports with the store's merge and replace rules, without TinyBase or SQLite.
 */

import {
  listedSession,
  type SessionPage,
  type SessionQuery,
  type SessionRecord,
  type Tag,
  type Topic,
} from '../records.ts';
import type { BackupSource } from './backupSource.ts';
import type { BackupTarget } from './importBackup.ts';
import type { ImportData, ImportedSession, ImportMode } from './importData.ts';
import { importedVocabulary, type StoredVocabulary } from '../vocabulary.ts';

export interface FakeBackupStore extends BackupSource, BackupTarget {
  readonly imports: Array<{ data: ImportData; mode: ImportMode }>;
  readonly queries: SessionQuery[];
}

function newestFirst(left: SessionRecord, right: SessionRecord): number {
  return right.startedAt - left.startedAt || left.id.localeCompare(right.id);
}

export function createFakeBackupStore(
  initial: ImportData = { topics: [], tags: [], sessions: [] },
): FakeBackupStore {
  const topics = new Map<string, Topic>();
  const tags = new Map<string, Tag>();
  const sessions = new Map<string, ImportedSession>();
  const imports: Array<{ data: ImportData; mode: ImportMode }> = [];
  const queries: SessionQuery[] = [];
  let vocabulary: StoredVocabulary = initial.vocabulary ?? {};

  function load(data: ImportData): void {
    for (const topic of data.topics) topics.set(topic.id, topic);
    for (const tag of data.tags) tags.set(tag.id, tag);
    for (const session of data.sessions) sessions.set(session.record.id, session);
  }
  load(initial);

  return {
    imports,
    queries,
    listSessions(query: SessionQuery): SessionPage {
      queries.push(query);
      const all = [...sessions.values()].map((session) => session.record).sort(newestFirst);
      return {
        sessions: all.slice(query.offset, query.offset + query.limit).map(listedSession),
        total: all.length,
      };
    },
    getSession: (id) => sessions.get(id)?.record,
    getSegments: (sessionId) => sessions.get(sessionId)?.segments ?? [],
    getAskHistory: (sessionId) => sessions.get(sessionId)?.askHistory ?? [],
    getSpeakerNames: (sessionId) => sessions.get(sessionId)?.speakerNames ?? {},
    // The real reader adds a count, which the exporter must not write.
    listTopics: () => [...topics.values()].map((topic) => ({ ...topic, sessionCount: 0 })),
    listTags: () => [...tags.values()].map((tag) => ({ ...tag, sessionCount: 0 })),
    getVocabulary: () => vocabulary,
    importData(data, mode) {
      imports.push({ data, mode });
      if (data.vocabulary !== undefined) vocabulary = importedVocabulary(vocabulary, data.vocabulary, mode);
      if (mode === 'replace') {
        topics.clear();
        tags.clear();
        sessions.clear();
      }
      load(data);
    },
  };
}
