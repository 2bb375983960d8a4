import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';

/** Where an AI job stands as far as a restart cares: to run again, or ended. */
export type StoredAiJobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/**
 * What an AI job makes for its session (or, for a question asked of the library, for no session). The generation code reads it; the store only keeps it, as
 * JSON, so a new kind of work needs no migration.
 */
export type AiJobWork = Record<string, unknown> & { kind: string };

/** One AI job as the store keeps it, so that the next start can resume it. */
export interface AiJobRecord {
  id: string;
  /** Null for a question asked of the library rather than of one session. */
  sessionId: string | null;
  work: AiJobWork;
  /** The AI provider's name in the settings; null for the default at the time it runs. */
  aiProvider: string | null;
  state: StoredAiJobState;
  error: string | null;
  /** How many times a restart has resumed the job. */
  resumeCount: number;
  createdAt: number;
  updatedAt: number;
}

export type AiJobPatch = Partial<Pick<AiJobRecord, 'state' | 'error' | 'resumeCount'>>;

const endedStates: ReadonlySet<StoredAiJobState> = new Set(['done', 'failed', 'cancelled']);

export function isEndedAiJob(record: AiJobRecord): boolean {
  return endedStates.has(record.state);
}

const rowSchema = z.object({
  id: z.string(),
  sessionId: z.string().nullable(),
  work: z.string(),
  aiProvider: z.string().nullable(),
  state: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  error: z.string().nullable(),
  resumeCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

const workSchema = z.looseObject({ kind: z.string() });

/** The `aiJobs` table: plain SQL, outside TinyBase, because only the service reads it. */
export class AiJobTable {
  private readonly statements: Record<'insert' | 'update' | 'byId' | 'newestFirst', StatementSync>;

  constructor(database: DatabaseSync) {
    const statement = (sql: string) => database.prepare(sql);
    this.statements = {
      insert: statement(
        `INSERT INTO aiJobs (id, sessionId, work, aiProvider, state, error, resumeCount, createdAt, updatedAt)
         VALUES (:id, :sessionId, :work, :aiProvider, :state, :error, :resumeCount, :createdAt, :updatedAt)`,
      ),
      update: statement(
        `UPDATE aiJobs SET state = :state, error = :error, resumeCount = :resumeCount, updatedAt = :updatedAt
         WHERE id = :id`,
      ),
      byId: statement('SELECT * FROM aiJobs WHERE id = ?'),
      newestFirst: statement('SELECT * FROM aiJobs ORDER BY createdAt DESC, id LIMIT ?'),
    };
  }

  insert(record: AiJobRecord): void {
    this.statements.insert.run({ ...record, work: JSON.stringify(record.work) });
  }

  /** The record with `patch` applied, written; undefined when there is no such job. */
  update(id: string, patch: AiJobPatch): AiJobRecord | undefined {
    const current = this.get(id);
    if (current === undefined) return undefined;
    const updated: AiJobRecord = { ...current, ...patch, updatedAt: Date.now() };
    const { id: jobId, state, error, resumeCount, updatedAt } = updated;
    this.statements.update.run({ id: jobId, state, error, resumeCount, updatedAt });
    return updated;
  }

  get(id: string): AiJobRecord | undefined {
    const row = this.statements.byId.get(id);
    return row === undefined ? undefined : toRecord(row);
  }

  list(limit: number): AiJobRecord[] {
    return this.statements.newestFirst.all(limit).map(toRecord);
  }
}

function toRecord(row: unknown): AiJobRecord {
  const { work, ...rest } = rowSchema.parse(row);
  return { ...rest, work: workSchema.parse(JSON.parse(work) as unknown) };
}
