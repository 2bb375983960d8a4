import { pcmWav } from '../../../test/fakes/wavAudio.ts';
import { comparableWords, compareTranscripts } from '../../../test/recogniser/transcriptComparison.ts';
import { startPocketsphinxServer } from '../../../test/recogniser/pocketsphinxServer.ts';
import { type TimedWord, wholeFileTranscript } from '../../../test/recogniser/wholeFileTranscript.ts';

/** How far from each mark a cut may move to land in a pause. */
const cutSearchMs = 3_000;

/** The recogniser's own transcript of a recording cut into chunks, scored against R. */
export interface ChunkedNoise {
  chunkMs: number;
  chunks: number;
  /** Words of R the chunked transcript lacks. */
  deleted: number;
  referenceWords: number;
}

/**
 * The recogniser's own noise at a window size: the file cut into chunks of about `chunkMs`, each
 * cut in the widest pause between R's words near its mark (as a careful windowing would cut), each
 * chunk transcribed alone, the words joined and compared with R. No live session is involved, so
 * the words it loses are lost to the recogniser hearing less context, not to Earshot; a live
 * session whose windows are this long cannot be expected to lose fewer.
 */
export async function chunkedNoise(
  pcm: Buffer,
  reference: readonly TimedWord[],
  chunkMs: number,
): Promise<ChunkedNoise> {
  const audioMs = pcm.length / 32;
  const words: string[] = [];
  let chunks = 0;
  const server = await startPocketsphinxServer();
  try {
    for (let fromMs = 0; fromMs < audioMs; chunks++) {
      const toMs =
        fromMs + chunkMs >= audioMs
          ? audioMs
          : Math.max(fromMs + chunkMs / 2, cutInPause(reference, fromMs + chunkMs));
      const chunk = pcm.subarray(Math.round(fromMs * 16) * 2, Math.round(toMs * 16) * 2);
      const heard = await wholeFileTranscript(server.baseUrl, pcmWav(chunk));
      words.push(...comparableWords(heard.map((word) => word.text)));
      fromMs = toMs;
    }
  } finally {
    await server.close();
  }
  const referenceWords = comparableWords(reference.map((word) => word.text));
  const comparison = compareTranscripts(referenceWords, words);
  return { chunkMs, chunks, deleted: comparison.deleted, referenceWords: comparison.referenceWords };
}

/** The middle of the widest gap between words of R whose middle lies within reach of `markMs`. */
function cutInPause(reference: readonly TimedWord[], markMs: number): number {
  let cutMs = markMs;
  let widestGapMs = -1;
  for (const [index, after] of reference.entries()) {
    const before = reference[index - 1];
    if (before === undefined) continue;
    const middleMs = (before.endMs + after.startMs) / 2;
    const gapMs = after.startMs - before.endMs;
    if (Math.abs(middleMs - markMs) <= cutSearchMs && gapMs > widestGapMs) {
      widestGapMs = gapMs;
      cutMs = middleMs;
    }
  }
  return cutMs;
}
