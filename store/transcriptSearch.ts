import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { codePointLength } from './transcriptText.ts';

/** The trigram index cannot answer queries shorter than one trigram. */
const shortestIndexedQuery = 3;

/**
 * Finds the sessions whose stored (not recording) transcript contains a text, ignoring case, in any
 * script. Queries of three or more code points use the FTS5 trigram index; shorter ones scan.
 */
export class TranscriptSearch {
  private readonly indexed: StatementSync;
  private readonly scanExact: StatementSync;
  private readonly scanAsciiCaseless: StatementSync;
  private readonly scanUnicodeCaseless: StatementSync;

  constructor(database: DatabaseSync) {
    this.indexed = database.prepare(
      `SELECT transcripts.sessionId AS sessionId FROM transcriptSearch
       JOIN transcripts ON transcripts.rowid = transcriptSearch.rowid
       WHERE transcriptSearch MATCH ?`,
    );
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
  }

  sessionIdsContaining(query: string): Set<string> {
    return new Set(this.statementFor(query).map((row) => String(row.sessionId)));
  }

  private statementFor(query: string): Array<Record<string, unknown>> {
    if (codePointLength(query) >= shortestIndexedQuery) {
      return this.indexed.all(`"${query.replaceAll('"', '""')}"`);
    }
    const lower = query.toLowerCase();
    if (lower === query.toUpperCase()) return this.scanExact.all(query);
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(query))
      return this.scanAsciiCaseless.all(`%${query.replace(/[\\%_]/g, '\\$&')}%`);
    return this.scanUnicodeCaseless.all(lower);
  }
}
