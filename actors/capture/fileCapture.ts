import { setTimeout as sleep } from 'node:timers/promises';
import type { AudioInputMode } from '../../providers/contract.ts';
import { lastLine, mediaToolCommand, MediaToolError, startMediaTool } from '../fileJob/mediaTools.ts';
import { probeMedia } from '../fileJob/probeMedia.ts';
import { sampleRate } from '../../providers/audio/wavFormat.ts';
import type { CapturedFrame } from './capturedFrame.ts';
import { pcm16Frames } from './pcm16Frames.ts';
import { webmClusters } from './webmClusters.ts';

export type { CapturedFrame };

export interface FileCaptureOptions {
  path: string;
  /** What a live provider takes: PCM16 16 kHz mono, or WebM/Opus as a browser's MediaRecorder sends. */
  format: AudioInputMode;
  /** 1 plays in real time (the default), N plays N times faster, Infinity as fast as ffmpeg decodes. */
  speed?: number;
  /** Audio per frame: per PCM frame, or per WebM cluster (whole 20 ms Opus packets); default 100. */
  frameMs?: number;
  /** Aborting stops ffmpeg and ends the frames, without an error. */
  signal?: AbortSignal;
}

/** The Opus packet length asked of libopus; each WebM block then holds exactly this much audio. */
const opusPacketMs = 20;

/**
 * Plays a media file's first audio stream as live audio, the headless stand-in for a microphone.
 * The file is checked before anything is decoded, so a missing or corrupt file, or a video without sound, fails
 * the first `next()` with the file job's own words. Frame k is released `startMs / speed` after
 * the first, measured from that one start on a monotonic clock, so lateness never accumulates.
 *
 * Both formats are paced the same way, by the audio time each frame carries: PCM by its byte
 * offset, WebM by its cluster timestamps. (ffmpeg's `-readrate` could pace WebM instead, but its
 * clock is not ours, it cannot say what audio time a piece of output holds, and it has no "as
 * fast as possible" setting to share with PCM.) ffmpeg itself runs ahead as fast as it decodes;
 * frames are read from its stdout only as they are released, so once the stream's buffer and the
 * pipe are full (64 KiB each, some 4 s of PCM), ffmpeg waits on its write and memory stays bounded.
 */
export async function* captureFile(
  options: FileCaptureOptions,
): AsyncGenerator<CapturedFrame, void, undefined> {
  const { path, format, speed = 1, frameMs = 100 } = options;
  if (!(speed > 0)) throw new RangeError(`The playback speed must be above 0, not ${speed}.`);
  if (!Number.isInteger(frameMs) || frameMs <= 0) {
    throw new RangeError(`A frame must be a whole number of milliseconds above 0, not ${frameMs}.`);
  }
  // Also stops ffmpeg when the caller stops iterating early (break, return) without aborting.
  const stopped = new AbortController();
  const signal =
    options.signal === undefined ? stopped.signal : AbortSignal.any([options.signal, stopped.signal]);
  let tool: ReturnType<typeof startMediaTool> | undefined;
  try {
    await probeMedia(path, signal);
    tool = startMediaTool(mediaToolCommand('ffmpeg'), ffmpegArguments(path, format, frameMs), signal);
    const output = tool.child.stdout as AsyncIterable<Buffer>;
    const frames = format === 'pcm16' ? pcm16Frames(output, frameMs) : webmClusters(output, opusPacketMs);
    let startedAt: number | undefined;
    let audioMs = 0;
    for await (const frame of frames) {
      startedAt ??= performance.now();
      const releaseAt = startedAt + frame.startMs / speed;
      // Timers may fire a little early by the monotonic clock: wait again for what is left.
      for (let wait = releaseAt - performance.now(); wait > 0 && !signal.aborted;) {
        await sleep(wait, undefined, { signal }).catch(() => undefined);
        wait = releaseAt - performance.now();
      }
      // Whatever the pipe still held when ffmpeg was stopped is not played.
      if (signal.aborted) return;
      yield frame;
      audioMs = frame.startMs + frame.durationMs;
    }
    const { code, stderr } = await tool.exited;
    if (code !== 0) throw new MediaToolError(`ffmpeg could not decode ${path} (${lastLine(stderr)}).`);
    if (audioMs === 0) throw new MediaToolError(`${path} contains no audio samples to transcribe.`);
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  } finally {
    stopped.abort();
    if (tool !== undefined) await processEnd(tool.child);
  }
}

function ffmpegArguments(path: string, format: AudioInputMode, frameMs: number): string[] {
  const input = ['-nostdin', '-v', 'error', '-i', path, '-map', '0:a:0', '-vn', '-ac', '1'];
  if (format === 'pcm16') {
    return [...input, '-ar', String(sampleRate), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'];
  }
  return [
    ...input,
    // 48 kHz mono, as a browser records Opus from a microphone.
    '-ar',
    '48000',
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    '-frame_duration',
    String(opusPacketMs),
    '-f',
    'webm',
    // A pipe cannot be seeked back to fill in sizes and cues: write as a live stream does.
    '-live',
    '1',
    // Short clusters are what lets the frames be paced finely.
    '-cluster_time_limit',
    String(frameMs),
    // Hands each cluster over when it is muxed rather than when ffmpeg's 32 KB write buffer fills.
    '-flush_packets',
    '1',
    'pipe:1',
  ];
}

/** Resolves once the process is gone, so no ffmpeg outlives the iteration. */
function processEnd(child: ReturnType<typeof startMediaTool>['child']): Promise<void> {
  // A process that never started (ffmpeg missing) has nothing to wait for.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
