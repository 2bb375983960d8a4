import type { Segment } from './records.ts';

/** A session's speaker names by the label its segments carry: `{"Speaker 1": "Alice"}`. */
export type SpeakerNames = Readonly<Record<string, string>>;

/** A speaker as a session shows it: the label its segments carry and the name given to it, if any. */
export interface SessionSpeaker {
  label: string;
  name: string | null;
}

/** The longest name a speaker may be given: a name, not a paragraph. */
export const longestSpeakerName = 100;

/** Each distinct speaker label of the segments, in order of first appearance, with its name. */
export function speakersOf(segments: readonly Segment[], names: SpeakerNames): SessionSpeaker[] {
  const labels = new Set(segments.flatMap((segment) => (segment.speaker === null ? [] : [segment.speaker])));
  return [...labels].map((label) => ({ label, name: names[label] ?? null }));
}

/** The name shown for a label: the one given to it, else the label itself. */
export function shownSpeaker(label: string | null, names: SpeakerNames): string | null {
  return label === null ? null : (names[label] ?? label);
}

/**
 * The segments as a reader is shown them: each speaker label replaced by its name. For exports and
 * AI prompts, which quote speakers but never write segments back.
 */
export function withSpeakerNames(segments: readonly Segment[], names: SpeakerNames): Segment[] {
  if (Object.keys(names).length === 0) return [...segments];
  return segments.map((segment) => ({ ...segment, speaker: shownSpeaker(segment.speaker, names) }));
}
