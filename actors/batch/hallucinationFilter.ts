import { collapseLoops, collapseRepeatedSegments, collapseTextLoops } from './hallucinationLoops.ts';
import { isNonSpeechTag, isSilencePhrase } from './hallucinationPhrases.ts';
import { comparisonKey } from './stabilizerWords.ts';
import type { WindowPass, WindowSegment } from './windowTranscript.ts';

/** Whether speech was heard in [startMs, endMs) of session time (see `windowSpeech` in speechGate.ts). */
export type SpeechCheck = (startMs: number, endMs: number) => boolean;

/** A segment's text and its timed words, with loops cut the same way in both. */
function withoutLoops(segment: WindowSegment): WindowSegment {
  const text = collapseTextLoops(segment.text);
  const words =
    segment.words === undefined
      ? undefined
      : collapseLoops(segment.words, (word) => comparisonKey(word.text));
  if (text === segment.text && words?.length === segment.words?.length) return segment;
  return words === undefined ? { ...segment, text } : { ...segment, text, words };
}

/**
 * A pass without what recognisers invent: segments that are only a non-speech tag ("[Music]",
 * "[BLANK_AUDIO]"); repetition loops, within a segment and across segments, cut to their first
 * occurrence; and the phrases they write over silence ("Thank you.", subtitle credits), when no
 * speech was heard under them. `speech` is either a check per time range, which lets the phrase
 * rule catch a "Thank you." after the speaker stopped, or one answer for the whole window.
 */
export function filterHallucinations(pass: WindowPass, speech: boolean | SpeechCheck): WindowPass {
  const speechUnder = (segment: WindowSegment) =>
    typeof speech === 'boolean' ? speech : speech(segment.startMs, segment.endMs);
  const segments = collapseRepeatedSegments(
    pass.segments.filter((segment) => !isNonSpeechTag(segment.text)).map(withoutLoops),
  ).filter((segment) => !(isSilencePhrase(segment.text) && !speechUnder(segment)));
  return { ...pass, segments };
}
