import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { cjkTokens } from './cjkTokens.ts';
import { migrations } from './migrations.ts';
import { indexedWords } from './sessionWords.ts';
import { wordSuffixes } from './wordSuffixes.ts';

export const databaseFileName = 'earshot.db';

export class DatabaseVersionError extends Error {}

/**
 * Opens (creating if needed) the store's SQLite database in `dataDirectory` and brings its schema
 * up to date. WAL with synchronous=NORMAL keeps every committed transaction through a process
 * kill; only a power cut can lose the last few.
 */
export interface DatabaseOptions {
  readOnly?: boolean;
  /**
   * Told before an existing data directory's schema is brought forward: building a new index over
   * every stored transcript can take a minute for a large library, once.
   */
  onUpgrade?: (fromVersion: number, toVersion: number) => void;
}

export function openDatabase(dataDirectory: string, options: DatabaseOptions = {}): DatabaseSync {
  mkdirSync(dataDirectory, { recursive: true, mode: 0o700 });
  const path = join(dataDirectory, databaseFileName);
  // Transcripts are private: create the file user-only (SQLite gives its -wal and -shm files the
  // same mode) whatever the umask and the data directory's own permissions.
  if (!options.readOnly) closeSync(openSync(path, 'a', 0o600));
  const database = new DatabaseSync(path, {
    readOnly: options.readOnly ?? false,
    enableForeignKeyConstraints: true,
  });
  database.exec('PRAGMA busy_timeout = 5000');
  addSqlFunctions(database);
  if (!options.readOnly) {
    database.exec('PRAGMA journal_mode = WAL');
    database.exec('PRAGMA synchronous = NORMAL');
  }
  migrate(database, options);
  return database;
}

/** The transcript and word-index triggers call these, so every connection that writes must have them. */
export function addSqlFunctions(database: DatabaseSync): void {
  database.function('cjkTokens', { deterministic: true }, (text) =>
    typeof text === 'string' ? cjkTokens(text) : '',
  );
  // JavaScript's lower case, for case-insensitive search beyond ASCII (SQLite's lower() is ASCII only).
  database.function('unicodeLower', { deterministic: true }, (text) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  database.function('searchWords', { deterministic: true }, (text) =>
    typeof text === 'string' ? indexedWords(text) : '',
  );
  database.function('wordSuffixes', { deterministic: true }, (text) =>
    typeof text === 'string' ? wordSuffixes(text) : '',
  );
}

function schemaVersion(database: DatabaseSync): number {
  const row = database.prepare('PRAGMA user_version').get() as { user_version: number };
  return row.user_version;
}

function migrate(database: DatabaseSync, options: DatabaseOptions): void {
  const version = schemaVersion(database);
  if (version > migrations.length) {
    throw new DatabaseVersionError(
      `The data directory was written by a newer Earshot (schema ${version}; this build reads up to ${migrations.length}). Upgrade Earshot or use another --data-dir.`,
    );
  }
  if (version === migrations.length) return;
  if (options.readOnly === true) {
    throw new DatabaseVersionError(
      `The data directory needs a schema upgrade (${version} → ${migrations.length}); start the service once to apply it.`,
    );
  }
  // A new directory (version 0) has nothing to bring forward.
  if (version > 0) options.onUpgrade?.(version, migrations.length);
  for (let next = version; next < migrations.length; next++) {
    database.exec('BEGIN IMMEDIATE');
    try {
      migrations[next]?.(database);
      database.exec(`PRAGMA user_version = ${next + 1}`);
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw error;
    }
  }
}
