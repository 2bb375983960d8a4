import type { TimedWord } from '../contract.ts';

interface VerboseToken {
  word?: unknown;
  start?: unknown;
  end?: unknown;
  probability?: unknown;
}

/**
 * The words of one verbose_json segment. whisper-server's `words` are Whisper tokens (" Hel",
 * "lo", ","), so a word starts at a token with a leading space and takes the following pieces
 * with their end time. Undefined unless every token is timed: without `token_timestamps` the
 * server leaves the times out, and a partly timed word list would place cuts wrongly. A word is
 * as sure as its least probable piece, so that is its confidence.
 */
export function tokenWords(tokens: unknown): TimedWord[] | undefined {
  if (!Array.isArray(tokens) || tokens.length === 0) return undefined;
  const words: TimedWord[] = [];
  for (const token of tokens as VerboseToken[]) {
    if (typeof token?.word !== 'string' || typeof token.start !== 'number' || typeof token.end !== 'number') {
      return undefined;
    }
    const startMs = Math.max(0, Math.round(token.start * 1000));
    const endMs = Math.max(startMs, Math.round(token.end * 1000));
    const probability = typeof token.probability === 'number' ? token.probability : undefined;
    const previous = words.at(-1);
    if (previous === undefined || /^\s/.test(token.word)) {
      const text = token.word.trim();
      if (text !== '')
        words.push({ text, startMs, endMs, ...(probability !== undefined && { confidence: probability }) });
    } else {
      previous.text += token.word;
      previous.endMs = Math.max(previous.endMs, endMs);
      if (probability !== undefined) previous.confidence = Math.min(previous.confidence ?? 1, probability);
    }
  }
  return words.length > 0 ? words : undefined;
}
