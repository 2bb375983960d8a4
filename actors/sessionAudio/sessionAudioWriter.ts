import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import type { AudioInputMode } from '../../providers/contract.ts';
import {
  type AudioContainer,
  audioPartPath,
  createSessionAudioDirectory,
  writeAudioPartStart,
  listAudioParts,
} from '../../store/audio/sessionAudioFiles.ts';
import { spawnChild } from '../childProcesses/spawnChild.ts';
import { mediaToolCommand } from '../fileJob/mediaTools.ts';

/** A session's capture being kept on disk as it arrives. */
export interface SessionAudioWriter {
  /** Captured audio in the session's input mode; never blocks and never throws. */
  write(frame: Uint8Array): void;
  /** No more audio: waits for the encoder's last page, then names the part finished. */
  close(): Promise<void>;
}

export interface SessionAudioWriterOptions {
  dataDirectory: string;
  sessionId: string;
  audioFormat: AudioInputMode;
  /** Where this capture's audio begins in the session (ms): a resumed session's is its length so far. */
  startMs: number;
  /** Called once, when the audio can no longer be kept (full disk, encoder failure); transcription goes on. */
  onProblem(message: string): void;
}

/** Opus for speech: 24 kbit/s mono is transparent for speech and about 11 MB an hour. */
export const opusSpeechArguments = ['-c:a', 'libopus', '-b:a', '24k', '-application', 'voip'];

/**
 * Ogg pages are cut every 200 ms and flushed at once, so a killed service loses well under a second
 * of what ffmpeg had encoded.
 */
const encoderArguments = [
  '-hide_banner',
  '-loglevel',
  'error',
  // Raw PCM needs no probing: without these, ffmpeg reads about 2 s of input before it writes a page.
  '-probesize',
  '32',
  '-analyzeduration',
  '0',
  '-f',
  's16le',
  '-ar',
  '16000',
  '-ac',
  '1',
  '-i',
  'pipe:0',
  ...opusSpeechArguments,
  '-page_duration',
  '200000',
  '-flush_packets',
  '1',
  '-f',
  'ogg',
  'pipe:1',
];

/**
 * Starts the next part of the session's audio: a WebM/Opus capture (the app's) is written as it
 * comes, byte for byte; PCM16 (the CLI's, other clients') is encoded to Opus in Ogg by one ffmpeg
 * child. Every piece goes to the kernel as soon as it exists (a `kill -9` of the service loses
 * nothing written). A failure stops the keeping of audio, reported once through `onProblem`.
 */
export function startSessionAudioWriter(options: SessionAudioWriterOptions): SessionAudioWriter {
  const { dataDirectory, sessionId } = options;
  const container: AudioContainer = options.audioFormat === 'webm-opus' ? 'webm' : 'ogg';
  let failed = false;
  let file: number | undefined;
  const fail = (reason: string) => {
    if (failed) return;
    failed = true;
    options.onProblem(`The session's audio is no longer being saved (${reason}); the transcript goes on.`);
  };
  const append = (bytes: Uint8Array) => {
    if (failed || file === undefined) return;
    try {
      writeSync(file, bytes);
    } catch (error) {
      fail(
        (error as NodeJS.ErrnoException).code === 'ENOSPC' ? 'the disk is full' : (error as Error).message,
      );
    }
  };

  let number = 1;
  try {
    createSessionAudioDirectory(dataDirectory, sessionId);
    // Unfinished parts are repaired at start-up, before any session records: the finished ones count.
    const finished = listAudioParts(dataDirectory, sessionId).filter((part) => !part.recording);
    number = (finished.at(-1)?.number ?? 0) + 1;
    // Noted first: a part that follows lost audio (a full disk, retention "never") is placed right.
    writeAudioPartStart(dataDirectory, sessionId, number, options.startMs);
    file = openSync(audioPartPath(dataDirectory, sessionId, number, container, true), 'a', 0o600);
  } catch (error) {
    fail((error as Error).message);
  }
  const finishPart = () => {
    if (file === undefined) return;
    try {
      closeSync(file);
      file = undefined;
      renameSync(
        audioPartPath(dataDirectory, sessionId, number, container, true),
        audioPartPath(dataDirectory, sessionId, number, container, false),
      );
    } catch (error) {
      // Left as `.recording`, the part is repaired at the next start like a crashed one.
      fail((error as Error).message);
    }
  };

  if (container === 'webm') {
    return {
      write: append,
      close: () => {
        finishPart();
        return Promise.resolve();
      },
    };
  }

  const encoder = spawnChild(mediaToolCommand('ffmpeg'), encoderArguments, {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let complaint = '';
  let closing = false;
  encoder.stdout.on('data', append);
  encoder.stderr.on(
    'data',
    (text: Buffer) => (complaint = `${complaint}${text.toString('utf8')}`.slice(-500)),
  );
  // A write after ffmpeg gave up fails with EPIPE; its exit already reports what happened.
  encoder.stdin.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => {
    encoder.on('error', (error: NodeJS.ErrnoException) => {
      fail(
        error.code === 'ENOENT' ? 'ffmpeg is not installed' : `ffmpeg could not be started: ${error.message}`,
      );
      resolve();
    });
    encoder.on('close', (code) => {
      if (code !== 0 || !closing) fail(`the audio encoder stopped: ${complaint.trim() || `status ${code}`}`);
      resolve();
    });
  });
  return {
    write: (frame) => {
      if (!failed && encoder.stdin.writable) encoder.stdin.write(frame);
    },
    close: async () => {
      closing = true;
      encoder.stdin.end();
      await exited;
      finishPart();
    },
  };
}
