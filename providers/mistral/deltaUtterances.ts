import type { LiveEvent } from '../contract.ts';

type TranscriptEvent = Extract<LiveEvent, { type: 'partial' | 'final' }>;

/** A piece of Voxtral's transcript it marked itself (`transcription.segment`, or `segments` at the end). */
export interface VendorSegment {
  text: string;
  startMs?: number;
  endMs?: number;
}

/**
 * A full stop, question or exclamation mark that ends a sentence: Latin ones before a space, CJK
 * ones before any further character (CJK text has no spaces); closing quotes stay with the sentence.
 */
const sentenceEnd = /[.!?…]+["'”’)\]]*(?=\s)|[。！？]+[」』”’）]*(?=[^」』”’）])/u;

/**
 * Turns Voxtral's append-only text deltas into per-utterance events. The text after the last
 * committed point is the partial. An utterance is committed when Voxtral marks a segment; until it
 * has marked one, at each sentence end instead. `transcription.done` repeats the whole session, so
 * only what was not committed yet becomes the last final.
 *
 * Positions are counted in non-space characters, so the vendor's segments (which cover the session
 * from its start) line up with the deltas whatever spacing either uses, in any script.
 */
export class DeltaUtterances {
  private text = '';
  /** Non-space characters of the session's text already sent as finals. */
  private committed = 0;
  /** Non-space characters covered by the segments received so far. */
  private segmented = 0;
  private vendorSegments = false;
  private shownPartial = '';
  private language: string | null = null;

  heardLanguage(language: string): void {
    this.language = language;
  }

  delta(fragment: string): TranscriptEvent[] {
    this.text += fragment;
    return [...this.sentences(), ...this.partial()];
  }

  segment(segment: VendorSegment): TranscriptEvent[] {
    this.vendorSegments = true;
    const start = this.segmented;
    this.segmented += visibleLength(segment.text);
    return [...this.commitSpan(segment, start, this.segmented), ...this.partial()];
  }

  /** The session's end: `fullText` is all of it; `segments`, when given, cover it from the start. */
  done(fullText: string, segments: readonly VendorSegment[]): TranscriptEvent[] {
    const events: TranscriptEvent[] = [];
    let covered = 0;
    for (const segment of segments) {
      const start = covered;
      covered += visibleLength(segment.text);
      events.push(...this.commitSpan(segment, start, covered));
    }
    // The deltas are what was counted; the done text is preferred only where it extends them.
    const whole = visibleText(fullText).startsWith(visibleText(this.text)) ? fullText : this.text;
    const rest = afterVisible(whole, this.committed).trim();
    this.committed += visibleLength(rest);
    if (rest !== '') events.push(this.final(rest));
    return events;
  }

  /** The part of a segment spanning [start, end) that no final has carried yet. */
  private commitSpan(segment: VendorSegment, start: number, end: number): TranscriptEvent[] {
    if (end <= this.committed) return [];
    const alreadyCommitted = this.committed - start;
    this.committed = end;
    if (alreadyCommitted > 0) {
      const rest = afterVisible(segment.text, alreadyCommitted).trim();
      return rest === '' ? [] : [this.final(rest, undefined, segment.endMs)];
    }
    const text = segment.text.trim();
    return text === '' ? [] : [this.final(text, segment.startMs, segment.endMs)];
  }

  private sentences(): TranscriptEvent[] {
    if (this.vendorSegments) return [];
    const finals: TranscriptEvent[] = [];
    for (;;) {
      const pending = afterVisible(this.text, this.committed);
      const match = sentenceEnd.exec(pending);
      if (match === null) return finals;
      const sentence = pending.slice(0, match.index + match[0].length);
      this.committed += visibleLength(sentence);
      const text = sentence.trim();
      if (text !== '') finals.push(this.final(text));
    }
  }

  private partial(): TranscriptEvent[] {
    const pending = afterVisible(this.text, this.committed).trim();
    if (pending === this.shownPartial) return [];
    this.shownPartial = pending;
    return pending === '' ? [] : [{ type: 'partial', text: pending, language: this.language }];
  }

  private final(text: string, startMs?: number, endMs?: number): TranscriptEvent {
    this.shownPartial = '';
    return {
      type: 'final',
      text,
      ...(startMs === undefined ? {} : { startMs }),
      ...(endMs === undefined ? {} : { endMs }),
      language: this.language,
    };
  }
}

function visibleText(text: string): string {
  return text.replace(/\s+/gu, '');
}

function visibleLength(text: string): number {
  return [...visibleText(text)].length;
}

/** What follows the first `count` non-space characters of `text`. */
function afterVisible(text: string, count: number): string {
  let seen = 0;
  let index = 0;
  for (const character of text) {
    if (seen >= count) break;
    index += character.length;
    if (!/\s/u.test(character)) seen++;
  }
  return seen >= count ? text.slice(index) : '';
}
