import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { importBackup, type ImportSummary } from '../../store/backup/importBackup.ts';
import { writeBackup } from '../../store/backup/writeBackup.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ControlClient } from '../controlClient.ts';
import { fileBlob } from './fileBlob.ts';
import { UsageError } from './usage.ts';

export async function importCommand(
  dataDirectory: string,
  file: string | undefined,
  mode = 'merge',
): Promise<void> {
  if (file === undefined)
    throw new UsageError('Name the backup file: earshot import FILE [--mode merge|replace]');
  if (mode !== 'merge' && mode !== 'replace')
    throw new UsageError(`--mode is merge or replace (got "${mode}").`);
  const path = resolve(file);
  const client = ControlClient.forDataDirectory(dataDirectory);
  let summary: ImportSummary;
  if (client !== undefined) {
    // The service takes the backup's content; it opens no path on anyone's behalf.
    const backup = await fileBlob(path);
    summary = await client.upload<ImportSummary>(`/import?mode=${mode}`, backup);
  } else {
    const text = await readFile(path, 'utf8');
    const store = SessionStore.open(dataDirectory);
    try {
      summary = importBackup(text, store, mode);
    } finally {
      store.close();
    }
  }
  console.log(
    `Imported ${summary.sessions} sessions, ${summary.topics} topics and ${summary.tags} tags (${mode}).`,
  );
}

/** Writes to FILE through a temporary name, so an interrupted export never looks complete. */
export async function exportCommand(dataDirectory: string, file: string | undefined): Promise<void> {
  const running = ControlClient.forDataDirectory(dataDirectory) !== undefined;
  const store = SessionStore.open(dataDirectory, { readOnly: running });
  const temporary = file === undefined ? undefined : `${resolve(file)}.partial`;
  const output: Writable =
    temporary === undefined ? process.stdout : createWriteStream(temporary, { mode: 0o600 });
  try {
    await writeBackup(store, (chunk) => write(output, chunk));
    if (temporary !== undefined && file !== undefined) {
      await new Promise<void>((done, fail) =>
        output.end((error?: Error | null) => (error ? fail(error) : done())),
      );
      await rename(temporary, resolve(file));
      console.error(`Backup written to ${resolve(file)}.`);
    }
  } catch (error) {
    if (temporary !== undefined) await rm(temporary, { force: true });
    throw error;
  } finally {
    store.close();
  }
}

function write(output: Writable, chunk: string): Promise<void> | void {
  if (output.write(chunk)) return;
  return new Promise((drained) => output.once('drain', drained));
}
