import { z } from 'zod';
import type { LiveEvent, LiveToken } from '../contract.ts';
import { transcriptTokenSchema } from './sonioxAnswers.ts';

/** One response of Soniox's real-time API: tokens, or an in-band error, or the terminal `finished`. */
export const realtimeResponseSchema = z.object({
  tokens: z.array(transcriptTokenSchema.extend({ is_final: z.boolean() })).default([]),
  finished: z.boolean().nullish(),
  error_code: z.number().nullish(),
  error_message: z.string().nullish(),
});

export type RealtimeResponse = z.output<typeof realtimeResponseSchema>;
type RealtimeToken = RealtimeResponse['tokens'][number];

/**
 * Markers Soniox mixes into the token stream: `<end>` (endpoint detected), `<fin>` (finalize
 * done); `<unk>` and `<silence>` are dropped too, as the reference app does, in case they appear.
 */
const markerTokens = new Set(['<end>', '<fin>', '<unk>', '<silence>']);

type TranscriptEvent = Extract<LiveEvent, { type: 'tokens' | 'translation' }>;

/**
 * Turns Soniox responses into `tokens` and `translation` events. Final tokens come once each and
 * are passed on as they come; the non-final tokens of each response replace the previous ones,
 * so an event goes out only when something new is final or the tentative tail changed.
 * Translated tokens (`translation_status: 'translation'`) are the translated line, kept apart.
 */
export function realtimeTranscript(translationLanguage: string | undefined) {
  let tentativeShown: LiveToken[] = [];
  let tentativeTranslationShown = '';

  return (response: RealtimeResponse): TranscriptEvent[] => {
    const spoken = response.tokens.filter((token) => !isTranslated(token) && isVisible(token));
    const translated = response.tokens.filter(isTranslated);
    const events: TranscriptEvent[] = [];

    const final = spoken.filter((token) => token.is_final).map(liveToken);
    const tentative = spoken.filter((token) => !token.is_final).map(liveToken);
    if (final.length > 0 || JSON.stringify(tentative) !== JSON.stringify(tentativeShown)) {
      events.push({ type: 'tokens', final, tentative });
      tentativeShown = tentative;
    }

    const finalText = joinedText(translated.filter((token) => token.is_final));
    const tentativeText = joinedText(translated.filter((token) => !token.is_final));
    if (finalText !== '' || tentativeText !== tentativeTranslationShown) {
      const language = translated.find((token) => token.language)?.language ?? translationLanguage ?? null;
      events.push({ type: 'translation', finalText, tentativeText, language });
      tentativeTranslationShown = tentativeText;
    }
    return events;
  };
}

function isTranslated(token: RealtimeToken): boolean {
  return token.translation_status === 'translation';
}

function isVisible(token: RealtimeToken): boolean {
  return token.is_audio_event !== true && !markerTokens.has(token.text.trim());
}

function liveToken(token: RealtimeToken): LiveToken {
  return {
    text: token.text,
    ...(typeof token.start_ms === 'number' && { startMs: Math.round(token.start_ms) }),
    ...(typeof token.end_ms === 'number' && { endMs: Math.round(token.end_ms) }),
    speaker: token.speaker ?? null,
    language: token.language ?? null,
  };
}

function joinedText(tokens: readonly RealtimeToken[]): string {
  return tokens
    .filter(isVisible)
    .map((token) => token.text)
    .join('');
}
