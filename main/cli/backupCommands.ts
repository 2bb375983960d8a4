import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import {
  isAudioArchive,
  placeUnpackedAudio,
  unpackAudioArchive,
  writeAudioArchive,
} from '../../store/backup/audioArchive.ts';
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
  if (await isAudioArchive(path)) return importAudioArchive(dataDirectory, path, mode);
  const client = ControlClient.forDataDirectory(dataDirectory);
  const summary =
    client === undefined
      ? importHere(dataDirectory, await readFile(path, 'utf8'), mode)
      : // The service takes the backup's content; it opens no path on anyone's behalf.
        await client.upload<ImportSummary>(`/import?mode=${mode}`, await fileBlob(path));
  console.log(importedLine(summary, mode));
}

/**
 * An archive of `export --with-audio`: its audio is unpacked beside the data directory's first (a
 * broken archive changes nothing), the backup imported as a JSON one is, and only then the audio
 * of the imported sessions moved into place, each session's replacing what it had.
 */
async function importAudioArchive(
  dataDirectory: string,
  path: string,
  mode: 'merge' | 'replace',
): Promise<void> {
  const staging = await mkdtemp(join(dataDirectory, '.audio-import-'));
  try {
    const { backup } = await unpackAudioArchive(path, staging);
    const client = ControlClient.forDataDirectory(dataDirectory);
    const summary =
      client === undefined
        ? importHere(dataDirectory, backup, mode)
        : await client.upload<ImportSummary>(`/import?mode=${mode}`, new Blob([backup]));
    const sessionIds = (JSON.parse(backup) as { sessions: Array<{ id: string }> }).sessions.map(
      (session) => session.id,
    );
    const placed = placeUnpackedAudio(staging, dataDirectory, sessionIds);
    console.log(`${importedLine(summary, mode)} Audio of ${sessionCount(placed)} restored.`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function importHere(dataDirectory: string, text: string, mode: 'merge' | 'replace'): ImportSummary {
  const store = SessionStore.open(dataDirectory);
  try {
    return importBackup(text, store, mode);
  } finally {
    store.close();
  }
}

function importedLine(summary: ImportSummary, mode: string): string {
  return `Imported ${summary.sessions} sessions, ${summary.topics} topics and ${summary.tags} tags (${mode}).`;
}

/**
 * Writes to FILE through a temporary name, so an interrupted export never looks complete. With
 * `withAudio`, FILE is a tar archive of the JSON backup and the sessions' audio (audioArchive.ts).
 */
export async function exportCommand(
  dataDirectory: string,
  file: string | undefined,
  options: { withAudio?: boolean } = {},
): Promise<void> {
  const running = ControlClient.forDataDirectory(dataDirectory) !== undefined;
  const store = SessionStore.open(dataDirectory, { readOnly: running });
  const temporary = file === undefined ? undefined : `${resolve(file)}.partial`;
  const output: Writable =
    temporary === undefined ? process.stdout : createWriteStream(temporary, { mode: 0o600 });
  try {
    const audio = options.withAudio === true ? await writeArchive(store, dataDirectory, output) : undefined;
    if (audio === undefined) await writeBackup(store, (chunk) => write(output, chunk));
    if (temporary !== undefined && file !== undefined) {
      await new Promise<void>((done, fail) =>
        output.end((error?: Error | null) => (error ? fail(error) : done())),
      );
      await rename(temporary, resolve(file));
      console.error(`Backup written to ${resolve(file)}.${audio === undefined ? '' : ` ${audio}`}`);
    }
  } catch (error) {
    if (temporary !== undefined) await rm(temporary, { force: true });
    throw error;
  } finally {
    store.close();
  }
}

/** The archive of `export --with-audio` to `output`, and a line saying how much audio it holds. */
async function writeArchive(store: SessionStore, dataDirectory: string, output: Writable): Promise<string> {
  // A tar entry states its size first: the JSON is written whole to a private file before it.
  const scratch = await mkdtemp(join(tmpdir(), 'earshot-export-'));
  try {
    const backupFile = join(scratch, 'backup.json');
    const json = createWriteStream(backupFile, { mode: 0o600 });
    await writeBackup(store, (chunk) => write(json, chunk));
    await new Promise<void>((done, fail) =>
      json.end((error?: Error | null) => (error ? fail(error) : done())),
    );
    const sessionIds = store
      .listSessions({ limit: Number.MAX_SAFE_INTEGER, offset: 0 })
      .sessions.map((session) => session.id);
    const audio = await writeAudioArchive(
      (chunk) => write(output, chunk),
      backupFile,
      dataDirectory,
      sessionIds,
    );
    return `It holds the audio of ${sessionCount(audio.sessionsWithAudio)} (${audio.audioBytes} bytes).`;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function write(output: Writable, chunk: string | Uint8Array): Promise<void> | void {
  if (output.write(chunk)) return;
  return new Promise((drained) => output.once('drain', drained));
}

function sessionCount(count: number): string {
  return `${count} ${count === 1 ? 'session' : 'sessions'}`;
}
