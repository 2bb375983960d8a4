import type { FileRequestLimits } from '../../providers/contract.ts';
import { bytesPerSample, samplesPerMs, wavHeaderBytes } from '../../providers/audio/wavFormat.ts';

/**
 * Longest chunk sent in one request when the vendor allows more: a failed or cancelled request
 * then costs at most this much audio, and progress moves at least this often.
 */
export const defaultMaxChunkMs = 10 * 60_000;

/** How far back from a chunk's limit to look for a quiet place to cut, so no word is split. */
export const quietSearchMs = 3_000;

/** A chunk shorter than this could not carry a sentence; limits that force it are refused. */
const shortestUsefulChunkMs = 1_000;

export interface ChunkLimits {
  /** Samples in one chunk at most, so its WAV (header included) fits every vendor limit. */
  maxSamples: number;
  /** How many samples before the limit the cut may move back to find quiet. */
  quietSearchSamples: number;
}

export function chunkLimits(limits: FileRequestLimits, providerName: string): ChunkLimits {
  const candidates = [defaultMaxChunkMs * samplesPerMs];
  if (limits.maxDurationMs !== undefined) candidates.push(Math.floor(limits.maxDurationMs * samplesPerMs));
  if (limits.maxBytes !== undefined) {
    candidates.push(Math.floor((limits.maxBytes - wavHeaderBytes) / bytesPerSample));
  }
  const maxSamples = Math.min(...candidates);
  if (maxSamples < shortestUsefulChunkMs * samplesPerMs) {
    throw new Error(
      `${providerName} accepts less than ${shortestUsefulChunkMs} ms of audio per request, too little to transcribe.`,
    );
  }
  // A quarter of the chunk at most: every chunk keeps at least three quarters of its allowed length.
  const quietSearchSamples = Math.min(quietSearchMs * samplesPerMs, Math.floor(maxSamples / 4));
  return { maxSamples, quietSearchSamples };
}
