import { renameSync, rmSync } from 'node:fs';
import {
  audioPartPath,
  createSessionAudioDirectory,
  listAudioParts,
} from '../../store/audio/sessionAudioFiles.ts';
import { lastLine, mediaToolCommand, MediaToolError, startMediaTool } from '../fileJob/mediaTools.ts';
import { opusSpeechArguments } from './sessionAudioWriter.ts';

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
  const writing = audioPartPath(dataDirectory, sessionId, 1, 'ogg', true);
  try {
    const { exited } = startMediaTool(
      mediaToolCommand('ffmpeg'),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        source,
        '-vn',
        '-ac',
        '1',
        ...opusSpeechArguments,
        '-f',
        'ogg',
        writing,
      ],
      signal,
    );
    const { code, stderr } = await exited;
    if (code !== 0) throw new MediaToolError(lastLine(stderr) || `ffmpeg exited with code ${code}`);
    renameSync(writing, audioPartPath(dataDirectory, sessionId, 1, 'ogg', false));
  } catch (error) {
    rmSync(writing, { force: true });
    throw error;
  }
}
