import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { isAllCjkLetters } from './cjkTokens.ts';
import { codePointLength } from './transcriptText.ts';

/** The trigram index cannot answer queries shorter than one trigram. */
const shortestTrigramQuery = 3;

/**
 * Finds the sessions whose stored (not recording) transcript contains a text, ignoring case, in any
 * script:
 * - three or more characters: the FTS5 trigram index (phrase = exact substring, Unicode case folding);
 * - one or two Chinese/Japanese characters: the per-character index (cjkTokens.ts);
 * - anything else shorter: a scan, which the benchmark measures.
 * Index hits are transcript rowids, mapped to sessions in memory: joining back to the transcripts
 * table costs more than the index lookup when a common word matches most sessions.
 */
export class TranscriptSearch {
  private readonly trigramMatches: StatementSync;
  private readonly cjkMatches: StatementSync;
  private readonly scanExact: StatementSync;
  private readonly scanAsciiCaseless: StatementSync;
  private readonly scanUnicodeCaseless: StatementSync;
  private readonly allRowIds: StatementSync;
  private sessionIdByRowId: Map<number, string> | undefined;

  constructor(database: DatabaseSync) {
    this.trigramMatches = database.prepare(
      'SELECT rowid FROM transcriptSearch WHERE transcriptSearch MATCH ?',
    );
    this.cjkMatches = database.prepare('SELECT rowid FROM cjkSearch WHERE cjkSearch MATCH ?');
    this.scanExact = database.prepare('SELECT sessionId FROM transcripts WHERE instr(text, ?) > 0');
    // LIKE folds ASCII letters only, which is exact for an all-ASCII query.
    this.scanAsciiCaseless = database.prepare(
      "SELECT sessionId FROM transcripts WHERE text LIKE ? ESCAPE '\\'",
    );
    database.function('unicodeLower', { deterministic: true }, (text) =>
      typeof text === 'string' ? text.toLowerCase() : text,
    );
    this.scanUnicodeCaseless = database.prepare(
      'SELECT sessionId FROM transcripts WHERE instr(unicodeLower(text), ?) > 0',
    );
    this.allRowIds = database.prepare('SELECT rowid, sessionId FROM transcripts');
  }

  /** Must be called after any write to the transcripts table: rowids can be reused. */
  transcriptsChanged(): void {
    this.sessionIdByRowId = undefined;
  }

  sessionIdsContaining(query: string): Set<string> {
    if (codePointLength(query) >= shortestTrigramQuery)
      return this.sessionsOf(this.trigramMatches, phrase(query));
    if (isAllCjkLetters(query)) return this.sessionsOf(this.cjkMatches, phrase([...query].join(' ')));
    return new Set(this.scan(query).map((row) => String(row.sessionId)));
  }

  private sessionsOf(statement: StatementSync, match: string): Set<string> {
    this.sessionIdByRowId ??= new Map(
      this.allRowIds.all().map((row) => [Number(row.rowid), String(row.sessionId)] as const),
    );
    const sessions = new Set<string>();
    for (const row of statement.all(match)) {
      const sessionId = this.sessionIdByRowId.get(Number(row.rowid));
      if (sessionId !== undefined) sessions.add(sessionId);
    }
    return sessions;
  }

  private scan(query: string): Array<Record<string, unknown>> {
    const lower = query.toLowerCase();
    if (lower === query.toUpperCase()) return this.scanExact.all(query);
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(query))
      return this.scanAsciiCaseless.all(`%${query.replace(/[\\%_]/g, '\\$&')}%`);
    return this.scanUnicodeCaseless.all(lower);
  }
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
