import type { TimedWord } from '../../providers/contract.ts';
import { segmentSeparator } from '../../store/transcriptText.ts';
import type { PassWord } from './stabilizerWords.ts';
import type { StableSegment } from './windowTranscript.ts';

/** A closing quote or bracket may follow the sentence's mark. */
const sentenceEnd = /[.!?。！？…]["'”’)\]）」』]*$/u;

/**
 * Words as one text: as the provider wrote them where it wrote them together (CJK characters,
 * "Python写"), otherwise by the transcript's joining rule (a space, none between CJK characters).
 */
export function joinWords(words: readonly PassWord[]): string {
  let joined = '';
  for (const word of words) joined += (word.attached ? '' : segmentSeparator(joined, word.text)) + word.text;
  return joined;
}

/**
 * Committed words as segments: a provider segment boundary or the end of a sentence starts a new one.
 * Each segment's words are those the provider timed.
 */
export function stableSegments(words: readonly PassWord[]): StableSegment[] {
  const groups: PassWord[][] = [];
  let previous: PassWord | undefined;
  for (const word of words) {
    const current = groups.at(-1);
    const startsNew =
      current === undefined ||
      previous === undefined ||
      previous.segmentIndex !== word.segmentIndex ||
      sentenceEnd.test(previous.text);
    if (startsNew) groups.push([word]);
    else current.push(word);
    previous = word;
  }
  return groups.map((group) => {
    const segment: StableSegment = {
      text: joinWords(group),
      startMs: group[0]?.startMs ?? 0,
      endMs: group.at(-1)?.endMs ?? 0,
    };
    const words = group.filter((word) => word.timed).map(timedWord);
    if (words.length > 0) segment.words = words;
    return segment;
  });
}

/** A committed word the provider timed, as a segment's word. */
function timedWord({ text, startMs, endMs, speaker, confidence }: PassWord): TimedWord {
  const word: TimedWord = { text, startMs, endMs };
  if (speaker !== undefined) word.speaker = speaker;
  if (confidence !== undefined) word.confidence = confidence;
  return word;
}
