import { listAudioParts } from '../../store/audio/sessionAudioFiles.ts';
import { decodedLengthMs } from '../fileJob/decodedLength.ts';

/**
 * Where each of the session's recorded parts ends in its whole audio (the parts played one after
 * the other, as wholeSessionAudio.ts joins them): each interruption's moment, then the end.
 */
export async function audioPartStops(
  dataDirectory: string,
  sessionId: string,
  signal: AbortSignal,
): Promise<number[]> {
  const stops: number[] = [];
  let endMs = 0;
  for (const part of listAudioParts(dataDirectory, sessionId)) {
    endMs += await decodedLengthMs(part.path, signal);
    stops.push(endMs);
  }
  return stops;
}
