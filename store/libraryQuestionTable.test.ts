import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { cjkTokens } from './cjkTokens.ts';
import { databaseFileName, openDatabase } from './database.ts';
import type { LibraryQuestionRecord } from './libraryQuestionTable.ts';
import { migrations } from './migrations.ts';
import { SessionStore } from './sessionStore.ts';

let directory: ReturnType<typeof temporaryDirectory>;

beforeEach(() => {
  directory = temporaryDirectory('library-questions');
});

afterEach(() => {
  directory.remove();
});

const asked: Omit<LibraryQuestionRecord, 'updatedAt'> = {
  id: 'question-1',
  question: 'What did we decide about the budget?',
  filters: { topicId: 'work', from: '2026-11-01T00:00:00.000Z' },
  aiProvider: null,
  jobId: 'job-1',
  answer: '',
  citations: [],
  status: 'pending',
  error: null,
  createdAt: '2026-11-26T08:00:00.000Z',
};

describe('library questions', () => {
  it('keep the question and its filters, take each new answer, and list newest first across a reopen', () => {
    let store = SessionStore.open(directory.path);
    store.putLibraryQuestion(asked);
    store.putLibraryQuestion({ ...asked, id: 'question-2', createdAt: '2026-11-26T09:00:00.000Z' });
    const citation = {
      passage: 1,
      sessionId: 'session-1',
      sessionTitle: 'Budget review',
      sessionStartedAt: 1_000,
      startMs: 4_000,
      endMs: 9_000,
      quote: 'The budget is approved.',
      speaker: 'Ana',
    };
    // A later write cannot change what was asked.
    store.putLibraryQuestion({
      ...asked,
      question: 'Changed?',
      answer: 'Approved [1].',
      citations: [citation],
      status: 'success',
    });
    store.close();
    store = SessionStore.open(directory.path);
    try {
      expect(store.listLibraryQuestions(10).map((question) => question.id)).toEqual([
        'question-2',
        'question-1',
      ]);
      expect(store.getLibraryQuestion('question-1')).toEqual({
        ...asked,
        answer: 'Approved [1].',
        citations: [citation],
        status: 'success',
        updatedAt: expect.any(Number) as number,
      });
      expect(store.getLibraryQuestion('none')).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('come with a migration that keeps the AI jobs of sessions and lets a job have no session', () => {
    const path = join(directory.path, databaseFileName);
    const older = new DatabaseSync(path);
    older.function('cjkTokens', { deterministic: true }, (text) =>
      typeof text === 'string' ? cjkTokens(text) : '',
    );
    for (const migration of migrations.slice(0, 6)) migration(older);
    older.exec(`PRAGMA user_version = 6`);
    older.exec(
      `INSERT INTO sessions VALUES ('s1', 'Talk', 1, 'completed', 0, 'groq', NULL, '[]', 0, NULL, NULL, '{}', '{}', 1)`,
    );
    older.exec(
      `INSERT INTO aiJobs VALUES ('job-1', 's1', '{"kind":"digest","artefacts":["summary"]}', NULL, 'done', NULL, 0, 5, 6)`,
    );
    older.close();

    const store = SessionStore.open(directory.path);
    try {
      expect(store.getAiJob('job-1')).toMatchObject({ sessionId: 's1', state: 'done', createdAt: 5 });
      expect(store.listAiJobs(10).map((job) => job.id)).toEqual(['job-1']);
    } finally {
      store.close();
    }
    const database = openDatabase(directory.path);
    try {
      const version = database.prepare('PRAGMA user_version').get() as { user_version: number };
      expect(version.user_version).toBe(migrations.length);
      // A question asked of the library has no session.
      database.exec(
        `INSERT INTO aiJobs VALUES ('job-2', NULL, '{"kind":"libraryQuestion"}', NULL, 'queued', NULL, 0, 7, 7)`,
      );
    } finally {
      database.close();
    }
  });
});
