import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import type { Segment } from './records.ts';
import { fromStoredWords, toStoredWords } from './storedWords.ts';

/**
 * Where a version of a session's transcript stands: being made by its job (`pending`), made and
 * waiting for the user (`proposed`), `kept` (it is the transcript now), `discarded`, `failed`, or
 * `superseded` (the transcript a kept version replaced, kept to look back at).
 */
export const transcriptVersionStates = [
  'pending',
  'proposed',
  'kept',
  'discarded',
  'failed',
  'superseded',
] as const;
export type TranscriptVersionState = (typeof transcriptVersionStates)[number];

/** What a version transcribes: the whole audio, or only the stretches the transcript lacks. */
export const transcriptVersionScopes = ['whole', 'gaps'] as const;
export type TranscriptVersionScope = (typeof transcriptVersionScopes)[number];

/** A stretch of the session's audio, in milliseconds from its start. */
export interface TimeRange {
  startMs: number;
  endMs: number;
}

/** A segment of a version, its times (and its words') in the session's audio. */
export type VersionSegment = Omit<Segment, 'seq'>;

/** A transcript made again from the session's recorded audio, or one such a transcript replaced. */
export interface TranscriptVersionRecord {
  id: string;
  sessionId: string;
  /** The speech provider that made it. */
  providerId: string;
  scope: TranscriptVersionScope;
  /** The stretches transcribed: the whole audio as one, or the gaps. */
  ranges: TimeRange[];
  state: TranscriptVersionState;
  /** The new segments, growing as the job's chunks complete; empty once discarded. */
  segments: VersionSegment[];
  /** Kept as soon as its job completes, without waiting for the user. */
  keepWhenDone: boolean;
  error: string | null;
  /** The file job that makes it; null for a superseded transcript. */
  jobId: string | null;
  createdAt: number;
  updatedAt: number;
}

export type TranscriptVersionPatch = Partial<Pick<TranscriptVersionRecord, 'state' | 'segments' | 'error'>>;

const rangeSchema = z.object({ startMs: z.number(), endMs: z.number() });

const segmentSchema = z.object({
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  speaker: z.string().nullable(),
  language: z.string().nullable(),
  // As the segments table keeps them (storedWords.ts).
  words: z.unknown().optional(),
});

const rowSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  providerId: z.string(),
  scope: z.enum(transcriptVersionScopes),
  ranges: z.string(),
  state: z.enum(transcriptVersionStates),
  segments: z.string(),
  keepWhenDone: z.number(),
  error: z.string().nullable(),
  jobId: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

/**
 * The `transcriptVersions` table: plain SQL, outside TinyBase, because only the service reads it
 * (the page asks the control routes). Its rows go with their session when it is deleted.
 */
export class TranscriptVersionTable {
  private readonly statements: Record<'upsert' | 'byId' | 'byJob' | 'ofSession', StatementSync>;

  constructor(database: DatabaseSync) {
    const statement = (sql: string) => database.prepare(sql);
    this.statements = {
      upsert: statement(
        `INSERT INTO transcriptVersions (id, sessionId, providerId, scope, ranges, state, segments, keepWhenDone,
           error, jobId, createdAt, updatedAt)
         VALUES (:id, :sessionId, :providerId, :scope, :ranges, :state, :segments, :keepWhenDone,
           :error, :jobId, :createdAt, :updatedAt)
         ON CONFLICT(id) DO UPDATE SET state = excluded.state, segments = excluded.segments,
           error = excluded.error, updatedAt = excluded.updatedAt`,
      ),
      byId: statement('SELECT * FROM transcriptVersions WHERE id = ?'),
      byJob: statement('SELECT * FROM transcriptVersions WHERE jobId = ?'),
      ofSession: statement(
        'SELECT * FROM transcriptVersions WHERE sessionId = ? ORDER BY createdAt DESC, rowid DESC',
      ),
    };
  }

  /** Writes the version; an existing one changes only its state, segments and error. */
  put(record: TranscriptVersionRecord): void {
    this.statements.upsert.run({
      ...record,
      ranges: JSON.stringify(record.ranges),
      segments: JSON.stringify(
        record.segments.map(({ words, ...segment }) => {
          const stored = toStoredWords(words, segment);
          return stored === null ? segment : { ...segment, words: stored };
        }),
      ),
      keepWhenDone: record.keepWhenDone ? 1 : 0,
    });
  }

  /** The version with `patch` applied, written; undefined when there is no such version. */
  update(id: string, patch: TranscriptVersionPatch): TranscriptVersionRecord | undefined {
    const current = this.get(id);
    if (current === undefined) return undefined;
    const updated = { ...current, ...patch, updatedAt: Date.now() };
    this.put(updated);
    return updated;
  }

  get(id: string): TranscriptVersionRecord | undefined {
    const row = this.statements.byId.get(id);
    return row === undefined ? undefined : toRecord(row);
  }

  ofJob(jobId: string): TranscriptVersionRecord | undefined {
    const row = this.statements.byJob.get(jobId);
    return row === undefined ? undefined : toRecord(row);
  }

  /** Newest first. */
  ofSession(sessionId: string): TranscriptVersionRecord[] {
    return this.statements.ofSession.all(sessionId).map(toRecord);
  }
}

function toRecord(row: unknown): TranscriptVersionRecord {
  const { ranges, segments, keepWhenDone, ...rest } = rowSchema.parse(row);
  return {
    ...rest,
    ranges: z.array(rangeSchema).parse(JSON.parse(ranges) as unknown),
    segments: z
      .array(segmentSchema)
      .parse(JSON.parse(segments) as unknown)
      .map(({ words: stored, ...segment }) => {
        const words = fromStoredWords(stored, segment);
        return words === undefined ? segment : { ...segment, words };
      }),
    keepWhenDone: keepWhenDone === 1,
  };
}
