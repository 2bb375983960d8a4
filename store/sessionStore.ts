import { randomUUID } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { createIndexes, createStore } from 'tinybase';
import type { ChangedCells, Indexes, Row, Store, Value } from 'tinybase';
import type { ImportData } from './backup/importData.ts';
import { openDatabase, type DatabaseOptions } from './database.ts';
import type {
  AskEntry,
  MindMap,
  PostProcess,
  Segment,
  SegmentWord,
  SessionPage,
  SessionQuery,
  SessionReader,
  SessionRecord,
  SessionStatus,
  Tag,
  Topic,
} from './records.ts';
import { SqliteMirror } from './sqliteMirror.ts';
import { optionalTextCell, textCell } from './cells.ts';
import { askEntryRowId, segmentRowId, storeTables } from './storeTables.ts';
import { StoreError } from './storeError.ts';
import { fromStoredWords, toStoredWords, wordProblem } from './storedWords.ts';
import { transactionRows } from './transactionRows.ts';
import { FileJobTable, type FileJobPatch, type FileJobRecord } from './fileJobTable.ts';
import { AiJobTable, type AiJobPatch, type AiJobRecord } from './aiJobTable.ts';
import { WebhookDeliveryTable, type WebhookDeliveryRecord } from './webhookDeliveryTable.ts';
import { LibraryQuestionTable, type LibraryQuestionRecord } from './libraryQuestionTable.ts';
import {
  TranscriptRevisionTable,
  type TranscriptRevisionKind,
  type TranscriptRevisionRecord,
} from './transcriptRevisionTable.ts';
import { TranscriptSearch } from './transcriptSearch.ts';
import {
  TranscriptVersionTable,
  type TranscriptVersionPatch,
  type TranscriptVersionRecord,
  type VersionSegment,
} from './transcriptVersionTable.ts';
import { SpeakerNameTable } from './speakerNameTable.ts';
import { speakersOf, withSpeakerNames, type SessionSpeaker, type SpeakerNames } from './speakerNames.ts';
import { SessionListReader } from './sessionListReader.ts';
import {
  matchesLibraryFilter,
  passagesIn,
  type LibraryFilter,
  type LibraryPassage,
} from './libraryPassages.ts';
import { searchTermsOf } from './searchTerms.ts';
import { codePointLength, joinSegmentTexts, segmentSeparator } from './transcriptText.ts';
import {
  importedVocabulary,
  readVocabulary,
  vocabularyValueId,
  type StoredVocabulary,
} from './vocabulary.ts';

export interface NewSession {
  id?: string;
  title: string;
  providerId: string;
  startedAt?: number;
  topicId?: string | null;
  tagIds?: string[];
}

export interface NewSegment {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: string | null;
  language?: string | null;
  /** Its words, timed in the session's audio as the segment is. */
  words?: readonly SegmentWord[];
}

export type SessionPatch = Partial<
  Pick<
    SessionRecord,
    | 'title'
    | 'topicId'
    | 'tagIds'
    | 'durationMs'
    | 'translatedTranscript'
    | 'correctedTranscript'
    | 'postProcess'
    | 'mindMap'
  >
>;

export type SettingValue = string | number | boolean;

export const emptyPostProcess: PostProcess = {
  summary: '',
  actionItems: [],
  keywords: [],
  chapters: [],
  status: 'none',
};
export const emptyMindMap: MindMap = { markdown: '', status: 'none' };

const segmentsBySession = 'segmentsBySession';
/** A question across the library reads the segments of at most this many best-ranked sessions. */
const sessionsSearchedForPassages = 20;
const askEntriesBySession = 'askEntriesBySession';

/** SQL that must commit or roll back together with a TinyBase transaction. */
interface AccompanyingSql {
  /** Runs before the mirrored rows are written (deletions that must not cascade onto new rows). */
  before?: () => void;
  /** Runs after them (rows that refer to the mirrored ones). */
  after?: () => void;
}

/**
 * The session store: TinyBase holds the working set (sessions, topics, tags, Q&A, settings and
 * the transcripts of recording sessions) and every transaction is written through to SQLite before
 * it is accepted, so a crash or a kill loses nothing that was acknowledged. Finished transcripts stay
 * in SQLite and are read on demand; that keeps memory and start-up flat however long the history.
 */
export class SessionStore implements SessionReader {
  private readonly tables: Store;
  private readonly indexes: Indexes;
  private readonly mirror: SqliteMirror;
  private readonly search: TranscriptSearch;
  private readonly lists: SessionListReader;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly fileJobs: FileJobTable;
  private readonly aiJobs: AiJobTable;
  private readonly webhookDeliveries: WebhookDeliveryTable;
  private readonly libraryQuestions: LibraryQuestionTable;
  private readonly transcriptRevisions: TranscriptRevisionTable;
  private readonly transcriptVersions: TranscriptVersionTable;
  private readonly speakerNames: SpeakerNameTable;
  private readonly database: DatabaseSync;
  private readonly readOnly: boolean;
  private closed = false;

  static open(dataDirectory: string, options: DatabaseOptions = {}): SessionStore {
    return new SessionStore(openDatabase(dataDirectory, options), options.readOnly ?? false);
  }

  private constructor(database: DatabaseSync, readOnly: boolean) {
    this.database = database;
    this.readOnly = readOnly;
    this.tables = createStore();
    this.mirror = new SqliteMirror(database, storeTables);
    this.search = new TranscriptSearch(database);
    this.lists = new SessionListReader(database);
    this.statements = prepareStatements(database);
    this.fileJobs = new FileJobTable(database);
    this.aiJobs = new AiJobTable(database);
    this.webhookDeliveries = new WebhookDeliveryTable(database);
    this.libraryQuestions = new LibraryQuestionTable(database);
    this.transcriptRevisions = new TranscriptRevisionTable(database);
    this.transcriptVersions = new TranscriptVersionTable(database);
    this.speakerNames = new SpeakerNameTable(database);
    this.load();
    this.indexes = createIndexes(this.tables)
      .setIndexDefinition(segmentsBySession, 'segments', 'sessionId', 'seq')
      .setIndexDefinition(askEntriesBySession, 'askEntries', 'sessionId', 'createdAt');
  }

  private load(): void {
    const settings: Record<string, Value> = {};
    for (const row of this.statements.allSettings.all()) {
      settings[textCell(row, 'id')] = JSON.parse(textCell(row, 'value')) as Value;
    }
    this.tables.transaction(() => {
      this.tables.setTables({
        sessions: this.mirror.read('sessions'),
        topics: this.mirror.read('topics'),
        tags: this.mirror.read('tags'),
        askEntries: this.mirror.read('askEntries'),
        segments: this.mirror.read(
          'segments',
          "WHERE sessionId IN (SELECT id FROM sessions WHERE status = 'recording')",
        ),
      });
      this.tables.setValues(settings);
    });
  }

  /**
   * Calls `listener` after every transaction with the ids of the rows it touched, per table, for
   * replicas such as the UI's; read the rows' current content with `readRow`. Returns the
   * unsubscribe function. With no listener nothing is tracked.
   */
  watchRows(listener: (touched: Record<string, string[]>) => void): () => void {
    const id = this.tables.addDidFinishTransactionListener((store) => {
      const touched = Object.fromEntries(
        Object.entries(transactionRows(store)).map(([tableId, rows]) => [tableId, Object.keys(rows)]),
      );
      if (Object.keys(touched).length > 0) listener(touched);
    });
    return () => void this.tables.delListener(id);
  }

  /**
   * Calls `listener` after every transaction with the cells it changed, each as `[before, after]`
   * (undefined where the row did not or no longer exists), by table and row id. For followers
   * that need to know what changed, not only where: the event feed. Returns the unsubscribe function.
   */
  watchCells(listener: (changed: ChangedCells) => void): () => void {
    const id = this.tables.addDidFinishTransactionListener((store) => {
      const changed = store.getTransactionLog()[2];
      if (Object.keys(changed).length > 0) listener(changed);
    });
    return () => void this.tables.delListener(id);
  }

  /** A row of the working set as TinyBase holds it, or undefined. */
  readRow(tableId: string, rowId: string): Row | undefined {
    return this.tables.hasRow(tableId, rowId) ? this.tables.getRow(tableId, rowId) : undefined;
  }

  /** A whole table of the working set, for a replica's first snapshot. */
  readTable(tableId: string): Record<string, Row> {
    return this.tables.getTable(tableId);
  }

  /**
   * Only `cellIds` of every row of a table: copying whole rows, generated content and all, costs
   * several times more when a snapshot needs a few cells.
   */
  readTableCells(tableId: string, cellIds: readonly string[]): Record<string, Row> {
    const rows: Record<string, Row> = {};
    for (const rowId of this.tables.getRowIds(tableId)) {
      const row: Row = {};
      for (const cellId of cellIds) {
        const cell = this.tables.getCell(tableId, rowId, cellId);
        if (cell !== undefined) row[cellId] = cell;
      }
      rows[rowId] = row;
    }
    return rows;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.indexes.destroy();
    this.database.close();
  }

  // Reading

  /** Read from SQLite (sessionListReader.ts). */
  listSessions(query: SessionQuery): SessionPage {
    return this.lists.list(query);
  }

  getSession(id: string): SessionRecord | undefined {
    return this.tables.hasRow('sessions', id)
      ? toSessionRecord(id, this.tables.getRow('sessions', id))
      : undefined;
  }

  getSegments(sessionId: string): Segment[] {
    if (this.isRecording(sessionId)) return this.hotSegmentRows(sessionId).map(toSegment);
    return this.statements.segmentsOfSession.all(sessionId).map((row) => toSegment(row as Row));
  }

  getSpeakerNames(sessionId: string): SpeakerNames {
    return this.speakerNames.ofSession(sessionId);
  }

  /** The segments with each speaker label replaced by its name, for exports and AI prompts. */
  getNamedSegments(sessionId: string): Segment[] {
    return withSpeakerNames(this.getSegments(sessionId), this.getSpeakerNames(sessionId));
  }

  /** The session's speakers, in order of first appearance, each with its name if it has one. */
  getSpeakers(sessionId: string): SessionSpeaker[] {
    this.requireSession(sessionId);
    return speakersOf(this.getSegments(sessionId), this.getSpeakerNames(sessionId));
  }

  getTranscript(sessionId: string): string {
    if (this.isRecording(sessionId))
      return joinSegmentTexts(this.hotSegmentRows(sessionId).map((row) => textCell(row, 'text')));
    const row = this.statements.transcriptOfSession.get(sessionId);
    return row === undefined ? '' : textCell(row, 'text');
  }

  getAskHistory(sessionId: string): AskEntry[] {
    return this.askEntryRowIdsOf(sessionId).map((rowId) =>
      toAskEntry(this.tables.getRow('askEntries', rowId)),
    );
  }

  /**
   * The passages of stored transcripts (not of sessions still recording) that bear on `question`,
   * best first, from the sessions `filter` lets through (libraryPassages.ts).
   */
  findPassages(question: string, filter: LibraryFilter, maxPassages: number): LibraryPassage[] {
    const terms = searchTermsOf(question);
    if (terms.length === 0) return [];
    const sessions = this.search
      .sessionIdsRanked(terms)
      .flatMap((id) => {
        const session = this.getSession(id);
        return session !== undefined && matchesLibraryFilter(session, filter) ? [session] : [];
      })
      .slice(0, sessionsSearchedForPassages);
    return passagesIn(
      terms,
      sessions.map((session) => ({ session, segments: this.getNamedSegments(session.id) })),
      maxPassages,
    );
  }

  listTopics(): Array<Topic & { sessionCount: number }> {
    const counts = this.countSessionsBy((topicId) => (typeof topicId === 'string' ? [topicId] : []));
    return this.tables
      .getSortedRowIds('topics', 'name')
      .map((id) => ({ ...toTopic(id, this.tables.getRow('topics', id)), sessionCount: counts.get(id) ?? 0 }));
  }

  listTags(): Array<Tag & { sessionCount: number }> {
    const counts = this.countSessionsBy((_topicId, tagIds) =>
      Array.isArray(tagIds) ? (tagIds as string[]) : [],
    );
    return this.tables
      .getSortedRowIds('tags', 'name')
      .map((id) => ({ ...toTag(id, this.tables.getRow('tags', id)), sessionCount: counts.get(id) ?? 0 }));
  }

  hasTopic(id: string): boolean {
    return this.tables.hasRow('topics', id);
  }

  hasTag(id: string): boolean {
    return this.tables.hasRow('tags', id);
  }

  getSetting(id: string): SettingValue | undefined {
    const value = this.tables.getValue(id);
    return value === null || typeof value === 'object' ? undefined : value;
  }

  getVocabulary(): StoredVocabulary {
    return readVocabulary(this.getSetting(vocabularyValueId));
  }

  // Writing

  createSession(input: NewSession): SessionRecord {
    const id = input.id ?? randomUUID();
    if (this.tables.hasRow('sessions', id))
      throw new StoreError('conflict', `A session with id ${id} already exists.`);
    this.assertReferencesExist(input.topicId ?? null, input.tagIds ?? []);
    const now = Date.now();
    const record: SessionRecord = {
      id,
      title: input.title,
      startedAt: input.startedAt ?? now,
      status: 'recording',
      durationMs: 0,
      providerId: input.providerId,
      topicId: input.topicId ?? null,
      tagIds: [...new Set(input.tagIds ?? [])],
      transcriptLength: 0,
      translatedTranscript: null,
      correctedTranscript: null,
      postProcess: emptyPostProcess,
      mindMap: emptyMindMap,
      updatedAt: now,
    };
    this.write(() => this.tables.setRow('sessions', id, toSessionRow(record)));
    return record;
  }

  /** Appends one committed segment to a recording session and returns it with its position. */
  appendSegment(sessionId: string, input: NewSegment): Segment {
    const [segment] = input.text.trim() === '' ? [] : this.appendSegments(sessionId, [input]);
    if (segment === undefined) throw new StoreError('invalid_segment', 'A segment needs non-empty text.');
    return segment;
  }

  // File jobs (fileJobTable.ts): rows of their own, outside the working set.

  createFileJob(record: FileJobRecord): void {
    this.writeSql(() => this.fileJobs.insert(record));
  }

  updateFileJob(id: string, patch: FileJobPatch): FileJobRecord {
    const updated = this.writeSql(() => this.fileJobs.update(id, patch));
    if (updated === undefined) throw new StoreError('job_not_found', `There is no file job ${id}.`);
    return updated;
  }

  getFileJob(id: string): FileJobRecord | undefined {
    return this.fileJobs.get(id);
  }

  /** Newest first. */
  listFileJobs(limit: number): FileJobRecord[] {
    return this.fileJobs.list(limit);
  }

  // AI jobs (aiJobTable.ts), kept the same way.

  createAiJob(record: AiJobRecord): void {
    this.writeSql(() => this.aiJobs.insert(record));
  }

  updateAiJob(id: string, patch: AiJobPatch): AiJobRecord {
    const updated = this.writeSql(() => this.aiJobs.update(id, patch));
    if (updated === undefined) throw new StoreError('job_not_found', `There is no AI job ${id}.`);
    return updated;
  }

  getAiJob(id: string): AiJobRecord | undefined {
    return this.aiJobs.get(id);
  }

  /** Newest first. */
  listAiJobs(limit: number): AiJobRecord[] {
    return this.aiJobs.list(limit);
  }

  // The webhooks' delivery log (webhookDeliveryTable.ts), kept the same way.

  putWebhookDelivery(record: WebhookDeliveryRecord): void {
    this.writeSql(() => this.webhookDeliveries.put(record));
  }

  getWebhookDelivery(id: string): WebhookDeliveryRecord | undefined {
    return this.webhookDeliveries.get(id);
  }

  /** Newest first. */
  listWebhookDeliveries(limit: number): WebhookDeliveryRecord[] {
    return this.webhookDeliveries.list(limit);
  }

  /** Soonest first. */
  pendingWebhookDeliveries(): WebhookDeliveryRecord[] {
    return this.webhookDeliveries.pending();
  }

  /**
   * Shows `label` as `name` wherever the session's speaker appears; the segments keep their label.
   * An empty `name` gives the speaker back its label. Only a label the session's segments carry can
   * be named. The session's `updatedAt` moves with the name, in the same transaction.
   */
  renameSpeaker(sessionId: string, label: string, name: string): SessionSpeaker[] {
    const speakers = this.getSpeakers(sessionId);
    if (!speakers.some((speaker) => speaker.label === label)) {
      const known = speakers.map((speaker) => `"${speaker.label}"`).join(', ');
      throw new StoreError(
        'unknown_speaker',
        speakers.length === 0
          ? `Session ${sessionId} has no speaker labels to name.`
          : `Session ${sessionId} has no speaker "${label}"; its speakers are ${known}.`,
      );
    }
    const trimmed = name.trim();
    // A change to the session as it is shown: its `updatedAt` moves, so the app's page (which reads
    // the session again when its replica row changes) and API clients see the new name.
    // Strictly later: a rename within the millisecond of the last change must still be one.
    const updatedAt = Math.max(
      Date.now(),
      Number(this.tables.getCell('sessions', sessionId, 'updatedAt') ?? 0) + 1,
    );
    this.write(() => this.tables.setCell('sessions', sessionId, 'updatedAt', updatedAt), {
      after: () => this.speakerNames.put(sessionId, label, trimmed === '' ? null : trimmed),
    });
    return this.getSpeakers(sessionId);
  }

  // Corrected and translated transcripts (transcriptRevisionTable.ts), rows of their own too.

  /** Writes the session's revision of the record's kind, replacing the one before. */
  putTranscriptRevision(record: TranscriptRevisionRecord): void {
    this.requireSession(record.sessionId);
    this.writeSql(() => this.transcriptRevisions.put(record));
  }

  getTranscriptRevision(
    sessionId: string,
    kind: TranscriptRevisionKind,
  ): TranscriptRevisionRecord | undefined {
    return this.transcriptRevisions.get(sessionId, kind);
  }

  /** The session's correction and translation, those it has. */
  getTranscriptRevisions(sessionId: string): TranscriptRevisionRecord[] {
    return this.transcriptRevisions.ofSession(sessionId);
  }

  /**
   * Keeps the session's proposed correction: `correctedTranscript` becomes its segments joined as
   * the transcript is, in one transaction with the proposal becoming `kept`. The segments' own
   * texts are never changed.
   */
  keepCorrection(sessionId: string): SessionRecord {
    const proposal = this.requireProposedCorrection(sessionId);
    const kept: TranscriptRevisionRecord = { ...proposal, state: 'kept', updatedAt: Date.now() };
    const corrected = joinSegmentTexts(proposal.segments.map((segment) => segment.revised));
    return this.updateSessionWith(sessionId, { correctedTranscript: corrected }, () =>
      this.transcriptRevisions.put(kept),
    );
  }

  /** Drops the session's proposed correction; `correctedTranscript` stays as it was. */
  discardCorrection(sessionId: string): TranscriptRevisionRecord {
    const proposal = this.requireProposedCorrection(sessionId);
    const discarded: TranscriptRevisionRecord = {
      ...proposal,
      state: 'discarded',
      segments: [],
      updatedAt: Date.now(),
    };
    this.writeSql(() => this.transcriptRevisions.put(discarded));
    return discarded;
  }

  /**
   * Saves a finished translation: `translatedTranscript` becomes its segments joined, and the
   * revision (`kept`) keeps them one by one for a segment-aligned view, in one transaction.
   */
  saveTranslation(record: TranscriptRevisionRecord): SessionRecord {
    const translated = joinSegmentTexts(record.segments.map((segment) => segment.revised));
    return this.updateSessionWith(record.sessionId, { translatedTranscript: translated }, () =>
      this.transcriptRevisions.put({ ...record, state: 'kept' }),
    );
  }

  // Transcripts made again from the session's audio (transcriptVersionTable.ts), rows of their own.

  createTranscriptVersion(record: TranscriptVersionRecord): void {
    this.requireSession(record.sessionId);
    this.writeSql(() => this.transcriptVersions.put(record));
  }

  updateTranscriptVersion(id: string, patch: TranscriptVersionPatch): TranscriptVersionRecord {
    const updated = this.writeSql(() => this.transcriptVersions.update(id, patch));
    if (updated === undefined) throw new StoreError('not_found', `There is no transcript version ${id}.`);
    return updated;
  }

  getTranscriptVersion(id: string): TranscriptVersionRecord | undefined {
    return this.transcriptVersions.get(id);
  }

  /** The version a file job makes, if that job makes one. */
  transcriptVersionOfJob(jobId: string): TranscriptVersionRecord | undefined {
    return this.transcriptVersions.ofJob(jobId);
  }

  /** The session's versions, newest first. */
  getTranscriptVersions(sessionId: string): TranscriptVersionRecord[] {
    return this.transcriptVersions.ofSession(sessionId);
  }

  /**
   * Adds one chunk's segments to the job's version and records the chunk as done, in one
   * transaction, as `commitFileJobChunk` does for a session: a restart goes on after it.
   */
  commitTranscriptVersionChunk(jobId: string, chunksDone: number, segments: VersionSegment[]): void {
    const version = this.transcriptVersions.ofJob(jobId);
    if (version === undefined) {
      throw new StoreError('job_not_found', `There is no transcript version made by job ${jobId}.`);
    }
    this.writeSql(() =>
      this.mirror.inTransaction(() => {
        this.transcriptVersions.update(version.id, { segments: [...version.segments, ...segments] });
        this.fileJobs.update(jobId, { chunksDone, submitted: null });
      }),
    );
  }

  /**
   * Makes the session's proposed version (it has one at most) its transcript, in one transaction: the segments are
   * replaced (a gaps-only version's go in among the old ones, by time), the stored transcript and
   * with it the word indexes follow, the old transcript stays as a `superseded` version, and the
   * corrections and translations made from the old segments go, as an import's do.
   */
  keepTranscriptVersion(sessionId: string): TranscriptVersionRecord {
    const session = this.requireSession(sessionId);
    const version = this.requireProposedVersion(sessionId);
    if (session.status === 'recording') {
      throw new StoreError(
        'invalid_state',
        `Session ${sessionId} is recording; stop it before keeping a new transcript.`,
      );
    }
    const old = this.getSegments(sessionId);
    const segments =
      version.scope === 'whole'
        ? version.segments
        : [...old, ...version.segments].sort((first, second) => first.startMs - second.startMs);
    const transcript = joinSegmentTexts(segments.map((segment) => segment.text));
    const now = Date.now();
    const kept: TranscriptVersionRecord = { ...version, state: 'kept', updatedAt: now };
    const superseded: TranscriptVersionRecord = {
      id: randomUUID(),
      sessionId,
      providerId: session.providerId,
      scope: 'whole',
      ranges: [],
      state: 'superseded',
      segments: old.map(({ seq: _seq, ...segment }) => segment),
      keepWhenDone: false,
      error: null,
      jobId: null,
      createdAt: now,
      updatedAt: now,
    };
    const durationMs = Math.max(session.durationMs, ...segments.map((segment) => segment.endMs));
    this.write(
      () =>
        this.tables.setPartialRow('sessions', sessionId, {
          transcriptLength: codePointLength(transcript),
          durationMs,
          // A whole new transcript is the new provider's; gaps filled leave most of it the old one's.
          ...(version.scope === 'whole' ? { providerId: version.providerId } : {}),
          updatedAt: now,
        }),
      {
        after: () => {
          this.transcriptRevisions.deleteOfSession(sessionId);
          this.statements.deleteSegmentsOfSession.run(sessionId);
          segments.forEach((segment, seq) => this.insertSegmentRow(sessionId, seq, segment));
          this.statements.upsertTranscript.run(sessionId, transcript);
          this.transcriptVersions.put(superseded);
          this.transcriptVersions.put(kept);
        },
      },
    );
    this.search.transcriptsChanged();
    return kept;
  }

  /** Drops the session's proposed version; the transcript stays as it is. */
  discardTranscriptVersion(sessionId: string): TranscriptVersionRecord {
    const version = this.requireProposedVersion(sessionId);
    return this.updateTranscriptVersion(version.id, { state: 'discarded', segments: [] });
  }

  // Questions asked of the library (libraryQuestionTable.ts), kept the same way.

  putLibraryQuestion(record: Omit<LibraryQuestionRecord, 'updatedAt'>): void {
    this.writeSql(() => this.libraryQuestions.put(record));
  }

  getLibraryQuestion(id: string): LibraryQuestionRecord | undefined {
    return this.libraryQuestions.get(id);
  }

  /** Newest first. */
  listLibraryQuestions(limit: number): LibraryQuestionRecord[] {
    return this.libraryQuestions.list(limit);
  }

  /**
   * Appends one chunk's segments to the job's session and records the chunk as done, in one
   * transaction: after a crash the job resumes exactly after the last chunk whose text was kept.
   * `durationMs` is the audio transcribed so far, silence included.
   */
  commitFileJobChunk(jobId: string, chunksDone: number, durationMs: number, segments: NewSegment[]): void {
    const job = this.fileJobs.get(jobId);
    if (job === undefined) throw new StoreError('job_not_found', `There is no file job ${jobId}.`);
    this.appendSegments(job.sessionId, segments, {
      durationMs,
      after: () => this.fileJobs.update(jobId, { chunksDone, submitted: null }),
    });
  }

  /** The segments with text, appended in order with their positions; those without are left out. */
  private appendSegments(
    sessionId: string,
    inputs: readonly NewSegment[],
    also: { durationMs?: number; after?: () => void } = {},
  ): Segment[] {
    const session = this.requireSession(sessionId);
    if (session.status !== 'recording') {
      throw new StoreError(
        'invalid_state',
        `Session ${sessionId} is ${session.status}; segments can only be added while it is recording.`,
      );
    }
    const existing = this.indexes.getSliceRowIds(segmentsBySession, sessionId);
    const previousId = existing.at(-1);
    let previousText =
      previousId === undefined ? '' : textCell(this.tables.getRow('segments', previousId), 'text');
    let transcriptLength = session.transcriptLength;
    let durationMs = Math.max(session.durationMs, also.durationMs ?? 0);
    const segments: Segment[] = [];
    for (const input of inputs) {
      const text = input.text.trim();
      if (text === '') continue;
      if (!isTimeRange(input.startMs, input.endMs)) {
        throw new StoreError(
          'invalid_segment',
          `A segment needs 0 ≤ startMs ≤ endMs (got ${input.startMs}..${input.endMs}).`,
        );
      }
      const problem = input.words === undefined ? undefined : wordProblem(input.words);
      if (problem !== undefined) throw new StoreError('invalid_segment', problem);
      const segment: Segment = {
        seq: existing.length + segments.length,
        text,
        startMs: input.startMs,
        endMs: input.endMs,
        speaker: input.speaker ?? null,
        language: input.language ?? null,
      };
      if (input.words !== undefined && input.words.length > 0) segment.words = [...input.words];
      segments.push(segment);
      transcriptLength += codePointLength(segmentSeparator(previousText, text) + text);
      durationMs = Math.max(durationMs, input.endMs);
      previousText = text;
    }
    this.write(
      () => {
        for (const segment of segments) {
          this.tables.setRow(
            'segments',
            segmentRowId(sessionId, segment.seq),
            toSegmentRow(sessionId, segment),
          );
        }
        this.tables.setPartialRow('sessions', sessionId, {
          transcriptLength,
          durationMs,
          updatedAt: Date.now(),
        });
      },
      { after: also.after },
    );
    return segments;
  }

  updateSession(id: string, patch: SessionPatch): SessionRecord {
    return this.updateSessionWith(id, patch);
  }

  /**
   * Records a status change. Whether the change is allowed is the session status machine's call
   * (machines/sessionStatus.ts); the store keeps the transcript where the new status needs it.
   */
  setSessionStatus(id: string, status: SessionStatus): SessionRecord {
    const session = this.requireSession(id);
    const updated: SessionRecord = { ...session, status, updatedAt: Date.now() };
    const leavesRecording = session.status === 'recording' && status !== 'recording';
    const entersRecording = session.status !== 'recording' && status === 'recording';
    const hotRows = leavesRecording ? this.hotSegmentRows(id) : [];
    this.write(
      () => {
        this.tables.setRow('sessions', id, toSessionRow(updated));
        if (leavesRecording) {
          for (const row of hotRows) this.tables.delRow('segments', segmentRowId(id, Number(row.seq)));
        }
        if (entersRecording) {
          for (const row of this.statements.segmentsOfSession.all(id) as Row[]) {
            const segment = toSegment(row);
            this.tables.setRow('segments', segmentRowId(id, segment.seq), toSegmentRow(id, segment));
          }
        }
      },
      {
        after: () => {
          if (leavesRecording) {
            this.statements.upsertTranscript.run(
              id,
              joinSegmentTexts(hotRows.map((row) => textCell(row, 'text'))),
            );
          }
          if (entersRecording) this.statements.deleteTranscript.run(id);
        },
      },
    );
    this.search.transcriptsChanged();
    return updated;
  }

  deleteSession(id: string): void {
    this.requireSession(id);
    const askRowIds = this.askEntryRowIdsOf(id);
    const hotIds = this.indexes.getSliceRowIds(segmentsBySession, id);
    this.write(() => {
      this.tables.delRow('sessions', id);
      for (const askRowId of askRowIds) this.tables.delRow('askEntries', askRowId);
      for (const segmentId of hotIds) this.tables.delRow('segments', segmentId);
    });
    this.search.transcriptsChanged();
  }

  putTopic(topic: Topic): void {
    this.write(() => this.tables.setRow('topics', topic.id, toTopicRow(topic)));
  }

  /** Deletes a topic; its sessions stay, without a topic. */
  deleteTopic(id: string): void {
    if (!this.tables.hasRow('topics', id)) throw new StoreError('not_found', `There is no topic ${id}.`);
    this.write(() => {
      this.tables.delRow('topics', id);
      for (const sessionId of this.tables.getRowIds('sessions')) {
        if (this.tables.getCell('sessions', sessionId, 'topicId') === id) {
          this.tables.setCell('sessions', sessionId, 'topicId', null);
        }
      }
    });
  }

  putTag(tag: Tag): void {
    this.write(() => this.tables.setRow('tags', tag.id, toTagRow(tag)));
  }

  /** Deletes a tag and takes it off every session. */
  deleteTag(id: string): void {
    if (!this.tables.hasRow('tags', id)) throw new StoreError('not_found', `There is no tag ${id}.`);
    this.write(() => {
      this.tables.delRow('tags', id);
      for (const sessionId of this.tables.getRowIds('sessions')) {
        const tagIds = (this.tables.getCell('sessions', sessionId, 'tagIds') as string[] | undefined) ?? [];
        if (tagIds.includes(id)) {
          this.tables.setCell(
            'sessions',
            sessionId,
            'tagIds',
            tagIds.filter((tagId) => tagId !== id),
          );
        }
      }
    });
  }

  /** Adds or replaces the session's entry with this id; other sessions may use the same id. */
  putAskEntry(sessionId: string, entry: AskEntry): void {
    this.requireSession(sessionId);
    this.write(() =>
      this.tables.setRow('askEntries', askEntryRowId(sessionId, entry.id), toAskEntryRow(sessionId, entry)),
    );
  }

  setSetting(id: string, value: SettingValue | undefined): void {
    this.write(() => (value === undefined ? this.tables.delValue(id) : this.tables.setValue(id, value)));
  }

  /**
   * Writes whole sessions with their transcripts in one transaction. `replace` first removes every
   * session, topic and tag; `merge` upserts by id. Imported sessions are never live: one that was
   * recording when exported arrives interrupted.
   */
  importData(data: ImportData, mode: 'merge' | 'replace'): void {
    const live =
      mode === 'replace'
        ? this.tables.getRowIds('sessions').find((id) => this.isRecording(id))
        : data.sessions.map(({ record }) => record.id).find((id) => this.isRecording(id));
    if (live !== undefined) {
      throw new StoreError(
        'invalid_state',
        `Session ${live} is recording now; stop it before importing over it.`,
      );
    }
    const imported = data.sessions.map(({ record, segments, askHistory, speakerNames = {} }) => {
      const transcript = joinSegmentTexts(segments.map((segment) => segment.text));
      const stored: SessionRecord = {
        ...record,
        status: record.status === 'recording' ? 'interrupted' : record.status,
        transcriptLength: codePointLength(transcript),
      };
      return { record: stored, segments, askHistory, speakerNames, transcript };
    });
    this.write(
      () => {
        if (mode === 'replace') {
          this.tables.delTable('sessions').delTable('topics').delTable('tags').delTable('askEntries');
          this.tables.delTable('segments');
        }
        for (const topic of data.topics) this.tables.setRow('topics', topic.id, toTopicRow(topic));
        for (const tag of data.tags) this.tables.setRow('tags', tag.id, toTagRow(tag));
        if (data.vocabulary !== undefined) {
          const vocabulary = importedVocabulary(this.getVocabulary(), data.vocabulary, mode);
          this.tables.setValue(vocabularyValueId, JSON.stringify(vocabulary));
        }
        for (const { record, askHistory } of imported) {
          for (const askRowId of this.askEntryRowIdsOf(record.id)) this.tables.delRow('askEntries', askRowId);
          this.tables.setRow('sessions', record.id, toSessionRow(record));
          for (const entry of askHistory) {
            this.tables.setRow(
              'askEntries',
              askEntryRowId(record.id, entry.id),
              toAskEntryRow(record.id, entry),
            );
          }
        }
      },
      {
        before: () => {
          if (mode === 'replace') this.statements.deleteAllSessions.run();
        },
        after: () => {
          for (const { record, segments, speakerNames, transcript } of imported) {
            // A revision was made from the segments replaced here; the import brings its own
            // corrected and translated transcripts.
            this.transcriptRevisions.deleteOfSession(record.id);
            this.statements.deleteSegmentsOfSession.run(record.id);
            segments.forEach((segment, seq) => this.insertSegmentRow(record.id, seq, segment));
            this.statements.upsertTranscript.run(record.id, transcript);
            this.speakerNames.replaceOfSession(record.id, speakerNames);
          }
        },
      },
    );
    this.search.transcriptsChanged();
  }

  // Internals

  /**
   * Applies `actions` to TinyBase and writes the net result, with `sql`, in one SQLite transaction.
   * If SQLite refuses (full disk, read-only file), TinyBase is rolled back too and the caller gets a
   * StoreError: memory and disk never disagree.
   */
  private write(actions: () => void, sql: AccompanyingSql = {}): void {
    if (this.readOnly) throw new StoreError('read_only', 'This store was opened read-only.');
    let failure: unknown;
    this.tables.transaction(actions, (store) => {
      try {
        this.mirror.inTransaction(() => {
          sql.before?.();
          this.mirror.write(transactionRows(store), store.getTransactionChanges()[1], (tableId, rowId) =>
            store.getRow(tableId, rowId),
          );
          sql.after?.();
        });
        return false;
      } catch (error) {
        failure = error;
        return true;
      }
    });
    this.lists.changed();
    if (failure !== undefined) throw storageFailed(failure);
  }

  /** A write to a table outside TinyBase, refused and reported as `write` refuses and reports. */
  private writeSql<T>(work: () => T): T {
    if (this.readOnly) throw new StoreError('read_only', 'This store was opened read-only.');
    try {
      return work();
    } catch (error) {
      throw storageFailed(error);
    } finally {
      this.lists.changed();
    }
  }

  /** Applies `patch` to the session, with `after` (SQL outside TinyBase) in the same transaction. */
  private updateSessionWith(id: string, patch: SessionPatch, after?: () => void): SessionRecord {
    const session = this.requireSession(id);
    const updated: SessionRecord = { ...session, ...patch, updatedAt: Date.now() };
    if (patch.tagIds !== undefined) updated.tagIds = [...new Set(patch.tagIds)];
    this.assertReferencesExist(updated.topicId, updated.tagIds);
    this.write(() => this.tables.setRow('sessions', id, toSessionRow(updated)), { after });
    return updated;
  }

  private requireProposedCorrection(sessionId: string): TranscriptRevisionRecord {
    this.requireSession(sessionId);
    const proposal = this.transcriptRevisions.get(sessionId, 'correction');
    if (proposal?.state !== 'proposed') {
      throw new StoreError(
        'invalid_state',
        `Session ${sessionId} has no proposed correction to keep or discard; ask for a correction first.`,
      );
    }
    return proposal;
  }

  private requireProposedVersion(sessionId: string): TranscriptVersionRecord {
    const version = this.transcriptVersions
      .ofSession(sessionId)
      .find((candidate) => candidate.state === 'proposed');
    if (version === undefined) {
      throw new StoreError(
        'invalid_state',
        `Session ${sessionId} has no proposed transcript to keep or discard; transcribe it again first.`,
      );
    }
    return version;
  }

  /** Writes a segment of a session that is not recording straight to SQLite, its words with it. */
  private insertSegmentRow(sessionId: string, seq: number, segment: Omit<Segment, 'seq'>): void {
    const words = toStoredWords(segment.words, segment);
    this.statements.insertSegment.run(
      sessionId,
      seq,
      segment.text,
      segment.startMs,
      segment.endMs,
      segment.speaker,
      segment.language,
      words === null ? null : JSON.stringify(words),
    );
  }

  private requireSession(id: string): SessionRecord {
    const session = this.getSession(id);
    if (session === undefined) throw new StoreError('session_not_found', `There is no session ${id}.`);
    return session;
  }

  private isRecording(sessionId: string): boolean {
    return this.tables.getCell('sessions', sessionId, 'status') === 'recording';
  }

  private hotSegmentRows(sessionId: string): Row[] {
    return this.indexes
      .getSliceRowIds(segmentsBySession, sessionId)
      .map((segmentId) => this.tables.getRow('segments', segmentId));
  }

  private askEntryRowIdsOf(sessionId: string): string[] {
    return this.indexes.getSliceRowIds(askEntriesBySession, sessionId);
  }

  private assertReferencesExist(topicId: string | null, tagIds: readonly string[]): void {
    if (topicId !== null && !this.hasTopic(topicId)) {
      throw new StoreError('invalid_reference', `There is no topic ${topicId}; create it first.`);
    }
    const unknownTag = tagIds.find((tagId) => !this.hasTag(tagId));
    if (unknownTag !== undefined) {
      throw new StoreError('invalid_reference', `There is no tag ${unknownTag}; create it first.`);
    }
  }

  private countSessionsBy(
    keysOf: (topicId: unknown, tagIds: unknown) => readonly string[],
  ): Map<string, number> {
    const counts = new Map<string, number>();
    for (const id of this.tables.getRowIds('sessions')) {
      const keys = keysOf(
        this.tables.getCell('sessions', id, 'topicId'),
        this.tables.getCell('sessions', id, 'tagIds'),
      );
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }
}

function prepareStatements(database: DatabaseSync) {
  const statement = (sql: string): StatementSync => database.prepare(sql);
  return {
    allSettings: statement('SELECT id, value FROM settings'),
    segmentsOfSession: statement('SELECT * FROM segments WHERE sessionId = ? ORDER BY seq'),
    deleteSegmentsOfSession: statement('DELETE FROM segments WHERE sessionId = ?'),
    insertSegment: statement(
      'INSERT INTO segments (sessionId, seq, text, startMs, endMs, speaker, language, words) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    transcriptOfSession: statement('SELECT text FROM transcripts WHERE sessionId = ?'),
    upsertTranscript: statement(
      'INSERT INTO transcripts (sessionId, text) VALUES (?, ?) ON CONFLICT(sessionId) DO UPDATE SET text = excluded.text',
    ),
    deleteTranscript: statement('DELETE FROM transcripts WHERE sessionId = ?'),
    deleteAllSessions: statement('DELETE FROM sessions'),
  };
}

function storageFailed(failure: unknown): StoreError {
  if (failure instanceof StoreError) return failure;
  const reason = failure instanceof Error ? failure.message : 'unknown error';
  return new StoreError(
    'storage_failed',
    `Could not save to the data directory (${reason}); nothing was changed.`,
    {
      cause: failure,
    },
  );
}

function isTimeRange(startMs: number, endMs: number): boolean {
  return Number.isFinite(startMs) && Number.isFinite(endMs) && startMs >= 0 && endMs >= startMs;
}

function toSessionRow(record: SessionRecord): Row {
  const { id: _id, ...cells } = record;
  return {
    ...cells,
    tagIds: [...cells.tagIds],
    postProcess: { ...cells.postProcess },
    mindMap: { ...cells.mindMap },
  };
}

function toSessionRecord(id: string, row: Row): SessionRecord {
  return { id, ...(row as unknown as Omit<SessionRecord, 'id'>) };
}

/** A segment from its TinyBase row or its SQLite row (whose `words` is JSON text). */
function toSegment(row: Row): Segment {
  const segment: Segment = {
    seq: Number(row.seq),
    text: textCell(row, 'text'),
    startMs: Number(row.startMs),
    endMs: Number(row.endMs),
    speaker: optionalTextCell(row, 'speaker'),
    language: optionalTextCell(row, 'language'),
  };
  const words = fromStoredWords(row.words, segment);
  if (words !== undefined) segment.words = words;
  return segment;
}

function toSegmentRow(sessionId: string, segment: Segment): Row {
  const { words, ...cells } = segment;
  return { sessionId, ...cells, words: toStoredWords(words, segment) };
}

function toTopicRow(topic: Topic): Row {
  return { name: topic.name, emoji: topic.emoji, description: topic.description };
}

function toTopic(id: string, row: Row): Topic {
  return {
    id,
    name: textCell(row, 'name'),
    emoji: textCell(row, 'emoji'),
    description: textCell(row, 'description'),
  };
}

function toTagRow(tag: Tag): Row {
  return { name: tag.name, color: tag.color };
}

function toTag(id: string, row: Row): Tag {
  return { id, name: textCell(row, 'name'), color: textCell(row, 'color') };
}

function toAskEntryRow(sessionId: string, entry: AskEntry): Row {
  const { id, ...cells } = entry;
  return {
    sessionId,
    entryId: id,
    ...cells,
    citations: cells.citations.map((citation) => ({ ...citation })),
  };
}

function toAskEntry(row: Row): AskEntry {
  const { sessionId: _sessionId, entryId: _entryId, ...cells } = row;
  return { id: textCell(row, 'entryId'), ...(cells as unknown as Omit<AskEntry, 'id'>) };
}
