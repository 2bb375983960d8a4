import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { isAllCjkLetters } from './cjkTokens.ts';
import { codePointLength } from './transcriptText.ts';

/** The trigram index cannot answer queries shorter than one trigram. */
const shortestTrigramQuery = 3;

/** A SQL subquery selecting session ids, with its parameters. */
export interface SessionIdsSql {
  sql: string;
  parameters: SQLInputValue[];
}

/**
 * Finds the sessions whose stored (not recording) transcript contains a text, ignoring case, in any
 * script:
 * - three or more characters: the FTS5 trigram index (phrase = exact substring, Unicode case folding);
 * - one or two Chinese/Japanese characters: the per-character index (cjkTokens.ts);
 * - anything else shorter: a scan, which the benchmark measures.
 * and ranks them for a question's terms (libraryPassages.ts). Ranked hits are transcript rowids,
 * mapped to sessions in memory: joining back to the transcripts table costs more than the index
 * lookup when a common word matches most sessions.
 */
export class TranscriptSearch {
  private readonly trigramRanked: StatementSync;
  private readonly cjkRanked: StatementSync;
  private readonly allRowIds: StatementSync;
  private sessionIdByRowId: Map<number, string> | undefined;

  constructor(database: DatabaseSync) {
    // bm25 is lower for a better match: terms found more often, in shorter transcripts, and
    // rarer across the library count more.
    this.trigramRanked = database.prepare(
      'SELECT rowid, bm25(transcriptSearch) AS rank FROM transcriptSearch WHERE transcriptSearch MATCH ?',
    );
    this.cjkRanked = database.prepare(
      'SELECT rowid, bm25(cjkSearch) AS rank FROM cjkSearch WHERE cjkSearch MATCH ?',
    );
    this.allRowIds = database.prepare('SELECT rowid, sessionId FROM transcripts');
  }

  /** Must be called after any write to the transcripts table: rowids can be reused. */
  transcriptsChanged(): void {
    this.sessionIdByRowId = undefined;
  }

  /** The sessions whose stored transcript contains `query`, ignoring case, as a SQL subquery. */
  static containingSql(query: string): SessionIdsSql {
    if (codePointLength(query) >= shortestTrigramQuery) return indexed('transcriptSearch', phrase(query));
    if (isAllCjkLetters(query)) return indexed('cjkSearch', phrase([...query].join(' ')));
    const lower = query.toLowerCase();
    if (lower === query.toUpperCase())
      return { sql: 'SELECT sessionId FROM transcripts WHERE instr(text, ?) > 0', parameters: [query] };
    // LIKE folds ASCII letters only, which is exact for an all-ASCII query.
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(query))
      return {
        sql: "SELECT sessionId FROM transcripts WHERE text LIKE ? ESCAPE '\\'",
        parameters: [`%${likeEscaped(query)}%`],
      };
    // unicodeLower: database.ts gives every connection it.
    return {
      sql: 'SELECT sessionId FROM transcripts WHERE instr(unicodeLower(text), ?) > 0',
      parameters: [lower],
    };
  }

  /**
   * The sessions whose stored transcript holds any of `terms` (each a word or stem of three or
   * more characters, or one or two Chinese/Japanese characters), best match first by bm25. Terms
   * of both kinds rank in their own index; a session found by both keeps its better rank.
   */
  sessionIdsRanked(terms: readonly string[]): string[] {
    const cjk = terms.filter((term) => isAllCjkLetters(term));
    const other = terms.filter(
      (term) => !isAllCjkLetters(term) && codePointLength(term) >= shortestTrigramQuery,
    );
    const rows = [
      ...(other.length === 0 ? [] : this.trigramRanked.all(other.map(phrase).join(' OR '))),
      ...(cjk.length === 0
        ? []
        : this.cjkRanked.all(cjk.map((term) => phrase([...term].join(' '))).join(' OR '))),
    ];
    const rowIds = this.rowIdMap();
    const best = new Map<string, number>();
    for (const row of rows) {
      const sessionId = rowIds.get(Number(row.rowid));
      const rank = Number(row.rank);
      if (sessionId !== undefined && rank < (best.get(sessionId) ?? Infinity)) best.set(sessionId, rank);
    }
    return [...best.entries()].sort((left, right) => left[1] - right[1]).map(([sessionId]) => sessionId);
  }

  private rowIdMap(): Map<number, string> {
    this.sessionIdByRowId ??= new Map(
      this.allRowIds.all().map((row) => [Number(row.rowid), String(row.sessionId)] as const),
    );
    return this.sessionIdByRowId;
  }
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** The sessions whose transcript's rowid the FTS5 table `table` finds for `match`. */
function indexed(table: string, match: string): SessionIdsSql {
  // `+rowid`: the matches are mapped to sessions by scanning the small sessionId index, which holds
  // every rowid, instead of looking up each transcript's row, a page or more of text apiece: a
  // common word matches most sessions, and those lookups cost twice the match (bench:api).
  return {
    sql: `SELECT sessionId FROM transcripts WHERE +rowid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`,
    parameters: [match],
  };
}

/** `text` for a LIKE pattern with a backslash as the escape character. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
