import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { databaseFileName, DatabaseVersionError, openDatabase } from './database.ts';
import { migrations } from './migrations.ts';

let directory: ReturnType<typeof temporaryDirectory>;
beforeEach(() => (directory = temporaryDirectory('database')));
afterEach(() => directory.remove());

function schemaVersion(database: DatabaseSync): number {
  return (database.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
}

it('creates a user-only database at the newest schema version', () => {
  const database = openDatabase(join(directory.path, 'nested', 'data'));
  expect(schemaVersion(database)).toBe(migrations.length);
  database.close();
  expect(statSync(join(directory.path, 'nested', 'data', databaseFileName)).mode & 0o777).toBe(0o600);
});

it('refuses a database written by a newer Earshot, leaving it untouched', () => {
  const path = join(directory.path, databaseFileName);
  const newer = new DatabaseSync(path);
  newer.exec(`PRAGMA user_version = ${migrations.length + 1}`);
  newer.close();
  expect(() => openDatabase(directory.path)).toThrow(DatabaseVersionError);
  expect(() => openDatabase(directory.path)).toThrow(/newer Earshot/);
  const after = new DatabaseSync(path);
  expect(schemaVersion(after)).toBe(migrations.length + 1);
  after.close();
});

it('refuses to upgrade a schema when opened read-only', () => {
  new DatabaseSync(join(directory.path, databaseFileName)).close();
  expect(() => openDatabase(directory.path, { readOnly: true })).toThrow(/schema upgrade/);
});

it('says when it brings an existing directory forward, once, and not for a new one', () => {
  const upgrades: Array<[number, number]> = [];
  const onUpgrade = (from: number, to: number) => upgrades.push([from, to]);
  openDatabase(directory.path, { onUpgrade }).close();
  expect(upgrades).toEqual([]);
  const olderDirectory = join(directory.path, 'older');
  mkdirSync(olderDirectory);
  const older = new DatabaseSync(join(olderDirectory, databaseFileName));
  migrations[0]?.(older);
  older.exec('PRAGMA user_version = 1');
  older.close();
  openDatabase(olderDirectory, { onUpgrade }).close();
  openDatabase(olderDirectory, { onUpgrade }).close();
  expect(upgrades).toEqual([[1, migrations.length]]);
});
