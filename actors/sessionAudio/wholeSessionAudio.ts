import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AudioContainer,
  type AudioPart,
  listAudioParts,
  sessionAudioDirectory,
} from '../../store/audio/sessionAudioFiles.ts';
import { copyIntoContainer } from './recordingRepair.ts';
import { encodeOggOpus } from './oggOpusEncoding.ts';
import { joiningFilter } from './partPlacement.ts';

export interface SessionAudioFile {
  path: string;
  container: AudioContainer;
}

/**
 * One playable file of a session's whole audio, or undefined when it has none. A session recorded
 * in one go has one part. An Ogg part is that file (players seek Ogg by bisection over ranges). A
 * finished WebM part, as MediaRecorder writes it, has no Cues and no duration, so a player can only
 * seek it by reading up to the moment: its packets are copied unchanged (`-c copy`) into
 * `whole.ogg` beside it, the part itself left as recorded (served as it is if ffmpeg cannot read
 * it). A resumed session has a part per capture (WebM and Ogg may mix), each placed at its time
 * (silence where audio was never kept: partPlacement.ts) and joined by ffmpeg into
 * `whole.ogg`. `whole.ogg` is made again only when a part is newer.
 */
export async function wholeSessionAudio(
  dataDirectory: string,
  sessionId: string,
): Promise<SessionAudioFile | undefined> {
  const parts = listAudioParts(dataDirectory, sessionId);
  const [only] = parts;
  if (only === undefined) return undefined;
  const playedAsItIs = { path: only.path, container: only.container };
  // A lone part that starts later (the audio before it was never kept) is joined to its silence.
  const placedAsItIs = parts.length === 1 && (only.startMs ?? 0) === 0;
  if (placedAsItIs && (only.container === 'ogg' || only.recording)) return playedAsItIs;
  const whole = join(sessionAudioDirectory(dataDirectory, sessionId), 'whole.ogg');
  const madeAt = statSync(whole, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  const upToDate = parts.every((part) => statSync(part.path).mtimeMs < madeAt);
  if (upToDate) return { path: whole, container: 'ogg' };
  const made = await makeOnce(whole, () =>
    placedAsItIs ? copyIntoContainer(only.path, whole, 'ogg') : joinParts(parts, whole).then(() => true),
  );
  return made ? { path: whole, container: 'ogg' } : playedAsItIs;
}

/**
 * `whole.ogg` files being made, by path. A player asks for several ranges at once as it opens a
 * file: the requests that come while one makes it wait for that one, rather than each writing it
 * again under the others' readers.
 */
const making = new Map<string, Promise<boolean>>();

function makeOnce(whole: string, make: () => Promise<boolean>): Promise<boolean> {
  const underWay = making.get(whole);
  if (underWay !== undefined) return underWay;
  const made = make().finally(() => making.delete(whole));
  making.set(whole, made);
  return made;
}

/** The parts as one Ogg file, each at its place in the session (partPlacement.ts). */
function joinParts(parts: readonly AudioPart[], whole: string): Promise<void> {
  return encodeOggOpus(
    [
      ...parts.flatMap((part) => ['-i', part.path]),
      '-filter_complex',
      joiningFilter(parts),
      '-map',
      '[joined]',
    ],
    whole,
    new AbortController().signal,
    "Could not join the session's recordings into one file",
  );
}
