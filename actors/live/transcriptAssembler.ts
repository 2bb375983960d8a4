import type { LiveEvent, LiveToken, TimedWord } from '../../providers/contract.ts';
import type { SegmentWord } from '../../store/records.ts';
import { placeWords } from '../placeWords.ts';

/** A piece of transcript the provider will not change, placed in the session's audio. */
export interface CommittedSegment {
  text: string;
  startMs: number;
  endMs: number;
  speaker: string | null;
  language: string | null;
  /** Its words as the provider timed them, placed in the session's audio as the segment is. */
  words?: SegmentWord[];
}

/** What one provider event changed. */
export interface AssembledChange {
  committed: CommittedSegment[];
  /** The tentative tail now shown after the committed text ('' when none). */
  tentative: string;
  /** P01's translated line: text to append for good, and its tentative tail. */
  translation?: { finalText: string; tentativeText: string };
}

const sentenceEnd = /[.?!。？！…]["')\]」』]*\s*$/u;
/** Final tokens wait at most this long (audio) for a sentence end before they are committed anyway. */
const maxPendingMs = 4_000;

/**
 * Turns a provider's live events into committed segments and a tentative tail. Times from the
 * provider are relative to its current stream; `streamOffsetMs` places them in the session (after
 * a reconnect the new stream starts at the replayed audio). Events without times are placed after
 * the last commit, up to the audio sent so far.
 *
 * Token streams (P01) are grouped into sentence-sized segments at sentence ends, speaker changes
 * and word boundaries, never inside a word. Their sub-word tokens become the segment's words.
 */
export class TranscriptAssembler {
  private streamOffsetMs = 0;
  private lastCommittedEndMs = 0;
  private partialText = '';
  private pendingTokens: LiveToken[] = [];
  private tentativeTokens: LiveToken[] = [];

  /** A new stream starts hearing the session's audio at `offsetMs`; the old one's tail is void. */
  startStream(offsetMs: number): void {
    this.streamOffsetMs = offsetMs;
    this.partialText = '';
    this.tentativeTokens = [];
  }

  get tentative(): string {
    return (tokenText(this.pendingTokens) + tokenText(this.tentativeTokens) || this.partialText).trim();
  }

  get committedUpToMs(): number {
    return this.lastCommittedEndMs;
  }

  accept(event: LiveEvent, audioSentMs: number): AssembledChange {
    switch (event.type) {
      case 'partial':
        this.partialText = event.text;
        return this.change([]);
      case 'final': {
        this.partialText = '';
        const text = event.text.trim();
        if (text === '') return this.change([]);
        const segment = this.place(
          text,
          event.startMs,
          event.endMs,
          audioSentMs,
          event.speaker ?? null,
          event.language ?? null,
        );
        return this.change([this.withWords(segment, event.words)]);
      }
      case 'tokens':
        this.pendingTokens.push(...event.final);
        this.tentativeTokens = event.tentative;
        return this.change(this.commitTokens(audioSentMs, false));
      case 'translation':
        return {
          ...this.change([]),
          translation: { finalText: event.finalText, tentativeText: event.tentativeText },
        };
      default:
        return this.change([]);
    }
  }

  /**
   * The stream is gone: final tokens it sent are kept, up to the last whole word, so the audio after
   * them is all a new stream needs to hear again. A word cut off by the drop is left to the replay.
   */
  closeStream(audioSentMs: number): CommittedSegment[] {
    const lastWordStart = this.pendingTokens.findLastIndex((token, index) => index > 0 && startsWord(token));
    const whole = lastWordStart === -1 ? [] : this.pendingTokens.slice(0, lastWordStart);
    this.pendingTokens = [];
    this.tentativeTokens = [];
    this.partialText = '';
    const segment = this.segmentOf(whole, audioSentMs);
    return segment === undefined ? [] : [segment];
  }

  /**
   * Commits what is shown but not confirmed (the stream ended without confirming it, or the
   * session is ending): better kept than lost.
   */
  commitTentative(audioSentMs: number): CommittedSegment[] {
    const committed = this.commitTokens(audioSentMs, true);
    const tail = (tokenText(this.tentativeTokens) || this.partialText).trim();
    this.tentativeTokens = [];
    this.partialText = '';
    if (tail !== '') committed.push(this.place(tail, undefined, undefined, audioSentMs, null, null));
    return committed;
  }

  /** The segment with the provider's words, their stream times moved into the session's audio. */
  private withWords(segment: CommittedSegment, words: readonly TimedWord[] | undefined): CommittedSegment {
    const placed = placeWords(words, (ms) => Math.max(0, Math.round(ms + this.streamOffsetMs)));
    return placed === undefined ? segment : { ...segment, words: placed };
  }

  private change(committed: CommittedSegment[]): AssembledChange {
    return { committed, tentative: this.tentative };
  }

  private place(
    text: string,
    startMs: number | undefined,
    endMs: number | undefined,
    audioSentMs: number,
    speaker: string | null,
    language: string | null,
  ): CommittedSegment {
    const start = Math.max(
      startMs === undefined ? this.lastCommittedEndMs : startMs + this.streamOffsetMs,
      this.lastCommittedEndMs,
    );
    const end = Math.max(endMs === undefined ? audioSentMs : endMs + this.streamOffsetMs, start);
    this.lastCommittedEndMs = end;
    return { text, startMs: Math.round(start), endMs: Math.round(end), speaker, language };
  }

  /** Cuts the pending final tokens into segments where a segment may end. */
  private commitTokens(audioSentMs: number, everything: boolean): CommittedSegment[] {
    const segments: CommittedSegment[] = [];
    let start = 0;
    for (let index = 0; index < this.pendingTokens.length; index++) {
      const token = this.pendingTokens[index];
      const next = this.pendingTokens[index + 1];
      if (token === undefined) continue;
      const speakerChanges = next !== undefined && (next.speaker ?? null) !== (token.speaker ?? null);
      const atBoundary = next === undefined ? this.atWordBoundary() : startsWord(next);
      const longEnough = spanMs(this.pendingTokens.slice(start, index + 1)) >= maxPendingMs;
      const lastAndDone = next === undefined && (everything || this.tentativeTokens.length === 0);
      if (sentenceEnd.test(token.text) || speakerChanges || lastAndDone || (longEnough && atBoundary)) {
        const group = this.pendingTokens.slice(start, index + 1);
        const segment = this.segmentOf(group, audioSentMs);
        if (segment !== undefined) segments.push(segment);
        start = index + 1;
      }
    }
    this.pendingTokens = this.pendingTokens.slice(start);
    return segments;
  }

  private segmentOf(tokens: LiveToken[], audioSentMs: number): CommittedSegment | undefined {
    const text = tokenText(tokens).trim();
    if (text === '') return undefined;
    const first = tokens.find((token) => token.startMs !== undefined);
    const last = tokens.findLast((token) => token.endMs !== undefined);
    const segment = this.place(
      text,
      first?.startMs,
      last?.endMs,
      audioSentMs,
      tokens[0]?.speaker ?? null,
      tokens[0]?.language ?? null,
    );
    return this.withWords(segment, tokenWords(tokens));
  }

  private atWordBoundary(): boolean {
    const next = this.tentativeTokens[0];
    return next === undefined || startsWord(next);
  }
}

function tokenText(tokens: readonly LiveToken[]): string {
  return tokens.map((token) => token.text).join('');
}

/**
 * Sub-word tokens joined into words: a word begins with the first token and with each token that
 * starts one, and runs from its first token's start to its last token's end, with their speaker. A
 * word whose first token has no start or last token no end is left out, not given a guessed time.
 */
function tokenWords(tokens: readonly LiveToken[]): TimedWord[] {
  const groups: LiveToken[][] = [];
  for (const token of tokens) {
    const current = groups.at(-1);
    if (current === undefined || startsWord(token)) groups.push([token]);
    else current.push(token);
  }
  return groups.flatMap((group): TimedWord[] => {
    const startMs = group[0]?.startMs;
    const endMs = group.at(-1)?.endMs;
    if (startMs === undefined || endMs === undefined) return [];
    return [{ text: tokenText(group), startMs, endMs, speaker: group[0]?.speaker ?? null }];
  });
}

/** A token that begins a new word: a leading space, or a CJK character (no spaces in CJK text). */
function startsWord(token: LiveToken): boolean {
  return (
    /^\s/u.test(token.text) || /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(token.text)
  );
}

function spanMs(tokens: readonly LiveToken[]): number {
  const first = tokens.find((token) => token.startMs !== undefined)?.startMs;
  const last = tokens.findLast((token) => token.endMs !== undefined)?.endMs;
  return first === undefined || last === undefined ? 0 : last - first;
}
