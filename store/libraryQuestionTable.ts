import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';

/**
 * Questions asked of the whole library (or of a topic, a tag, a span of dates) rather than of one
 * session, with their answers: plain SQL outside TinyBase, because they belong to no session and
 * only the service reads them (the page asks the control routes).
 */

/** `pending` from the moment the question's job exists; `error` with the reason; `cancelled`. */
export type LibraryQuestionStatus = 'pending' | 'success' | 'error' | 'cancelled';

/** Which sessions were asked; all of them when empty. Dates are ISO 8601 instants. */
export interface LibraryQuestionFilters {
  topicId?: string;
  tagId?: string;
  /** Sessions that started at or after this. */
  from?: string;
  /** Sessions that started at or before this. */
  to?: string;
}

/** A place in a session that the answer cites, checked against the session's words. */
export interface LibraryCitation {
  /** The number of the passage the answer cites as `[n]`. */
  passage: number;
  sessionId: string;
  sessionTitle: string;
  /** When the session started, ms since the epoch. */
  sessionStartedAt: number;
  /** The cited segment's start and end, ms from the session's start. */
  startMs: number;
  endMs: number;
  quote: string;
  speaker: string | null;
}

export interface LibraryQuestionRecord {
  id: string;
  question: string;
  filters: LibraryQuestionFilters;
  /** The AI provider asked for; null for the default. */
  aiProvider: string | null;
  /** The AI job that answers it. */
  jobId: string;
  /** Grows while `pending`; the reason when `error`. */
  answer: string;
  citations: LibraryCitation[];
  status: LibraryQuestionStatus;
  error: string | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: number;
}

export const libraryQuestionFiltersSchema = z
  .object({
    topicId: z.string().min(1).optional(),
    tagId: z.string().min(1).optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
  })
  .strict();

const citationSchema = z.object({
  passage: z.number(),
  sessionId: z.string(),
  sessionTitle: z.string(),
  sessionStartedAt: z.number(),
  startMs: z.number(),
  endMs: z.number(),
  quote: z.string(),
  speaker: z.string().nullable(),
});

const rowSchema = z.object({
  id: z.string(),
  question: z.string(),
  filters: z.string(),
  aiProvider: z.string().nullable(),
  jobId: z.string(),
  answer: z.string(),
  citations: z.string(),
  status: z.enum(['pending', 'success', 'error', 'cancelled']),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.number(),
});

export class LibraryQuestionTable {
  private readonly statements: Record<'put' | 'byId' | 'newestFirst', StatementSync>;

  constructor(database: DatabaseSync) {
    const statement = (sql: string) => database.prepare(sql);
    this.statements = {
      put: statement(
        `INSERT INTO libraryQuestions (id, question, filters, aiProvider, jobId, answer, citations, status, error, createdAt, updatedAt)
         VALUES (:id, :question, :filters, :aiProvider, :jobId, :answer, :citations, :status, :error, :createdAt, :updatedAt)
         ON CONFLICT(id) DO UPDATE SET answer = excluded.answer, citations = excluded.citations,
           status = excluded.status, error = excluded.error, updatedAt = excluded.updatedAt`,
      ),
      byId: statement('SELECT * FROM libraryQuestions WHERE id = ?'),
      newestFirst: statement('SELECT * FROM libraryQuestions ORDER BY createdAt DESC, id LIMIT ?'),
    };
  }

  /** Writes the question; one already kept keeps its question, filters and job, and takes the rest. */
  put(record: Omit<LibraryQuestionRecord, 'updatedAt'>): void {
    this.statements.put.run({
      ...record,
      filters: JSON.stringify(record.filters),
      citations: JSON.stringify(record.citations),
      updatedAt: Date.now(),
    });
  }

  get(id: string): LibraryQuestionRecord | undefined {
    const row = this.statements.byId.get(id);
    return row === undefined ? undefined : toRecord(row);
  }

  list(limit: number): LibraryQuestionRecord[] {
    return this.statements.newestFirst.all(limit).map(toRecord);
  }
}

function toRecord(row: unknown): LibraryQuestionRecord {
  const { filters, citations, ...rest } = rowSchema.parse(row);
  return {
    ...rest,
    filters: libraryQuestionFiltersSchema.parse(JSON.parse(filters) as unknown),
    citations: z.array(citationSchema).parse(JSON.parse(citations) as unknown),
  };
}
