import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Extract, extract, pack, type Pack } from 'tar-stream';
import {
  audioFolderName,
  audioPartStartPath,
  deleteSessionAudio,
  listAudioParts,
  sessionAudioDirectory,
  sessionIdOfAudioFolder,
} from '../audio/sessionAudioFiles.ts';

/**
 * A backup with the sessions' audio (`earshot export --with-audio`): a tar archive holding the
 * backup exactly as `earshot export` writes it, as `earshot-backup.json`, and every finished part
 * of the sessions' audio as `audio/<folder>/part-N.<webm|ogg>` (with `part-N.start`, where the
 * part begins in the session, when it was noted), the data directory's own layout
 * (sessionAudioFiles.ts). The audio is compressed already; the archive is not. Any tar tool opens it.
 */
export const backupEntryName = 'earshot-backup.json';

const audioEntryName = /^audio\/([^/]+)\/(part-\d+\.(?:webm|ogg|start))$/;

/** Where a tar header says "ustar" (POSIX and GNU tar alike). */
const tarMagicOffset = 257;

export class AudioArchiveError extends Error {}

/**
 * Writes the archive through `write` (which may wait for the output to drain, as writeBackup's
 * does): `backupFile` (the JSON backup, already written) and the finished audio parts of
 * `sessionIds`. A part still being recorded is left out: it is not a whole file yet.
 */
export async function writeAudioArchive(
  write: (chunk: Uint8Array) => Promise<void> | void,
  backupFile: string,
  dataDirectory: string,
  sessionIds: readonly string[],
): Promise<{ sessionsWithAudio: number; audioBytes: number }> {
  const archive = pack();
  // Read while entries are added: the pack holds back an entry until what it made is taken.
  const copied = (async () => {
    for await (const chunk of archive) await write(chunk as Uint8Array);
  })();
  await addFile(archive, backupEntryName, backupFile);
  let sessionsWithAudio = 0;
  let audioBytes = 0;
  for (const sessionId of sessionIds) {
    const parts = listAudioParts(dataDirectory, sessionId).filter((part) => !part.recording);
    if (parts.length > 0) sessionsWithAudio += 1;
    for (const part of parts) {
      const folder = `audio/${audioFolderName(sessionId)}`;
      // Where the part begins in the session travels with it (partPlacement.ts).
      if (part.startMs !== undefined) {
        await addFile(
          archive,
          `${folder}/part-${part.number}.start`,
          audioPartStartPath(dataDirectory, sessionId, part.number),
        );
      }
      audioBytes += await addFile(archive, `${folder}/part-${part.number}.${part.container}`, part.path);
    }
  }
  archive.finalize();
  await copied;
  return { sessionsWithAudio, audioBytes };
}

function addFile(archive: Pack, name: string, path: string): Promise<number> {
  const { size, mtime } = statSync(path);
  return new Promise((resolve, reject) => {
    const entry = archive.entry({ name, size, mtime, mode: 0o600 }, (error) =>
      error ? reject(error) : resolve(size),
    );
    createReadStream(path).on('error', reject).pipe(entry);
  });
}

/** True when `file` is a tar archive (an audio backup) rather than a JSON backup. */
export async function isAudioArchive(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const magic = Buffer.alloc(5);
    const { bytesRead } = await handle.read(magic, 0, magic.length, tarMagicOffset);
    return bytesRead === magic.length && magic.toString('latin1') === 'ustar';
  } finally {
    await handle.close();
  }
}

export interface UnpackedArchive {
  /** The JSON backup's text. */
  backup: string;
  /** The sessions whose audio was unpacked into the staging directory, one folder each. */
  sessionsWithAudio: string[];
}

/**
 * Reads an audio backup: the JSON into memory, the audio parts into `staging` (a new directory on
 * the data directory's disk, so they can be moved into place without copying). Refuses anything
 * but the backup and audio parts named as this module writes them, so no entry lands outside
 * `staging`, whatever its name.
 */
export async function unpackAudioArchive(file: string, staging: string): Promise<UnpackedArchive> {
  const entries = extract();
  const reading = pipeline(createReadStream(file), entries);
  // Its failure is met below; one that ends the reading early (a refused entry) is no news.
  reading.catch(() => undefined);
  try {
    const unpacked = await unpackEntries(entries, staging);
    await reading;
    return unpacked;
  } catch (error) {
    if (error instanceof AudioArchiveError) throw error;
    throw new AudioArchiveError(
      `The archive could not be read (${(error as Error).message}); nothing was imported.`,
    );
  }
}

async function unpackEntries(entries: Extract, staging: string): Promise<UnpackedArchive> {
  let backup: string | undefined;
  const sessionsWithAudio = new Set<string>();
  for await (const entry of entries) {
    const { name, type } = entry.header;
    if (type === 'file' && name === backupEntryName) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      backup = Buffer.concat(chunks).toString('utf8');
      continue;
    }
    const match = type === 'file' ? audioEntryName.exec(name) : null;
    const sessionId = match === null ? undefined : sessionIdOfAudioFolder(match[1] ?? '');
    if (match === null || sessionId === undefined) {
      throw new AudioArchiveError(
        `The archive holds ${JSON.stringify(name)}, which no Earshot backup holds; nothing was imported. An Earshot audio backup holds ${backupEntryName} and audio/<session>/part-N.webm|ogg|start only.`,
      );
    }
    const folder = join(staging, match[1] ?? '');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    await pipeline(entry, createWriteStream(join(folder, match[2] ?? ''), { mode: 0o600 }));
    sessionsWithAudio.add(sessionId);
  }
  if (backup === undefined) {
    throw new AudioArchiveError(
      `The archive holds no ${backupEntryName}; it is not an Earshot backup, and nothing was imported.`,
    );
  }
  return { backup, sessionsWithAudio: [...sessionsWithAudio] };
}

/**
 * Moves the unpacked audio of `sessionIds` into the data directory, each session's replacing what
 * it had; audio of sessions not imported stays behind in `staging` for the caller to remove.
 */
export function placeUnpackedAudio(
  staging: string,
  dataDirectory: string,
  sessionIds: readonly string[],
): number {
  mkdirSync(join(dataDirectory, 'audio'), { recursive: true, mode: 0o700 });
  let placed = 0;
  for (const sessionId of sessionIds) {
    const unpacked = join(staging, audioFolderName(sessionId));
    if (!existsSync(unpacked)) continue;
    deleteSessionAudio(dataDirectory, sessionId);
    renameSync(unpacked, sessionAudioDirectory(dataDirectory, sessionId));
    placed += 1;
  }
  return placed;
}
