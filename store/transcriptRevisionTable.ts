import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';

export const transcriptRevisionKinds = ['correction', 'translation'] as const;
export type TranscriptRevisionKind = (typeof transcriptRevisionKinds)[number];

/**
 * Where a revision stands: being made (`pending`), made and waiting for the user (`proposed`, a
 * correction only), `kept` (a saved translation is kept at once), `discarded`, or `failed`.
 */
export const transcriptRevisionStates = ['pending', 'proposed', 'kept', 'discarded', 'failed'] as const;
export type TranscriptRevisionState = (typeof transcriptRevisionStates)[number];

/** One segment of the original beside its revised text, with the original's times. */
export interface RevisedSegment {
  seq: number;
  startMs: number;
  endMs: number;
  original: string;
  revised: string;
}

/** A session's corrected or translated transcript, segment by segment. */
export interface TranscriptRevisionRecord {
  sessionId: string;
  kind: TranscriptRevisionKind;
  /** The language translated into; null for a correction. */
  language: string | null;
  state: TranscriptRevisionState;
  /** Empty until the job has made them, and again once a proposal is discarded. */
  segments: RevisedSegment[];
  error: string | null;
  /** The AI job that makes (or made) it. */
  jobId: string | null;
  createdAt: number;
  updatedAt: number;
}

const revisedSegmentSchema = z.object({
  seq: z.number(),
  startMs: z.number(),
  endMs: z.number(),
  original: z.string(),
  revised: z.string(),
});

const rowSchema = z.object({
  sessionId: z.string(),
  kind: z.enum(transcriptRevisionKinds),
  language: z.string().nullable(),
  state: z.enum(transcriptRevisionStates),
  segments: z.string(),
  error: z.string().nullable(),
  jobId: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

/**
 * The `transcriptRevisions` table: plain SQL, outside TinyBase, because only the service reads it
 * (the page asks the control routes). Its rows go with their session when it is deleted.
 */
export class TranscriptRevisionTable {
  private readonly statements: Record<'upsert' | 'byKey' | 'ofSession' | 'deleteOfSession', StatementSync>;

  constructor(database: DatabaseSync) {
    const statement = (sql: string) => database.prepare(sql);
    this.statements = {
      upsert: statement(
        `INSERT INTO transcriptRevisions (sessionId, kind, language, state, segments, error, jobId, createdAt, updatedAt)
         VALUES (:sessionId, :kind, :language, :state, :segments, :error, :jobId, :createdAt, :updatedAt)
         ON CONFLICT(sessionId, kind) DO UPDATE SET language = excluded.language, state = excluded.state,
           segments = excluded.segments, error = excluded.error, jobId = excluded.jobId,
           createdAt = excluded.createdAt, updatedAt = excluded.updatedAt`,
      ),
      byKey: statement('SELECT * FROM transcriptRevisions WHERE sessionId = ? AND kind = ?'),
      ofSession: statement('SELECT * FROM transcriptRevisions WHERE sessionId = ? ORDER BY kind'),
      deleteOfSession: statement('DELETE FROM transcriptRevisions WHERE sessionId = ?'),
    };
  }

  /** Writes the session's revision of its kind, replacing the one before. */
  put(record: TranscriptRevisionRecord): void {
    this.statements.upsert.run({ ...record, segments: JSON.stringify(record.segments) });
  }

  get(sessionId: string, kind: TranscriptRevisionKind): TranscriptRevisionRecord | undefined {
    const row = this.statements.byKey.get(sessionId, kind);
    return row === undefined ? undefined : toRecord(row);
  }

  /** The session's correction and translation, those it has. */
  ofSession(sessionId: string): TranscriptRevisionRecord[] {
    return this.statements.ofSession.all(sessionId).map(toRecord);
  }

  deleteOfSession(sessionId: string): void {
    this.statements.deleteOfSession.run(sessionId);
  }
}

function toRecord(row: unknown): TranscriptRevisionRecord {
  const { segments, ...rest } = rowSchema.parse(row);
  return { ...rest, segments: z.array(revisedSegmentSchema).parse(JSON.parse(segments) as unknown) };
}
