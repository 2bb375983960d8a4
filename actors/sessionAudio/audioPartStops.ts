import { listAudioParts } from '../../store/audio/sessionAudioFiles.ts';
import { decodedLengthMs } from '../fileJob/decodedLength.ts';
import { placedParts } from './partPlacement.ts';

/**
 * Where each of the session's recorded parts ends in its whole audio, as wholeSessionAudio.ts
 * places them (partPlacement.ts): each interruption's moment, then the end.
 */
export async function audioPartStops(
  dataDirectory: string,
  sessionId: string,
  signal: AbortSignal,
): Promise<number[]> {
  const measured: Array<{ startMs: number | undefined; lengthMs: number }> = [];
  for (const part of listAudioParts(dataDirectory, sessionId)) {
    measured.push({ startMs: part.startMs, lengthMs: await decodedLengthMs(part.path, signal) });
  }
  return placedParts(measured).map((placed) => placed.endMs);
}
