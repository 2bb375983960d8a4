import type { TranscribedSegment } from '../contract.ts';
import { ProviderError } from '../http/providerError.ts';
import { tokenWords } from './tokenWords.ts';

/** The part of whisper-server's `response_format=verbose_json` answer that Earshot reads. */
interface VerboseJson {
  segments?: unknown;
  language_probabilities?: unknown;
}

interface VerboseSegment {
  text?: unknown;
  start?: unknown;
  end?: unknown;
  words?: unknown;
}

/**
 * What whisper writes for audio without speech ("[BLANK_AUDIO]", "[MUSIC]", "(wind blowing)"): a
 * whole segment that is one bracketed annotation. Real words never look like that.
 */
const nonSpeechAnnotation = /^\s*(\[[^\]]*\]|\([^)]*\))\s*$/;

/**
 * Segments with times in ms (whisper gives seconds) and their timed words where the server gave
 * them, without empty or non-speech segments.
 */
export function parseVerboseJson(answer: unknown): { segments: TranscribedSegment[]; language?: string } {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as VerboseJson;
  if (!Array.isArray(body.segments)) {
    throw new ProviderError(
      'permanent',
      'whisper.cpp answered without a segments list (expected verbose_json).',
    );
  }
  const segments: TranscribedSegment[] = [];
  for (const item of body.segments as VerboseSegment[]) {
    if (typeof item?.text !== 'string' || typeof item.start !== 'number' || typeof item.end !== 'number') {
      throw new ProviderError('permanent', 'whisper.cpp answered with a segment without text, start or end.');
    }
    const text = item.text.trim();
    if (text === '' || nonSpeechAnnotation.test(text)) continue;
    const startMs = Math.max(0, Math.round(item.start * 1000));
    const segment: TranscribedSegment = {
      text,
      startMs,
      endMs: Math.max(startMs, Math.round(item.end * 1000)),
    };
    const words = tokenWords(item.words);
    if (words !== undefined) segment.words = words;
    segments.push(segment);
  }
  const language = mostLikelyLanguage(body.language_probabilities);
  return language === undefined ? { segments } : { segments, language };
}

/**
 * The top-level `language` is a name ("english"); the probabilities are keyed by ISO code, so the
 * detected code is the most probable key. Only present when the language was detected.
 */
function mostLikelyLanguage(probabilities: unknown): string | undefined {
  if (typeof probabilities !== 'object' || probabilities === null) return undefined;
  let best: { code: string; probability: number } | undefined;
  for (const [code, probability] of Object.entries(probabilities)) {
    if (typeof probability === 'number' && (best === undefined || probability > best.probability)) {
      best = { code, probability };
    }
  }
  return best?.code;
}
