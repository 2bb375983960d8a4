import { execFileSync } from 'node:child_process';
import { mediaToolCommand } from '../../actors/fileJob/mediaTools.ts';
import { audioPartPath, createSessionAudioDirectory } from '../../store/audio/sessionAudioFiles.ts';

/**
 * Writes a session's recorded audio as the service keeps it: one finished Ogg/Opus part per
 * capture, `seconds` of a tone each, in order (a second part is a resume after an interruption).
 */
export function writeSessionAudioParts(
  dataDirectory: string,
  sessionId: string,
  seconds: readonly number[],
): void {
  createSessionAudioDirectory(dataDirectory, sessionId);
  seconds.forEach((duration, index) => {
    execFileSync(mediaToolCommand('ffmpeg'), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${300 + 100 * index}:sample_rate=16000:duration=${duration}`,
      '-c:a',
      'libopus',
      '-b:a',
      '24k',
      '-f',
      'ogg',
      audioPartPath(dataDirectory, sessionId, index + 1, 'ogg', false),
    ]);
  });
}
