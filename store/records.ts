import type { SpeakerNames } from './speakerNames.ts';

/**
 * The records the store keeps, as the rest of the program sees them. The API projects these into
 * the spec's views; the backup format is built from them; the recorder writes them.
 */

export const sessionStatuses = ['recording', 'completed', 'interrupted'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

export const generationStatuses = ['none', 'pending', 'success', 'error'] as const;
/** Status of a generated artefact (AI post-processing, mind map). */
export type GenerationStatus = (typeof generationStatuses)[number];

export const askStatuses = ['pending', 'success', 'error'] as const;
export type AskStatus = (typeof askStatuses)[number];

export interface Chapter {
  title: string;
  startMs: number;
  endMs: number;
  summary: string;
}

export interface PostProcess {
  summary: string;
  actionItems: string[];
  keywords: string[];
  chapters: Chapter[];
  status: GenerationStatus;
}

export interface MindMap {
  markdown: string;
  status: GenerationStatus;
}

export interface SessionRecord {
  id: string;
  title: string;
  /** Start of the session, epoch milliseconds. */
  startedAt: number;
  status: SessionStatus;
  durationMs: number;
  providerId: string;
  topicId: string | null;
  tagIds: string[];
  /** Unicode code points of the joined transcript. */
  transcriptLength: number;
  translatedTranscript: string | null;
  correctedTranscript: string | null;
  postProcess: PostProcess;
  mindMap: MindMap;
  /** Epoch milliseconds of the last change to the record or its transcript. */
  updatedAt: number;
}

/**
 * One word of a segment as the provider timed it, in milliseconds of the session's audio. `speaker`
 * where the provider labels words (or their segment); `confidence` (0–1) where it scores them.
 */
export interface SegmentWord {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: string;
  confidence?: number;
}

/**
 * A copy of the word, each field by name, speaker and confidence only where it has them: what the
 * API and backups show of a word, so a field words gain later reaches neither unannounced.
 */
export function wordFields(word: SegmentWord): SegmentWord {
  const copy: SegmentWord = { text: word.text, startMs: word.startMs, endMs: word.endMs };
  if (word.speaker !== undefined) copy.speaker = word.speaker;
  if (word.confidence !== undefined) copy.confidence = word.confidence;
  return copy;
}

/** One committed piece of transcript; a transcript is the ordered list of them. */
export interface Segment {
  /** Position in the session, 0-based, gap-free. */
  seq: number;
  text: string;
  startMs: number;
  endMs: number;
  speaker: string | null;
  language: string | null;
  /** Its words with their times, where the provider timed them; absent otherwise. */
  words?: SegmentWord[];
}

export interface Citation {
  quote: string;
  speaker: string | null;
}

export interface AskEntry {
  id: string;
  question: string;
  answer: string;
  citations: Citation[];
  /** ISO 8601 timestamp. */
  createdAt: string;
  status: AskStatus;
}

export interface Topic {
  id: string;
  name: string;
  emoji: string;
  description: string;
}

export interface Tag {
  id: string;
  name: string;
  color: string;
}

export interface SessionQuery {
  /** Case-insensitive substring of the title or the transcript; empty or absent matches all. */
  search?: string;
  /**
   * Sessions holding every one of these words, in any order, ignoring case and accents, in the
   * title, the transcript, the speakers' names or the AI summary (sessionWords.ts); empty or absent
   * matches all.
   */
  words?: string;
  topicId?: string;
  /** Only sessions carrying this tag. */
  tagId?: string;
  status?: SessionStatus;
  /** Only sessions that started at or after this instant, epoch milliseconds. */
  startedFrom?: number;
  /** Only sessions that started at or before this instant, epoch milliseconds. */
  startedTo?: number;
  limit: number;
  offset: number;
}

/**
 * A session as a list shows it: its record without the translated and corrected transcripts and
 * what the AI made (kilobytes a session, which a page of a library's list would copy for nothing),
 * but with the summary, which a list's preview line may quote.
 */
export type ListedSession = Pick<SessionRecord, 'id' | (typeof listedSessionCells)[number]> & {
  summary: string;
};

/** The cells of a session that lists show, and the app's replica holds, besides its id. */
export const listedSessionCells = [
  'title',
  'startedAt',
  'status',
  'durationMs',
  'providerId',
  'topicId',
  'tagIds',
  'transcriptLength',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof SessionRecord>;

export function listedSession(record: SessionRecord): ListedSession {
  const { translatedTranscript, correctedTranscript, postProcess, mindMap, ...listed } = record;
  return { ...listed, summary: postProcess.summary };
}

export interface SessionPage {
  /** Newest first by start time, ties by id. */
  sessions: ListedSession[];
  /** All matches, not just this page. */
  total: number;
  /** With `words`: each listed session's line that holds most of them, by session id. */
  matchingLines?: Record<string, MatchingLine | null>;
}

/** The line of a session a word search found, to show under the result. */
export interface MatchingLine {
  /** About two lines of text around the first match, "…" where text was left out. */
  text: string;
  /** Each matched word in `text`, as UTF-16 offsets: `text.slice(start, end)`. */
  marks: Array<{ start: number; end: number }>;
  /** A line of the AI summary, or a segment of the transcript. */
  source: 'summary' | 'transcript';
  /** The segment's `seq`, `startMs` and `speaker`; null for a summary line. */
  seq: number | null;
  startMs: number | null;
  speaker: string | null;
}

/**
 * Session lists answered off the caller's thread (readers/sessionReadPool.ts), as `listSessions`
 * answers them.
 */
export interface SessionListSource {
  listSessions(query: SessionQuery): Promise<SessionPage>;
}

/** What readers (the API, the CLI, exports) may ask of the store. Every call is synchronous. */
export interface SessionReader {
  listSessions(query: SessionQuery): SessionPage;
  getSession(id: string): SessionRecord | undefined;
  getSegments(sessionId: string): Segment[];
  /** The names given to the session's speakers, by label; empty for none or an unknown session. */
  getSpeakerNames(sessionId: string): SpeakerNames;
  /** The segments joined as the spec says; '' for an unknown session. */
  getTranscript(sessionId: string): string;
  getAskHistory(sessionId: string): AskEntry[];
  listTopics(): Array<Topic & { sessionCount: number }>;
  listTags(): Array<Tag & { sessionCount: number }>;
}
