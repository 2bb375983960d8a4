import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { wholeSessionAudio } from '../../actors/sessionAudio/wholeSessionAudio.ts';
import { noAudioMessage } from '../../api/control/sessionAudioControl.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { readRunningService } from '../serviceFile.ts';

/**
 * `earshot sessions audio ID [FILE]`: the session's recorded audio as one file (its parts joined
 * when it was resumed), to FILE through a temporary name so a cut-off copy never looks complete, or
 * to stdout. Reads the data directory directly, so the service need not run.
 */
export async function sessionAudioCommand(
  dataDirectory: string,
  id: string,
  file: string | undefined,
): Promise<void> {
  const store = SessionStore.open(dataDirectory, {
    readOnly: readRunningService(dataDirectory) !== undefined,
  });
  try {
    if (store.getSession(id) === undefined) {
      throw new Error(`There is no session ${id}. "earshot sessions list" shows the ids.`);
    }
  } finally {
    store.close();
  }
  const audio = await wholeSessionAudio(dataDirectory, id);
  if (audio === undefined) throw new Error(noAudioMessage(id));
  if (file === undefined) {
    await pipeline(createReadStream(audio.path), process.stdout, { end: false });
    return;
  }
  const temporary = `${resolve(file)}.partial`;
  try {
    await pipeline(createReadStream(audio.path), createWriteStream(temporary, { mode: 0o600 }));
    await rename(temporary, resolve(file));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  console.error(
    `Audio of session ${id} (Opus in ${audio.container === 'ogg' ? 'Ogg' : 'WebM'}) written to ${resolve(file)}.`,
  );
}
