import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { holdsEveryWord, matchingLine, type CandidateLine } from './matchingLine.ts';
import {
  listedSessionCells,
  type ListedSession,
  type MatchingLine,
  type SessionPage,
  type SessionQuery,
  type SessionStatus,
} from './records.ts';
import { typedWords, wordsMatchExpression, type TypedWord } from './sessionWords.ts';
import { likeEscaped, TranscriptSearch, type SessionIdsSql } from './transcriptSearch.ts';
import { joinSegmentTexts } from './transcriptText.ts';
import { suffixMatchExpression } from './wordSuffixes.ts';

/**
 * Pages of the session list, filtered and searched, read from SQLite alone, so any connection to
 * the database can answer them, on any thread. SQL
 * does the work that grows with the library (matching, counting, sorting, paging), so a search
 * that matches most sessions never brings them all into JavaScript; only the page's rows are read.
 *
 * Sessions still recording have no stored transcript yet: their words are in `segments`, and they
 * are matched here, in JavaScript (there are seldom more than one).
 */
export class SessionListReader {
  private readonly database: DatabaseSync;
  private readonly statements: ReturnType<typeof prepareStatements>;

  /**
   * Recent answers, kept while the database is unchanged: the app asks the same page again
   * whenever its replica changes, and a client pages back and forth through the same search.
   */
  private readonly recentAnswers = new Map<string, SessionPage>();
  private answeredAtVersion: number | undefined;

  /**
   * Whether answers are copied out of (and into) the recent answers, so a caller that changes an
   * answer cannot change a later one. A reader thread posts every answer, which copies it anyway.
   */
  private readonly copyAnswers: boolean;

  constructor(database: DatabaseSync, options: { copyAnswers?: boolean } = {}) {
    this.database = database;
    this.copyAnswers = options.copyAnswers ?? true;
    this.statements = prepareStatements(database);
  }

  /**
   * Must be called after this connection writes. Commits of other connections are noticed by
   * themselves (`PRAGMA data_version`), but a connection's own are not.
   */
  changed(): void {
    this.recentAnswers.clear();
  }

  list(query: SessionQuery): SessionPage {
    const version = Number(this.statements.dataVersion.get()?.data_version);
    if (version !== this.answeredAtVersion) {
      this.recentAnswers.clear();
      this.answeredAtVersion = version;
    }
    const key = JSON.stringify([
      query.search?.trim() ?? '',
      query.words ?? '',
      query.status,
      query.topicId,
      query.tagId,
      query.startedFrom,
      query.startedTo,
      query.limit,
      query.offset,
    ]);
    const recent = this.recentAnswers.get(key);
    if (recent !== undefined) return this.copyAnswers ? structuredClone(recent) : recent;
    const answer = this.answer(query);
    if (this.recentAnswers.size >= recentAnswersKept) {
      this.recentAnswers.delete(this.recentAnswers.keys().next().value ?? '');
    }
    this.recentAnswers.set(key, this.copyAnswers ? structuredClone(answer) : answer);
    return answer;
  }

  private answer(query: SessionQuery): SessionPage {
    const search = query.search?.trim() ?? '';
    const words = typedWords(query.words ?? '');
    const filters: SessionIdsSql[] = [];
    if (query.status !== undefined) filters.push({ sql: 'status = ?', parameters: [query.status] });
    if (query.topicId !== undefined) filters.push({ sql: 'topicId = ?', parameters: [query.topicId] });
    if (query.tagId !== undefined) {
      filters.push({
        sql: 'EXISTS (SELECT 1 FROM json_each(tagIds) WHERE value = ?)',
        parameters: [query.tagId],
      });
    }
    if (query.startedFrom !== undefined) {
      filters.push({ sql: 'startedAt >= ?', parameters: [query.startedFrom] });
    }
    if (query.startedTo !== undefined) filters.push({ sql: 'startedAt <= ?', parameters: [query.startedTo] });
    const matchSets: SessionIdsSql[] = [];
    if (search !== '') matchSets.push(this.containing(search));
    if (words.length > 0) matchSets.push(this.holdingWords(words));
    const { ids, total } =
      matchSets.length === 0 ? this.plainPage(filters, query) : this.searchPage(matchSets, filters, query);
    const sessions = this.sessionsById(ids);
    if (words.length === 0) return { sessions, total };
    return { sessions, total, matchingLines: this.matchingLines(sessions, words) };
  }

  /** Along the start-time index, counted apart. */
  private plainPage(filters: SessionIdsSql[], query: SessionQuery): { ids: string[]; total: number } {
    const where = joined(filters, 'WHERE');
    const rows = this.prepared(`SELECT id FROM sessions ${where.sql} ${newestFirst}`).all(
      ...where.parameters,
      query.limit,
      query.offset,
    );
    return { ids: rows.map((row) => String(row.id)), total: this.count(where) };
  }

  /**
   * The matching sessions' keys (the integer rowids of `sessionWordRows`, which both the word index
   * and the word-suffix index return, so a common word's thousands of matches are never turned
   * into ids) are gathered into SQLite's list for `IN`, then the start-time index is read in order
   * until the page is full (`+` keeps the planner from sorting every match instead). Without
   * filters the keys are counted by the index itself: asking it twice costs less than keeping its
   * answer in a table to read twice.
   */
  private searchPage(
    matchSets: SessionIdsSql[],
    filters: SessionIdsSql[],
    query: SessionQuery,
  ): { ids: string[]; total: number } {
    const matched = {
      sql: matchSets.map((set) => `SELECT * FROM (${set.sql})`).join(' INTERSECT '),
      parameters: matchSets.flatMap((set) => set.parameters),
    };
    const inMatched = { sql: `keys.rowid IN (${matched.sql})`, parameters: matched.parameters };
    const listed = joined([{ ...inMatched, sql: `+${inMatched.sql}` }, ...filters], 'WHERE');
    const counted =
      filters.length === 0
        ? prefixed('SELECT count(*) FROM', { ...matched, sql: `(${matched.sql})` })
        : prefixed(`SELECT count(*) FROM ${keyedSessions}`, joined([inMatched, ...filters], 'WHERE'));
    const rows = this.prepared(
      `SELECT id, (${counted.sql}) AS total FROM ${keyedSessions} ${listed.sql} ${newestFirst}`,
    ).all(...counted.parameters, ...listed.parameters, query.limit, query.offset);
    const ids = rows.map((row) => String(row.id));
    if (rows[0] !== undefined) return { ids, total: Number(rows[0].total) };
    // Past the last page: no row carries the count.
    const total = this.prepared(`SELECT (${counted.sql}) AS total`).get(...counted.parameters)?.total;
    return { ids, total: Number(total) };
  }

  private count(where: SessionIdsSql): number {
    return Number(
      this.prepared(`SELECT count(*) AS total FROM sessions ${where.sql}`).get(...where.parameters)?.total,
    );
  }

  /**
   * As the spec's `search`: `text` in the title or the transcript, ignoring case, as session keys.
   * One word is looked up in the word-suffix index of both (wordSuffixes.ts); anything else in the
   * transcripts' own indexes (transcriptSearch.ts) and every title.
   */
  private containing(text: string): SessionIdsSql {
    const lower = text.toLowerCase();
    const recording = this.recordingSessions()
      .filter((session) => session.transcript().toLowerCase().includes(lower))
      .map((session) => session.id);
    const suffixMatch = suffixMatchExpression(text);
    if (suffixMatch !== undefined) {
      return withKeysOf(recording, {
        sql: 'SELECT rowid FROM sessionSuffixes WHERE sessionSuffixes MATCH ?',
        parameters: [suffixMatch],
      });
    }
    const transcripts = TranscriptSearch.containingSql(text);
    return {
      sql: `SELECT rowid FROM sessionWordRows WHERE sessionId IN (
              ${transcripts.sql} UNION ${titleContaining(text)} UNION SELECT value FROM json_each(?)
            )`,
      parameters: [...transcripts.parameters, ...titleParameters(text), JSON.stringify(recording)],
    };
  }

  /** Every word in the title, the transcript, a speaker's name or the summary (sessionWords.ts). */
  private holdingWords(words: readonly TypedWord[]): SessionIdsSql {
    const recording = this.recordingSessions()
      .filter((session) => holdsEveryWord(session.everyText(), words))
      .map((session) => session.id);
    return withKeysOf(recording, {
      sql: 'SELECT rowid FROM sessionWords WHERE sessionWords MATCH ?',
      parameters: [wordsMatchExpression(words)],
    });
  }

  private recordingSessions(): Array<{ id: string; transcript(): string; everyText(): string }> {
    return this.statements.recordingSessions.all().map((row) => {
      const id = String(row.id);
      const segments = () => this.statements.segmentsOf.all(id);
      const transcript = () => joinSegmentTexts(segments().map((segment) => String(segment.text)));
      return {
        id,
        transcript,
        everyText: () =>
          [
            String(row.title),
            String(row.summary ?? ''),
            ...new Set(segments().flatMap((segment) => (segment.speaker === null ? [] : [segment.speaker]))),
            ...this.statements.speakerNamesOf.all(id).map((named) => String(named.name)),
            transcript(),
          ].join('\n'),
      };
    });
  }

  /** Only the columns a list shows: the rest of a row may be pages of text. */
  private sessionsById(ids: readonly string[]): ListedSession[] {
    if (ids.length === 0) return [];
    const rows = new Map(
      this.statements.listedSessions.all(JSON.stringify(ids)).map((row) => [String(row.id), row] as const),
    );
    return ids.flatMap((id) => {
      const row = rows.get(id);
      if (row === undefined) return [];
      return [
        {
          id,
          title: String(row.title),
          startedAt: Number(row.startedAt),
          status: String(row.status) as SessionStatus,
          durationMs: Number(row.durationMs),
          providerId: String(row.providerId),
          topicId: row.topicId === null ? null : String(row.topicId),
          tagIds: JSON.parse(String(row.tagIds)) as string[],
          transcriptLength: Number(row.transcriptLength),
          updatedAt: Number(row.updatedAt),
          summary: String(row.summary),
        },
      ];
    });
  }

  /** The names given to speakers, by label, of each session on a page that has any: one read for the page. */
  private speakerNamesOfPage(sessions: readonly ListedSession[]): Map<string, Map<string, string>> {
    const bySession = new Map<string, Map<string, string>>();
    const ids = JSON.stringify(sessions.map((session) => session.id));
    for (const row of this.statements.speakerNamesOfSessions.all(ids)) {
      const sessionId = String(row.sessionId);
      const names = bySession.get(sessionId) ?? new Map<string, string>();
      names.set(String(row.label), String(row.name));
      bySession.set(sessionId, names);
    }
    return bySession;
  }

  /**
   * Each listed session's matching line. A speaker goes by the name given to it, as the session
   * page shows it. The first segment that may hold a word is read for every session without named
   * speakers in one statement: twenty statements, one per session, cost more than their scans.
   */
  private matchingLines(
    sessions: readonly ListedSession[],
    words: readonly TypedWord[],
  ): Record<string, MatchingLine | null> {
    const namesBySession = this.speakerNamesOfPage(sessions);
    const unnamed = sessions.filter((session) => !namesBySession.has(session.id));
    const firstSegments = this.firstSegmentsMaybeHolding(unnamed, words);
    const lines: Record<string, MatchingLine | null> = {};
    for (const session of sessions) {
      const names = namesBySession.get(session.id);
      const segments =
        names === undefined
          ? this.segmentsAfter(firstSegments.get(session.id), session.id, words)
          : this.segmentsMaybeHolding(session.id, words, names);
      lines[session.id] = matchingLine(words, candidateLines(session.summary, segments, names));
    }
    return lines;
  }

  /** `first`, then the session's later segments that may hold a word; none when there is no first. */
  private *segmentsAfter(
    first: SegmentRow | undefined,
    sessionId: string,
    words: readonly TypedWord[],
  ): Generator<SegmentRow> {
    if (first === undefined) return;
    yield first;
    yield* this.segmentsMaybeHolding(sessionId, words, new Map(), Number(first.seq));
  }

  /** By session id: the first segment that may hold one of `words` (see segmentsMaybeHolding). */
  private firstSegmentsMaybeHolding(
    sessions: readonly ListedSession[],
    words: readonly TypedWord[],
  ): Map<string, SegmentRow> {
    if (sessions.length === 0) return new Map();
    const mayHold = mayHoldWords(words);
    const rows = this.prepared(
      `SELECT listed.value AS sessionId, found.seq, found.text, found.startMs, found.speaker
       FROM json_each(?) AS listed JOIN segments AS found
         ON found.sessionId = listed.value AND found.seq = (
           SELECT seq FROM segments WHERE sessionId = listed.value AND ${mayHold.sql} ORDER BY seq LIMIT 1
         )`,
    ).all(JSON.stringify(sessions.map((session) => session.id)), ...mayHold.parameters);
    return new Map(rows.map((row) => [String(row.sessionId), row]));
  }

  /**
   * The session's segments after `afterSeq` that may hold one of `words`, in order: the rest cannot
   * be its matching line. Reading every segment of every session on the page into JavaScript cost
   * more than the search itself; SQLite's LIKE passes over them in place. A line whose speaker was
   * given a name (`names`, by label) is always read. Read lazily: `matchingLine` stops at the first
   * line holding every word, and the `for…of` that stops resets the statement (an iterator left
   * part read would hold this connection's read snapshot, and the reader would stop seeing new
   * writes).
   */
  private segmentsMaybeHolding(
    sessionId: string,
    words: readonly TypedWord[],
    names: ReadonlyMap<string, string>,
    afterSeq = -1,
  ): Iterable<SegmentRow> {
    const mayHold = mayHoldWords(words);
    const named = names.size === 0 ? [] : [JSON.stringify([...names.keys()])];
    return this.prepared(
      `SELECT seq, text, startMs, speaker FROM segments
       WHERE sessionId = ? AND seq > ? AND (${mayHold.sql}
         ${named.length === 0 ? '' : 'OR speaker IN (SELECT value FROM json_each(?))'})
       ORDER BY seq`,
    ).iterate(sessionId, afterSeq, ...mayHold.parameters, ...named);
  }

  /** Statements are kept by their SQL: a list asks one of a few shapes again and again. */
  private prepared(sql: string): StatementSync {
    let statement = this.statements.bySql.get(sql);
    if (statement === undefined) {
      statement = this.database.prepare(sql);
      this.statements.bySql.set(sql, statement);
    }
    return statement;
  }
}

const recentAnswersKept = 16;

type SegmentRow = Record<string, SQLOutputValue>;

/**
 * SQL true for a segment that may hold one of `words`. LIKE folds ASCII case only, so a line (or
 * speaker) with any other character always may, and `matchingLine` decides.
 */
function mayHoldWords(words: readonly TypedWord[]): SessionIdsSql {
  const patterns = words.map((word) => `%${likeEscaped(word.text)}%`);
  const like = patterns.map(() => "text LIKE ? ESCAPE '\\' OR speaker LIKE ? ESCAPE '\\'").join(' OR ');
  return {
    sql: `(${beyondAscii('text')} OR ${beyondAscii('speaker')} OR ${like})`,
    parameters: patterns.flatMap((pattern) => [pattern, pattern]),
  };
}

/** The summary's lines, then `segments`, as lines a word search may show. */
function* candidateLines(
  summary: string,
  segments: Iterable<SegmentRow>,
  names: ReadonlyMap<string, string> = new Map(),
): Generator<CandidateLine> {
  for (const line of summary.split(/\n+/)) {
    if (line.trim() !== '')
      yield { text: line.trim(), source: 'summary', seq: null, startMs: null, speaker: null };
  }
  for (const row of segments) {
    const label = row.speaker === null ? null : String(row.speaker);
    yield {
      text: String(row.text),
      source: 'transcript',
      seq: Number(row.seq),
      startMs: Number(row.startMs),
      speaker: label === null ? null : (names.get(label) ?? label),
    };
  }
}
/** SQL true when the text `column` holds a character beyond ASCII: one that takes more than a byte. */
function beyondAscii(column: string): string {
  return `length(${column}) < octet_length(${column})`;
}
const newestFirst = 'ORDER BY startedAt DESC, id LIMIT ? OFFSET ?';
/** Sessions with their keys: the rows a search pages through (columns of `sessions` unqualified). */
const keyedSessions = 'sessions JOIN sessionWordRows AS keys ON keys.sessionId = sessions.id';

/** `indexed` (session keys) and the keys of the sessions `recording` still, whose words no index holds yet. */
function withKeysOf(recording: readonly string[], indexed: SessionIdsSql): SessionIdsSql {
  if (recording.length === 0) return indexed;
  return {
    sql: `${indexed.sql} UNION SELECT rowid FROM sessionWordRows WHERE sessionId IN (SELECT value FROM json_each(?))`,
    parameters: [...indexed.parameters, JSON.stringify(recording)],
  };
}

function prefixed(prefix: string, part: SessionIdsSql): SessionIdsSql {
  return { sql: `${prefix} ${part.sql}`, parameters: part.parameters };
}

/** `parts` joined with AND after `keyword`, or nothing when there are none. */
function joined(parts: readonly SessionIdsSql[], keyword: string): SessionIdsSql {
  return parts.length === 0
    ? { sql: '', parameters: [] }
    : {
        sql: `${keyword} ${parts.map((part) => part.sql).join(' AND ')}`,
        parameters: parts.flatMap((part) => part.parameters),
      };
}

/**
 * Titles holding `text` as JavaScript's lower case sees them. For an ASCII `text`, LIKE (which
 * folds ASCII only) agrees with it on every title but those with the two characters whose lower
 * case is ASCII (the Kelvin sign, and İ), which go through unicodeLower.
 */
function titleContaining(text: string): string {
  return isAscii(text)
    ? `SELECT id FROM sessions WHERE title LIKE ? ESCAPE '\\'
         OR ((instr(title, '\u212a') > 0 OR instr(title, '\u0130') > 0) AND instr(unicodeLower(title), ?) > 0)`
    : 'SELECT id FROM sessions WHERE instr(unicodeLower(title), ?) > 0';
}

function titleParameters(text: string): SQLInputValue[] {
  const lower = text.toLowerCase();
  return isAscii(text) ? [`%${likeEscaped(text)}%`, lower] : [lower];
}

function isAscii(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text);
}

function prepareStatements(database: DatabaseSync) {
  return {
    dataVersion: database.prepare('PRAGMA data_version'),
    recordingSessions: database.prepare(
      "SELECT id, title, json_extract(postProcess, '$.summary') AS summary FROM sessions WHERE status = 'recording'",
    ),
    listedSessions: database.prepare(
      `SELECT id, ${listedSessionCells.join(', ')}, COALESCE(json_extract(postProcess, '$.summary'), '') AS summary
       FROM sessions WHERE id IN (SELECT value FROM json_each(?))`,
    ),
    speakerNamesOf: database.prepare('SELECT label, name FROM speakerNames WHERE sessionId = ?'),
    speakerNamesOfSessions: database.prepare(
      'SELECT sessionId, label, name FROM speakerNames WHERE sessionId IN (SELECT value FROM json_each(?))',
    ),
    segmentsOf: database.prepare(
      'SELECT seq, text, startMs, speaker FROM segments WHERE sessionId = ? ORDER BY seq',
    ),
    bySql: new Map<string, StatementSync>(),
  };
}
