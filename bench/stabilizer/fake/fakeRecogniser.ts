import type { WindowPass, WindowSegment } from '../../../actors/batch/windowTranscript.ts';
import { hashNumbers, unitFromNumbers } from '../speech/seededRandom.ts';
import type { SpokenTimeline, SpokenWord } from '../speech/spokenTimeline.ts';

/**
 * What the provider returns besides text: word timestamps (whisper.cpp and Groq/OpenAI
 * verbose_json with word granularity), segment timestamps only (verbose_json without it), or text
 * alone in one segment spanning the window (the text-only providers).
 */
export type TimestampMode = 'words' | 'segments' | 'text';

/** Words that end this close to the window's end lack the context after them and may come out wrong. */
export const unstableMs = 1_000;
/** At most this many of the window's last words are unstable. */
export const unstableWords = 3;
/** How far word and segment timestamps move between passes, either way. */
export const timestampJitterMs = 40;

/** A misheard word is always misheard the same way, as a model without context would. */
function mishear(text: string, vocabulary: readonly string[]): string {
  let code = 0;
  for (const character of text) code = (code * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  const replacement = vocabulary[hashNumbers(code) % vocabulary.length] ?? text;
  return replacement.toLowerCase() === text.toLowerCase() ? `${text}s` : replacement;
}

/** The same word with different punctuation or case, as passes often disagree on. */
function restyle(text: string): string {
  if (/[.?]$/.test(text)) return text.slice(0, -1) + ',';
  return text.charAt(0) === text.charAt(0).toUpperCase()
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text + '.';
}

/**
 * A deterministic fake recogniser over a spoken timeline. Its answer for a window depends only on
 * the audio the window covers: the words said wholly inside it, recognised correctly, except that
 * a word cut by the window's end comes out partial or not at all, a word cut by its start is lost,
 * and each of the last (at most three) words ending within a second of the end is, by a hash of
 * the window and the word, right (55 %), misheard (15 %), missing (10 %) or differently
 * punctuated or capitalised (20 %). Timestamps move by up to ±40 ms from pass to pass.
 */
export function fakeRecogniser(
  timeline: SpokenTimeline,
  mode: TimestampMode,
): (windowStartMs: number, windowEndMs: number) => WindowPass {
  const vocabulary = [
    ...new Set(timeline.words.map((word) => word.text.replace(/[.?,]$/, '').toLowerCase())),
  ];
  const { words } = timeline;
  // The first word ending after a time, by binary search: windows are short and the talk is long.
  const firstEndingAfter = (ms: number) => {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((words[middle]?.endMs ?? 0) <= ms) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  return (windowStartMs, windowEndMs) => {
    const heard: SpokenWord[] = [];
    const inside: number[] = [];
    for (let index = firstEndingAfter(windowStartMs); index < words.length; index++) {
      const word = words[index];
      if (word === undefined || word.startMs >= windowEndMs) break;
      if (word.startMs < windowStartMs) continue;
      inside.push(index);
    }
    const lastUnstable = new Set(
      inside.filter((index) => (words[index]?.endMs ?? 0) > windowEndMs - unstableMs).slice(-unstableWords),
    );
    for (const index of inside) {
      const word = words[index] as SpokenWord;
      const roll = unitFromNumbers(windowStartMs, windowEndMs, index);
      if (word.endMs > windowEndMs) {
        if (roll < 0.5) continue;
        const covered = (windowEndMs - word.startMs) / (word.endMs - word.startMs);
        const letters = Math.max(1, Math.floor(word.text.length * covered));
        heard.push({ ...word, text: word.text.slice(0, letters), endMs: windowEndMs });
        continue;
      }
      if (!lastUnstable.has(index) || roll < 0.55) heard.push(word);
      else if (roll < 0.7) heard.push({ ...word, text: mishear(word.text, vocabulary) });
      else if (roll < 0.8) continue;
      else heard.push({ ...word, text: restyle(word.text) });
    }
    const jitter = (ms: number, salt: number) =>
      Math.round(ms + (unitFromNumbers(windowStartMs, windowEndMs, ms, salt) * 2 - 1) * timestampJitterMs);
    return {
      windowStartMs,
      windowEndMs,
      segments: segmentsOf(heard, mode, windowStartMs, windowEndMs, jitter),
    };
  };
}

function segmentsOf(
  heard: readonly SpokenWord[],
  mode: TimestampMode,
  windowStartMs: number,
  windowEndMs: number,
  jitter: (ms: number, salt: number) => number,
): WindowSegment[] {
  if (heard.length === 0) return [];
  if (mode === 'text')
    return [{ text: heard.map((word) => word.text).join(' '), startMs: windowStartMs, endMs: windowEndMs }];
  const sentences: SpokenWord[][] = [];
  for (const word of heard) {
    const current = sentences.at(-1);
    if (current !== undefined && current[0]?.sentence === word.sentence) current.push(word);
    else sentences.push([word]);
  }
  const within = (ms: number) => Math.min(windowEndMs, Math.max(windowStartMs, ms));
  return sentences.map((sentence) => {
    const first = sentence[0] as SpokenWord;
    const last = sentence.at(-1) as SpokenWord;
    const segment: WindowSegment = {
      text: sentence.map((word) => word.text).join(' '),
      startMs: within(jitter(first.startMs, 1)),
      endMs: within(jitter(last.endMs, 2)),
    };
    if (mode === 'words')
      segment.words = sentence.map((word) => ({
        text: word.text,
        startMs: within(jitter(word.startMs, 1)),
        endMs: within(jitter(word.endMs, 2)),
      }));
    return segment;
  });
}
