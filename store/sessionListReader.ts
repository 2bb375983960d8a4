import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { holdsEveryWord, matchingLine, type CandidateLine } from './matchingLine.ts';
import type { MatchingLine, SessionPage, SessionQuery, SessionRecord } from './records.ts';
import { typedWords, wordsMatchExpression, type TypedWord } from './sessionWords.ts';
import { SqliteMirror } from './sqliteMirror.ts';
import { storeTables } from './storeTables.ts';
import { likeEscaped, TranscriptSearch, type SessionIdsSql } from './transcriptSearch.ts';
import { joinSegmentTexts } from './transcriptText.ts';

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
  private readonly mirror: SqliteMirror;
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(database: DatabaseSync) {
    this.database = database;
    this.mirror = new SqliteMirror(database, storeTables);
    this.statements = prepareStatements(database);
  }

  list(query: SessionQuery): SessionPage {
    const search = query.search?.trim() ?? '';
    const words = typedWords(query.words ?? '');
    const conditions: string[] = [];
    const parameters: SQLInputValue[] = [];
    const where = (condition: SessionIdsSql | string) => {
      conditions.push(typeof condition === 'string' ? condition : condition.sql);
      if (typeof condition !== 'string') parameters.push(...condition.parameters);
    };
    if (query.status !== undefined) where({ sql: 'status = ?', parameters: [query.status] });
    if (query.topicId !== undefined) where({ sql: 'topicId = ?', parameters: [query.topicId] });
    if (query.tagId !== undefined) {
      where({ sql: 'EXISTS (SELECT 1 FROM json_each(tagIds) WHERE value = ?)', parameters: [query.tagId] });
    }
    if (search !== '') where(this.containing(search));
    if (words.length > 0) where(this.holdingWords(words));
    const filter = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
    const { ids, total } = this.page(filter, parameters, query, search !== '' || words.length > 0);
    const sessions = this.sessionsById(ids);
    if (words.length === 0) return { sessions, total };
    const matchingLines: Record<string, MatchingLine | null> = {};
    for (const session of sessions) matchingLines[session.id] = this.matchingLineOf(session, words);
    return { sessions, total, matchingLines };
  }

  /**
   * The page's ids and the count of all matches. A search's matches are gathered once and counted
   * and sorted from there; plain filters page along the start-time index and count separately.
   */
  private page(
    filter: string,
    parameters: SQLInputValue[],
    query: SessionQuery,
    isSearch: boolean,
  ): { ids: string[]; total: number } {
    const order = 'ORDER BY startedAt DESC, id LIMIT ? OFFSET ?';
    const countAll = () =>
      Number(this.prepared(`SELECT count(*) AS total FROM sessions ${filter}`).get(...parameters)?.total);
    if (!isSearch) {
      const rows = this.prepared(`SELECT id FROM sessions ${filter} ${order}`).all(
        ...parameters,
        query.limit,
        query.offset,
      );
      return { ids: rows.map((row) => String(row.id)), total: countAll() };
    }
    const rows = this.prepared(
      `WITH matched AS MATERIALIZED (SELECT id, startedAt FROM sessions ${filter})
       SELECT id, (SELECT count(*) FROM matched) AS total FROM matched ${order}`,
    ).all(...parameters, query.limit, query.offset);
    const total = rows[0] === undefined ? (query.offset === 0 ? 0 : countAll()) : Number(rows[0].total);
    return { ids: rows.map((row) => String(row.id)), total };
  }

  /** As the spec's `search`: `text` in the title or the transcript, ignoring case. */
  private containing(text: string): SessionIdsSql {
    const lower = text.toLowerCase();
    const transcripts = TranscriptSearch.containingSql(text);
    const recording = this.recordingSessions()
      .filter((session) => session.transcript().toLowerCase().includes(lower))
      .map((session) => session.id);
    // JavaScript's lower case for titles: LIKE folds only ASCII, which is the same for an ASCII
    // query on an ASCII title; any other pair goes through unicodeLower.
    // eslint-disable-next-line no-control-regex
    const title = /^[\x00-\x7f]*$/.test(text)
      ? `CASE WHEN title GLOB '*[^ -~]*' THEN instr(unicodeLower(title), ?) > 0 ELSE title LIKE ? ESCAPE '\\' END`
      : 'instr(unicodeLower(title), ?) > 0';
    // eslint-disable-next-line no-control-regex
    const titleParameters = /^[\x00-\x7f]*$/.test(text) ? [lower, `%${likeEscaped(text)}%`] : [lower];
    return {
      sql: `(id IN (${transcripts.sql} UNION ALL SELECT value FROM json_each(?)) OR ${title})`,
      parameters: [...transcripts.parameters, JSON.stringify(recording), ...titleParameters],
    };
  }

  /** Every word in the title, the transcript, a speaker's name or the summary (sessionWords.ts). */
  private holdingWords(words: readonly TypedWord[]): SessionIdsSql {
    const recording = this.recordingSessions()
      .filter((session) => holdsEveryWord(session.everyText(), words))
      .map((session) => session.id);
    return {
      sql: `id IN (SELECT sessionId FROM sessionWordRows WHERE rowid IN (
              SELECT rowid FROM sessionWords WHERE sessionWords MATCH ?
            ) UNION ALL SELECT value FROM json_each(?))`,
      parameters: [wordsMatchExpression(words), JSON.stringify(recording)],
    };
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
            transcript(),
          ].join('\n'),
      };
    });
  }

  private sessionsById(ids: readonly string[]): SessionRecord[] {
    if (ids.length === 0) return [];
    const rows = this.mirror.read(
      'sessions',
      'WHERE id IN (SELECT value FROM json_each(?))',
      JSON.stringify(ids),
    );
    return ids.flatMap((id) => {
      const row = rows[id];
      return row === undefined ? [] : [{ id, ...(row as unknown as Omit<SessionRecord, 'id'>) }];
    });
  }

  private matchingLineOf(session: SessionRecord, words: readonly TypedWord[]): MatchingLine | null {
    const segments = this.statements.segmentsOf;
    function* candidates(): Generator<CandidateLine> {
      for (const line of session.postProcess.summary.split(/\n+/)) {
        if (line.trim() !== '')
          yield { text: line.trim(), source: 'summary', seq: null, startMs: null, speaker: null };
      }
      for (const row of segments.iterate(session.id)) {
        yield {
          text: String(row.text),
          source: 'transcript',
          seq: Number(row.seq),
          startMs: Number(row.startMs),
          speaker: row.speaker === null ? null : String(row.speaker),
        };
      }
    }
    return matchingLine(words, candidates());
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

function prepareStatements(database: DatabaseSync) {
  return {
    recordingSessions: database.prepare(
      "SELECT id, title, json_extract(postProcess, '$.summary') AS summary FROM sessions WHERE status = 'recording'",
    ),
    segmentsOf: database.prepare(
      'SELECT seq, text, startMs, speaker FROM segments WHERE sessionId = ? ORDER BY seq',
    ),
    bySql: new Map<string, StatementSync>(),
  };
}
