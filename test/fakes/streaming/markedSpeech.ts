/**
 * Audio whose words can be read back from the samples, so a streaming fake's transcript depends
 * only on the audio it receives: replaying the same audio on a new connection yields the same
 * words, which is what lets tests prove that a reconnect neither drops nor repeats a word.
 *
 * Each word fills one 400 ms slot of 16 kHz PCM16 with a 440 Hz tone whose loudness (mean absolute
 * sample) encodes the word; a quiet slot is silence. Real speech decodes to some word or other,
 * deterministically.
 */
import { cannedWords } from '../cannedSpeech.ts';

export const slotMs = 400;
export const sampleRate = 16_000;
const bytesPerMs = (sampleRate * 2) / 1000;
export const slotBytes = slotMs * bytesPerMs;
const levelStep = 600;

const vocabulary = [...new Set(cannedWords(60_000).map((word) => word.word))];

export interface HeardWord {
  word: string;
  startMs: number;
  endMs: number;
}

/** PCM16 for `words` (vocabulary indexes; null is a silent slot). */
export function markedSpeech(words: ReadonlyArray<number | null>): Buffer {
  const pcm = Buffer.alloc(words.length * slotBytes);
  words.forEach((wordIndex, slot) => {
    if (wordIndex === null) return;
    const meanAbsolute = (wordIndex + 1) * levelStep;
    const amplitude = (meanAbsolute * Math.PI) / 2;
    for (let sample = 0; sample < slotBytes / 2; sample++) {
      const value = Math.round(amplitude * Math.sin((2 * Math.PI * 440 * sample) / sampleRate));
      pcm.writeInt16LE(value, slot * slotBytes + sample * 2);
    }
  });
  return pcm;
}

/** The text `markedSpeech(words)` stands for, words joined by spaces. */
export function markedText(words: ReadonlyArray<number | null>): string {
  return words
    .filter((word): word is number => word !== null)
    .map((word) => vocabularyWord(word))
    .join(' ');
}

export function vocabularyWord(index: number): string {
  return vocabulary[index % vocabulary.length] ?? 'word';
}

/** A sentence-like run of `count` words with a silent slot after every `sentenceLength`. */
export function markedSentences(count: number, sentenceLength = 6): Array<number | null> {
  const words: Array<number | null> = [];
  for (let index = 0; index < count; index++) {
    words.push(index % vocabulary.length);
    if ((index + 1) % sentenceLength === 0) words.push(null);
  }
  return words;
}

/**
 * The word one full slot of PCM16 stands for, or null for silence. The loudness is the median over
 * 20 ms blocks, so a slot that is not aligned with the words (audio replayed from a frame boundary,
 * a codec's delay) still reads as the word that fills most of it.
 */
export function recogniseSlot(slot: Buffer): string | null {
  const loudness = blockLoudness(slot).sort((first, second) => first - second);
  const median = loudness[Math.floor(loudness.length / 2)] ?? 0;
  const level = Math.round(median / levelStep);
  return level < 1 ? null : vocabularyWord(level - 1);
}

/**
 * Whether a slot is marked speech or silence (a steady tone, or quiet), rather than real speech,
 * whose loudness changes from one 20 ms block to the next.
 */
export function isMarkedSlot(slot: Buffer): boolean {
  const loudness = blockLoudness(slot).sort((first, second) => first - second);
  const median = loudness[Math.floor(loudness.length / 2)] ?? 0;
  if (median < levelStep / 2) return true;
  // The middle half of the blocks: a slot cut by a word boundary still counts as steady.
  const low = loudness[Math.floor(loudness.length / 4)] ?? 0;
  const high = loudness[Math.floor((loudness.length * 3) / 4)] ?? 0;
  return high - low <= median * 0.1;
}

/** Mean absolute sample of each 20 ms block of a slot. */
function blockLoudness(slot: Buffer): number[] {
  const blockSamples = sampleRate / 50;
  const loudness: number[] = [];
  for (let start = 0; start + blockSamples <= slot.length / 2; start += blockSamples) {
    let total = 0;
    for (let index = start; index < start + blockSamples; index++)
      total += Math.abs(slot.readInt16LE(index * 2));
    loudness.push(total / blockSamples);
  }
  return loudness;
}

export function pcmDurationMs(bytes: number): number {
  return bytes / bytesPerMs;
}
