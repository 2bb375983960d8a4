import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';

/** Where a job stands as far as a restart cares: to run again, or ended. */
export type StoredFileJobState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

/** A vendor job submitted for one chunk and not yet answered: polled again after a restart. */
export interface SubmittedChunk {
  chunkIndex: number;
  vendorJobId: string;
}

/** One file job as the store keeps it, so that the next start can resume it. */
export interface FileJobRecord {
  id: string;
  sessionId: string;
  /** The file being transcribed (an upload in the data directory). */
  path: string;
  title: string;
  providerId: string;
  language: string | null;
  state: StoredFileJobState;
  /** The decoded chunks' lengths, once decoded: a resumed job checks it decoded the same chunks. */
  chunkDurationsMs: number[] | null;
  /** Chunks whose text is committed to the session: the job resumes at this index. */
  chunksDone: number;
  submitted: SubmittedChunk | null;
  error: string | null;
  /** How many times a restart has resumed the job. */
  resumeCount: number;
  createdAt: number;
  updatedAt: number;
}

export type FileJobPatch = Partial<
  Pick<FileJobRecord, 'state' | 'chunkDurationsMs' | 'chunksDone' | 'submitted' | 'error' | 'resumeCount'>
>;

const finalStates: ReadonlySet<StoredFileJobState> = new Set(['completed', 'failed', 'cancelled']);

export function isEndedFileJob(record: FileJobRecord): boolean {
  return finalStates.has(record.state);
}

const rowSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  path: z.string(),
  title: z.string(),
  providerId: z.string(),
  language: z.string().nullable(),
  state: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']),
  chunkDurationsMs: z.string().nullable(),
  chunksDone: z.number(),
  submittedChunk: z.number().nullable(),
  submittedJobId: z.string().nullable(),
  error: z.string().nullable(),
  resumeCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

const durationsSchema = z.array(z.number());

/**
 * The `fileJobs` table: plain SQL, outside TinyBase, because only the service reads it. Writes that
 * must land with a chunk's segments run inside the store's own transaction (SessionStore).
 */
export class FileJobTable {
  private readonly statements: Record<'insert' | 'update' | 'byId' | 'newestFirst', StatementSync>;

  constructor(database: DatabaseSync) {
    const statement = (sql: string) => database.prepare(sql);
    this.statements = {
      insert: statement(
        `INSERT INTO fileJobs (id, sessionId, path, title, providerId, language, state, chunkDurationsMs,
           chunksDone, submittedChunk, submittedJobId, error, resumeCount, createdAt, updatedAt)
         VALUES (:id, :sessionId, :path, :title, :providerId, :language, :state, :chunkDurationsMs,
           :chunksDone, :submittedChunk, :submittedJobId, :error, :resumeCount, :createdAt, :updatedAt)`,
      ),
      update: statement(
        `UPDATE fileJobs SET state = :state, chunkDurationsMs = :chunkDurationsMs, chunksDone = :chunksDone,
           submittedChunk = :submittedChunk, submittedJobId = :submittedJobId, error = :error,
           resumeCount = :resumeCount, updatedAt = :updatedAt
         WHERE id = :id`,
      ),
      byId: statement('SELECT * FROM fileJobs WHERE id = ?'),
      newestFirst: statement('SELECT * FROM fileJobs ORDER BY createdAt DESC, id LIMIT ?'),
    };
  }

  insert(record: FileJobRecord): void {
    this.statements.insert.run(toRow(record));
  }

  /** The record with `patch` applied, written; undefined when there is no such job. */
  update(id: string, patch: FileJobPatch): FileJobRecord | undefined {
    const current = this.get(id);
    if (current === undefined) return undefined;
    const updated: FileJobRecord = { ...current, ...patch, updatedAt: Date.now() };
    const {
      sessionId: _sessionId,
      path: _path,
      title: _title,
      providerId: _providerId,
      language: _language,
      createdAt: _createdAt,
      ...changeable
    } = toRow(updated);
    this.statements.update.run(changeable);
    return updated;
  }

  get(id: string): FileJobRecord | undefined {
    const row = this.statements.byId.get(id);
    return row === undefined ? undefined : toRecord(row);
  }

  list(limit: number): FileJobRecord[] {
    return this.statements.newestFirst.all(limit).map(toRecord);
  }
}

function toRow(record: FileJobRecord) {
  return {
    id: record.id,
    sessionId: record.sessionId,
    path: record.path,
    title: record.title,
    providerId: record.providerId,
    language: record.language,
    state: record.state,
    chunkDurationsMs: record.chunkDurationsMs === null ? null : JSON.stringify(record.chunkDurationsMs),
    chunksDone: record.chunksDone,
    submittedChunk: record.submitted?.chunkIndex ?? null,
    submittedJobId: record.submitted?.vendorJobId ?? null,
    error: record.error,
    resumeCount: record.resumeCount,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

function toRecord(row: unknown): FileJobRecord {
  const cells = rowSchema.parse(row);
  const { submittedChunk, submittedJobId, chunkDurationsMs, ...rest } = cells;
  return {
    ...rest,
    chunkDurationsMs:
      chunkDurationsMs === null ? null : durationsSchema.parse(JSON.parse(chunkDurationsMs) as unknown),
    submitted:
      submittedChunk === null || submittedJobId === null
        ? null
        : { chunkIndex: submittedChunk, vendorJobId: submittedJobId },
  };
}
