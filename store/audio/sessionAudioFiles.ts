import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
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
}

const partName = /^part-(\d+)(\.recording)?\.(webm|ogg)$/;

export function sessionAudioDirectory(dataDirectory: string, sessionId: string): string {
  return join(dataDirectory, 'audio', sessionId);
}

/** The session's parts in recording order; none when it has no audio. */
export function listAudioParts(dataDirectory: string, sessionId: string): AudioPart[] {
  const directory = sessionAudioDirectory(dataDirectory, sessionId);
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .flatMap((name) => {
      const match = partName.exec(name);
      if (match === null) return [];
      return [
        {
          number: Number(match[1]),
          container: match[3] as AudioContainer,
          path: join(directory, name),
          recording: match[2] !== undefined,
        },
      ];
    })
    .sort((first, second) => first.number - second.number);
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
    .map((entry) => entry.name);
}

export function deleteSessionAudio(dataDirectory: string, sessionId: string): void {
  rmSync(sessionAudioDirectory(dataDirectory, sessionId), { recursive: true, force: true });
}
