import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { textCell } from './cells.ts';
import type { SpeakerNames } from './speakerNames.ts';

/**
 * The `speakerNames` table: plain SQL, outside TinyBase, like the transcript revisions, because
 * the service applies the names where a speaker is shown and the page asks the control routes.
 * A session's names go with it when it is deleted.
 */
export class SpeakerNameTable {
  private readonly statements: Record<'upsert' | 'delete' | 'ofSession' | 'deleteOfSession', StatementSync>;

  constructor(database: DatabaseSync) {
    const statement = (sql: string) => database.prepare(sql);
    this.statements = {
      upsert: statement(
        `INSERT INTO speakerNames (sessionId, label, name) VALUES (?, ?, ?)
         ON CONFLICT(sessionId, label) DO UPDATE SET name = excluded.name`,
      ),
      delete: statement('DELETE FROM speakerNames WHERE sessionId = ? AND label = ?'),
      ofSession: statement('SELECT label, name FROM speakerNames WHERE sessionId = ? ORDER BY label'),
      deleteOfSession: statement('DELETE FROM speakerNames WHERE sessionId = ?'),
    };
  }

  /** Names `label` in the session, or gives it back its label when `name` is null. */
  put(sessionId: string, label: string, name: string | null): void {
    if (name === null) this.statements.delete.run(sessionId, label);
    else this.statements.upsert.run(sessionId, label, name);
  }

  ofSession(sessionId: string): SpeakerNames {
    return Object.fromEntries(
      this.statements.ofSession.all(sessionId).map((row) => [textCell(row, 'label'), textCell(row, 'name')]),
    );
  }

  /** The session's names become exactly `names` (an import brings its own). */
  replaceOfSession(sessionId: string, names: SpeakerNames): void {
    this.statements.deleteOfSession.run(sessionId);
    for (const [label, name] of Object.entries(names)) this.statements.upsert.run(sessionId, label, name);
  }
}
