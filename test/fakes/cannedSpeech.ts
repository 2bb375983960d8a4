/**
 * What every fake "hears": a deterministic transcript that depends only on the audio's length,
 * so a test knows the exact words (and their times) a provider must return for a given upload.
 */
const script =
  'the quick brown fox jumps over the lazy dog while seven bright engineers review the quarterly budget and agree on the next steps'.split(
    ' ',
  );

export const wordsPerSecond = 2.5;

export interface CannedWord {
  word: string;
  startMs: number;
  endMs: number;
}

export function cannedWords(durationMs: number): CannedWord[] {
  const count = Math.floor((durationMs / 1000) * wordsPerSecond);
  const spacingMs = 1000 / wordsPerSecond;
  return Array.from({ length: count }, (_, index) => ({
    word: script[index % script.length] ?? 'word',
    startMs: Math.round(index * spacingMs),
    endMs: Math.round(index * spacingMs + spacingMs * 0.8),
  }));
}

/** The canned words split into sentences of at most `wordsPerSentence`, as vendors return segments. */
export function cannedSentences(
  durationMs: number,
  wordsPerSentence = 8,
): Array<{ text: string; words: CannedWord[] }> {
  const words = cannedWords(durationMs);
  const sentences: Array<{ text: string; words: CannedWord[] }> = [];
  for (let index = 0; index < words.length; index += wordsPerSentence) {
    const slice = words.slice(index, index + wordsPerSentence);
    sentences.push({ text: slice.map((word) => word.word).join(' '), words: slice });
  }
  return sentences;
}

export function cannedText(durationMs: number): string {
  return cannedWords(durationMs)
    .map((word) => word.word)
    .join(' ');
}
