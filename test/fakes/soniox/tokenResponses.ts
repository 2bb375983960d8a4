import type { HeardWord } from '../streaming/markedSpeech.ts';
import type { FollowerUpdate } from '../streaming/speechFollower.ts';

/** A token as Soniox's real-time API sends it. */
export interface SonioxToken {
  text: string;
  start_ms?: number;
  end_ms?: number;
  confidence?: number;
  is_final: boolean;
  speaker?: string;
  language?: string;
  source_language?: string;
  translation_status?: 'original' | 'translation';
}

/** What the session's config asked to appear in the tokens. */
export interface TokenOptions {
  /** The language the fake says it heard (the first hint, or English). */
  spokenLanguage: string;
  languageIdentification: boolean;
  diarization: boolean;
  endpointDetection: boolean;
  /** Set when translation is on. */
  translationLanguage?: string;
}

/**
 * Turns the follower's words into Soniox's token stream: each word becomes sub-word tokens
 * (its first two letters, then the rest) with the space before it inside the first token; the
 * utterance in progress is non-final, a committed one final, followed by `<end>` when it ended
 * at a pause and endpoint detection is on. Diarization alternates speakers "1" and "2" per
 * utterance; translation adds each word upper-cased as a translated token without times.
 */
export class TokenWriter {
  private readonly options: TokenOptions;
  private wordsCommitted = 0;
  private utterancesCommitted = 0;
  /** Where everything is final, in ms of the connection's audio. */
  finalAudioMs = 0;

  constructor(options: TokenOptions) {
    this.options = options;
  }

  tokens(update: FollowerUpdate): SonioxToken[] {
    const isFinal = update.kind === 'final';
    const spoken = update.words.flatMap((word, index) =>
      this.subwordTokens(word, this.wordsCommitted + index > 0, isFinal),
    );
    const translated = update.words.map((word, index) =>
      this.translatedToken(word, this.wordsCommitted + index > 0, isFinal),
    );
    const tokens = this.options.translationLanguage === undefined ? spoken : [...spoken, ...translated];
    if (update.kind === 'final') {
      this.wordsCommitted += update.words.length;
      this.utterancesCommitted++;
      this.finalAudioMs = update.words.at(-1)?.endMs ?? this.finalAudioMs;
      if (update.endOfSpeech && this.options.endpointDetection)
        tokens.push({ text: '<end>', is_final: true });
    }
    return tokens;
  }

  private subwordTokens(word: HeardWord, spaced: boolean, isFinal: boolean): SonioxToken[] {
    const pieces = [word.word.slice(0, 2), word.word.slice(2)].filter((piece) => piece !== '');
    const msPerLetter = (word.endMs - word.startMs) / word.word.length;
    let startMs = word.startMs;
    return pieces.map((piece, index) => {
      const endMs =
        index === pieces.length - 1 ? word.endMs : Math.round(startMs + piece.length * msPerLetter);
      const token: SonioxToken = {
        text: index === 0 && spaced ? ` ${piece}` : piece,
        start_ms: startMs,
        end_ms: endMs,
        confidence: isFinal ? 0.96 : 0.81,
        is_final: isFinal,
        ...this.labels(),
      };
      startMs = endMs;
      return token;
    });
  }

  private translatedToken(word: HeardWord, spaced: boolean, isFinal: boolean): SonioxToken {
    return {
      text: `${spaced ? ' ' : ''}${word.word.toUpperCase()}`,
      confidence: isFinal ? 0.96 : 0.81,
      is_final: isFinal,
      ...(this.options.diarization && { speaker: this.speaker() }),
      language: this.options.translationLanguage,
      source_language: this.options.spokenLanguage,
      translation_status: 'translation',
    };
  }

  private labels(): Pick<SonioxToken, 'speaker' | 'language' | 'translation_status'> {
    return {
      ...(this.options.diarization && { speaker: this.speaker() }),
      ...(this.options.languageIdentification && { language: this.options.spokenLanguage }),
      ...(this.options.translationLanguage !== undefined && { translation_status: 'original' as const }),
    };
  }

  private speaker(): string {
    return String((this.utterancesCommitted % 2) + 1);
  }
}
