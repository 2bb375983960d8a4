import {
  audioPartPath,
  createSessionAudioDirectory,
  listAudioParts,
} from '../../store/audio/sessionAudioFiles.ts';
import { encodeOggOpus } from './oggOpusEncoding.ts';

/**
 * Keeps a transcribed file's audio as its session's audio: one Ogg/Opus part, as a live session
 * keeps its own, so a file transcription plays in step with its lines and can be transcribed again
 * after the file has moved or, for an upload, is gone. The source is read, never changed. A session
 * that has audio already keeps it. Aborted (the service stops), nothing half-written is left.
 */
export async function copyFileAudio(
  dataDirectory: string,
  sessionId: string,
  source: string,
  signal: AbortSignal,
): Promise<void> {
  if (listAudioParts(dataDirectory, sessionId).length > 0) return;
  createSessionAudioDirectory(dataDirectory, sessionId);
  await encodeOggOpus(
    ['-i', source, '-vn', '-ac', '1'],
    audioPartPath(dataDirectory, sessionId, 1, 'ogg', false),
    signal,
    "Could not encode the file's audio",
  );
}
