import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a session's captured audio lives: `<dataDir>/audio/<sessionId>/`, one numbered part per
 * capture (the first recording is part 1, each resume adds the next). A part still being written
 * (or left by a crash) is named `part-N.recording.<ext>`; it loses `.recording` when it is closed or
 * repaired, so a finished part is always a whole, playable file.
 */
export type AudioContainer = 'webm' | 'ogg';

export interface AudioPart {
  number: number;
  container: AudioContainer;
  path: string;
  /** True while the part is written, or when a crash left it unfinished. */
  recording: boolean;
  /**
   * Where the part's audio begins in the session (ms), as its capture was told when it started
   * (`part-N.start` beside it); undefined for a part kept before Earshot wrote that, which is taken
   * to follow the part before it.
   */
  startMs: number | undefined;
}

const partName = /^part-(\d+)(\.recording)?\.(webm|ogg)$/;

/** Ids as the store makes them (UUIDs), which are folder names as they are. */
const plainId = /^[A-Za-z0-9_-]{1,128}$/;
/** The longest folder name most file systems take. */
const longestFolderName = 255;

/**
 * A session id as one folder name that stays inside `audio/`: a plain id as it is; any other (a
 * restored backup's id may hold "/" or be "..") base64url-encoded behind "~", which no plain id
 * starts with. Deleting a session removes this folder, so its name must never climb out.
 */
export function audioFolderName(sessionId: string): string {
  return plainId.test(sessionId) ? sessionId : `~${Buffer.from(sessionId).toString('base64url')}`;
}

/** The session whose audio a folder of `audio/` holds, or undefined for a folder not named by us. */
export function sessionIdOfAudioFolder(name: string): string | undefined {
  if (plainId.test(name)) return name;
  if (!name.startsWith('~')) return undefined;
  const sessionId = Buffer.from(name.slice(1), 'base64url').toString();
  return audioFolderName(sessionId) === name ? sessionId : undefined;
}

export function sessionAudioDirectory(dataDirectory: string, sessionId: string): string {
  return join(dataDirectory, 'audio', audioFolderName(sessionId));
}

/** The session's parts in recording order; none when it has no audio. */
export function listAudioParts(dataDirectory: string, sessionId: string): AudioPart[] {
  const directory = sessionAudioDirectory(dataDirectory, sessionId);
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .flatMap((name) => {
      const match = partName.exec(name);
      if (match === null) return [];
      const number = Number(match[1]);
      return [
        {
          number,
          container: match[3] as AudioContainer,
          path: join(directory, name),
          recording: match[2] !== undefined,
          startMs: partStartMs(join(directory, `part-${number}.start`)),
        },
      ];
    })
    .sort((first, second) => first.number - second.number);
}

function partStartMs(path: string): number | undefined {
  const text = existsSync(path) ? readFileSync(path, 'utf8').trim() : '';
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/** Notes where part `number` begins in the session, before any of its audio is written. */
export function writeAudioPartStart(
  dataDirectory: string,
  sessionId: string,
  number: number,
  startMs: number,
): void {
  writeFileSync(audioPartStartPath(dataDirectory, sessionId, number), String(Math.round(startMs)), {
    mode: 0o600,
  });
}

export function audioPartStartPath(dataDirectory: string, sessionId: string, number: number): string {
  return join(sessionAudioDirectory(dataDirectory, sessionId), `part-${number}.start`);
}

/** The path of part `number`, while it is written (`recording`) or once finished. */
export function audioPartPath(
  dataDirectory: string,
  sessionId: string,
  number: number,
  container: AudioContainer,
  recording: boolean,
): string {
  const suffix = recording ? '.recording' : '';
  return join(sessionAudioDirectory(dataDirectory, sessionId), `part-${number}${suffix}.${container}`);
}

/** Creates the session's audio folder, readable by the user only (like the database). */
export function createSessionAudioDirectory(dataDirectory: string, sessionId: string): string {
  mkdirSync(join(dataDirectory, 'audio'), { recursive: true, mode: 0o700 });
  const directory = sessionAudioDirectory(dataDirectory, sessionId);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  return directory;
}

/** The sessions that have an audio folder. */
export function sessionsWithAudio(dataDirectory: string): string[] {
  const root = join(dataDirectory, 'audio');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const sessionId = sessionIdOfAudioFolder(entry.name);
      return sessionId === undefined ? [] : [sessionId];
    });
}

/** How much disk the kept audio takes: every file in the sessions' folders, joined copies included. */
export function storedAudio(dataDirectory: string): { sessions: number; bytes: number } {
  const folders = sessionsWithAudio(dataDirectory).map((sessionId) =>
    sessionAudioDirectory(dataDirectory, sessionId),
  );
  let bytes = 0;
  for (const folder of folders) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      // A file removed meanwhile (retention, a delete) takes no room.
      if (entry.isFile()) bytes += statSync(join(folder, entry.name), { throwIfNoEntry: false })?.size ?? 0;
    }
  }
  return { sessions: folders.length, bytes };
}

export function deleteSessionAudio(dataDirectory: string, sessionId: string): void {
  // An id too long for a folder name never had audio kept (its folder could not be made).
  if (audioFolderName(sessionId).length > longestFolderName) return;
  rmSync(sessionAudioDirectory(dataDirectory, sessionId), { recursive: true, force: true });
}
