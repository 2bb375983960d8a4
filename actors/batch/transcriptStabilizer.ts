import { joinWords, stableSegments } from './stabilizerSegments.ts';
import {
  defaultTentativeDisplay,
  shownTentativeWords,
  type TentativeDisplay,
} from './stabilizerTentative.ts';
import { passWords, type PassWord } from './stabilizerWords.ts';
import type { StabilizerUpdate, WindowPass } from './windowTranscript.ts';
import { committedOverlap } from './wordAlignment.ts';

export interface TranscriptStabilizerOptions {
  /** How many successive passes must agree on a word before it is committed (LocalAgreement-n). */
  agreementPasses?: number;
  /** Which uncommitted words the `tentative` tail shows (see TentativeDisplay). */
  tentativeDisplay?: TentativeDisplay;
  /**
   * Without any boundary the provider timed (text-only answers), cut the window this many
   * milliseconds per committed letter after its start: a lower bound of where the committed words
   * end if no one says a letter faster. Undefined: never cut such a window.
   */
  untimedTrimMsPerLetter?: number;
  /**
   * Keeps the window short: once a pass covers more audio than this, its words that end at least
   * `settledAfterMs` before the window's end are committed without waiting for another pass to
   * agree, and the window is cut after them. Agreement needs two passes over the same words; with a
   * recogniser that takes seconds per pass, waiting for it lets the window grow, each pass take
   * longer, and the lag grow with the session. Undefined: only agreement commits.
   */
  windowTargetMs?: number;
  /** See `windowTargetMs`; words this close to the window's end may still change. */
  settledAfterMs?: number;
  /**
   * Where the provider times its words, the window is cut this much before the end of the committed
   * words rather than at it: the recogniser hears again what was said just before the words still
   * open, as it would in one long recording, and hears those words better (with PocketSphinx, 4 s of
   * it cut the words lost against its whole-file transcript from 5.5 % to 4.1 % and, because the
   * window then passes its target sooner, the lag too). The re-heard words are skipped by time.
   * Text without word times keeps the cut at the committed text: skipping it again would rest on
   * aligning text alone.
   */
  heardContextMs?: number;
}

const defaultSettledAfterMs = 3_000;

/** Committed words kept for aligning later passes and for the prompt: more than a 45-s window holds. */
const keptCommittedWords = 400;
const defaultPromptCharacters = 200;
/**
 * Word timestamps are often a tenth of a second or more off, and the next word may start a few
 * tens of milliseconds after the last committed one ends: the window is cut this much before a
 * committed word's end. Audio of a committed word left in the window costs nothing (a re-heard
 * word whose centre is not past the committed end is skipped); audio of the next word cut away
 * loses it. Segment ends need no margin: providers end segments at pauses.
 */
const trimSafetyMs = 150;

/**
 * Turns successive transcriptions of a rolling audio window into append-only committed text and a
 * tentative tail (LocalAgreement-2, as whisper_streaming does it): a word is committed once two
 * passes in a row agree on it and on every word between it and the committed text.
 *
 * Each pass covers the audio from its window start, which may lie before the end of the committed
 * text (the window not yet trimmed) or at it (trimmed). Its words already committed are skipped
 * first: by time where the provider timed its words (a word whose middle is not past the end of
 * the committed text was committed), by aligning text otherwise. Comparing the centre rather than
 * the end absorbs the few tens of milliseconds word timestamps move between passes.
 */
export class TranscriptStabilizer {
  readonly #agreementPasses: number;
  readonly #tentativeDisplay: TentativeDisplay;
  readonly #untimedTrimMsPerLetter: number | undefined;
  readonly #windowTargetMs: number | undefined;
  readonly #settledAfterMs: number;
  readonly #heardContextMs: number;
  /** The most recent committed words, oldest first. */
  #committed: PassWord[] = [];
  /** The uncommitted words of the last `agreementPasses - 1` passes, oldest first. */
  #hypotheses: PassWord[][] = [];
  #reportedTrimMs = Number.NEGATIVE_INFINITY;

  constructor(options: TranscriptStabilizerOptions = {}) {
    const agreementPasses = options.agreementPasses ?? 2;
    if (!Number.isInteger(agreementPasses) || agreementPasses < 1)
      throw new Error(`agreementPasses must be a whole number of 1 or more (got ${agreementPasses}).`);
    this.#agreementPasses = agreementPasses;
    this.#tentativeDisplay = options.tentativeDisplay ?? defaultTentativeDisplay;
    this.#untimedTrimMsPerLetter = options.untimedTrimMsPerLetter;
    this.#windowTargetMs = options.windowTargetMs;
    this.#settledAfterMs = options.settledAfterMs ?? defaultSettledAfterMs;
    this.#heardContextMs = options.heardContextMs ?? 0;
  }

  accept(pass: WindowPass): StabilizerUpdate {
    const words = passWords(pass);
    const skipped = this.#alreadyCommitted(words, pass.windowStartMs);
    const fresh = words.slice(skipped);
    const earlier = this.#hypotheses.slice(-(this.#agreementPasses - 1));
    const agreed =
      earlier.length < this.#agreementPasses - 1
        ? 0
        : Math.min(fresh.length, ...earlier.map((hypothesis) => agreedPrefix(hypothesis, fresh)));
    const settled = this.#settledWords(pass, fresh.slice(agreed));
    const committedCount = agreed + settled;
    const newlyCommitted = fresh.slice(0, committedCount);
    this.#commit(newlyCommitted);
    const tail = fresh.slice(committedCount);
    // Words committed unagreed end the earlier passes' alignment with this one: this pass starts anew.
    const previousTails = settled > 0 ? [] : earlier.map((hypothesis) => hypothesis.slice(agreed));
    const shown = shownTentativeWords(this.#tentativeDisplay, tail, previousTails.at(-1), pass.windowEndMs);
    this.#hypotheses =
      this.#agreementPasses === 1 ? [] : [...previousTails, tail].slice(-(this.#agreementPasses - 1));
    const update: StabilizerUpdate = {
      committed: stableSegments(newlyCommitted),
      tentative: joinWords(tail.slice(0, shown)),
    };
    const trimBeforeMs = this.#trimPoint(pass, words, skipped + committedCount);
    if (trimBeforeMs !== undefined) update.trimBeforeMs = trimBeforeMs;
    return update;
  }

  /** At stop: the latest pass's uncommitted words are committed as they stand. */
  flush(): StabilizerUpdate {
    const tail = this.#hypotheses.at(-1) ?? [];
    this.#hypotheses = [];
    this.#commit(tail);
    return { committed: stableSegments(tail), tentative: '' };
  }

  /** The most recent committed text, whole words only, to prompt the next pass with its context. */
  promptText(maxCharacters: number = defaultPromptCharacters): string {
    let text = '';
    for (let index = this.#committed.length - 1; index >= 0; index--) {
      const candidate = joinWords(this.#committed.slice(index));
      if (candidate.length > maxCharacters) break;
      text = candidate;
    }
    return text;
  }

  #commit(words: readonly PassWord[]): void {
    this.#committed.push(...words);
    if (this.#committed.length > keptCommittedWords)
      this.#committed.splice(0, this.#committed.length - keptCommittedWords);
  }

  /**
   * How many of the uncommitted words (`tail`) to commit unagreed because the window has grown past
   * its target: the first ones ending at least `settledAfterMs` before the window's end, by the
   * provider's word times, or by its segment ends where it timed only segments (a segment running
   * to the window's end is no boundary). Text without times is left to agreement and the window cap.
   */
  #settledWords(pass: WindowPass, tail: readonly PassWord[]): number {
    if (this.#windowTargetMs === undefined || pass.windowEndMs - pass.windowStartMs <= this.#windowTargetMs)
      return 0;
    const settledBeforeMs = pass.windowEndMs - this.#settledAfterMs;
    const knownEndMs = (word: PassWord): number | undefined => {
      if (word.timed) return word.endMs;
      const segmentEndMs = pass.segments[word.segmentIndex]?.endMs;
      return segmentEndMs !== undefined && segmentEndMs < pass.windowEndMs ? segmentEndMs : undefined;
    };
    const firstUnsettled = tail.findIndex((word) => {
      const endMs = knownEndMs(word);
      return endMs === undefined || endMs > settledBeforeMs;
    });
    return firstUnsettled === -1 ? tail.length : firstUnsettled;
  }

  /** How many of the pass's first words re-transcribe committed text. */
  #alreadyCommitted(words: readonly PassWord[], windowStartMs: number): number {
    const last = this.#committed.at(-1);
    if (last === undefined) return 0;
    if (last.timed && words.every((word) => word.timed)) {
      const firstNew = words.findIndex((word) => (word.startMs + word.endMs) / 2 > last.endMs);
      return firstNew === -1 ? words.length : firstNew;
    }
    return committedOverlap(this.#committed, windowStartMs, words);
  }

  /**
   * Where the window may be cut now that the pass's first `committedCount` words are committed: just
   * before the end of the last committed word the provider timed (less the heard context), or else at the end of the last
   * segment whose words are all committed; never past the start of the next word or segment, so no
   * uncommitted word loses audio. A segment reaching the window's end is no boundary: the window
   * may have cut a word there that the provider left out (text-only providers answer with one
   * segment spanning the window). Undefined when the point is no later than what was already
   * reported or than the window's start.
   */
  #trimPoint(pass: WindowPass, words: readonly PassWord[], committedCount: number): number | undefined {
    const lastCommitted = words[committedCount - 1];
    if (lastCommitted === undefined) return undefined;
    const next = words[committedCount];
    let boundaryMs: number | undefined;
    if (lastCommitted.timed) {
      const endMs = next?.timed === true ? Math.min(lastCommitted.endMs, next.startMs) : lastCommitted.endMs;
      boundaryMs = Math.max(lastCommitted.startMs, endMs - trimSafetyMs) - this.#heardContextMs;
    } else {
      const nextSegmentIndex = next?.segmentIndex ?? pass.segments.length;
      const completed = words
        .slice(0, committedCount)
        .findLast(
          (word) =>
            word.segmentIndex < nextSegmentIndex &&
            (pass.segments[word.segmentIndex]?.endMs ?? pass.windowEndMs) < pass.windowEndMs,
        )?.segmentIndex;
      const segment = completed === undefined ? undefined : pass.segments[completed];
      const nextSegment = next === undefined ? undefined : pass.segments[next.segmentIndex];
      if (segment !== undefined)
        boundaryMs = nextSegment === undefined ? segment.endMs : Math.min(segment.endMs, nextSegment.startMs);
    }
    if (boundaryMs === undefined && this.#untimedTrimMsPerLetter !== undefined) {
      const letters = words.slice(0, committedCount).reduce((sum, word) => sum + word.key.length, 0);
      boundaryMs = Math.min(pass.windowEndMs, pass.windowStartMs + letters * this.#untimedTrimMsPerLetter);
    }
    if (boundaryMs === undefined || boundaryMs <= pass.windowStartMs || boundaryMs <= this.#reportedTrimMs)
      return undefined;
    this.#reportedTrimMs = boundaryMs;
    return boundaryMs;
  }
}

/** How many first words two hypotheses share, compared without case or punctuation. */
function agreedPrefix(left: readonly PassWord[], right: readonly PassWord[]): number {
  let length = 0;
  while (length < left.length && length < right.length && left[length]?.key === right[length]?.key) length++;
  return length;
}
