import type { Segment } from '../records.ts';
import { codePointLength } from '../transcriptText.ts';
import { clockTime } from './clockTime.ts';

/** Longer cues are split: players show a cue as one block, and readers lose track of long ones. */
export const longestCueMs = 7_000;
/** Two subtitle lines of 42 characters, the common broadcast limit. */
export const longestCueCharacters = 84;

export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
  speaker: string | null;
}

/**
 * The cues of a transcript: one per segment, or several for a segment longer than a cue may be.
 * A long segment is cut between words (between characters for text written without spaces) into
 * pieces of about equal length, each timed in proportion to its share of the text, so the pieces
 * follow one another without gaps and the last one ends where the segment did.
 */
export function cuesOf(segments: readonly Segment[]): Cue[] {
  return segments.flatMap((segment) => {
    const text = segment.text.trim().replace(/\s+/g, ' ');
    if (text === '') return [];
    const speaker = segment.speaker?.trim() || null;
    const pieces = Math.max(
      1,
      Math.ceil((segment.endMs - segment.startMs) / longestCueMs),
      Math.ceil(codePointLength(text) / longestCueCharacters),
    );
    if (pieces === 1) return [{ startMs: segment.startMs, endMs: segment.endMs, text, speaker }];
    return splitText(text, pieces).map((piece) => ({
      startMs: segment.startMs + Math.round((segment.endMs - segment.startMs) * piece.from),
      endMs: segment.startMs + Math.round((segment.endMs - segment.startMs) * piece.to),
      text: piece.text,
      speaker,
    }));
  });
}

interface TextPiece {
  text: string;
  /** Where the piece starts and ends, as fractions of the whole text. */
  from: number;
  to: number;
}

/**
 * Up to `pieces` runs of whole words (or characters): each word goes to the piece its middle falls
 * in. A piece begins where the previous one ended, so the cues follow one another without gaps.
 */
function splitText(text: string, pieces: number): TextPiece[] {
  const spaced = text.includes(' ');
  const words = spaced ? text.split(' ') : [...text];
  const separator = spaced ? ' ' : '';
  const total = codePointLength(text);
  const runs: Array<{ words: string[]; piece: number; from: number; to: number }> = [];
  let offset = 0;
  for (const word of words) {
    const length = codePointLength(word);
    const piece = Math.min(pieces - 1, Math.floor(((offset + length / 2) / total) * pieces));
    const current = runs.at(-1);
    if (current?.piece === piece) {
      current.words.push(word);
      current.to = offset + length;
    } else {
      runs.push({ words: [word], piece, from: current?.to ?? 0, to: offset + length });
    }
    offset += length + separator.length;
  }
  return runs.map((run, index) => ({
    text: run.words.join(separator),
    from: run.from / total,
    to: index === runs.length - 1 ? 1 : run.to / total,
  }));
}

/** SubRip: numbered cues, `00:00:01,000 --> 00:00:04,000`, the speaker before the text. */
export function toSrt(segments: readonly Segment[]): string {
  return cuesOf(segments)
    .map(
      (cue, index) =>
        `${index + 1}\n${clockTime(cue.startMs, ',')} --> ${clockTime(cue.endMs, ',')}\n` +
        `${cue.speaker === null ? '' : `${cue.speaker}: `}${cue.text}\n`,
    )
    .join('\n');
}

/** WebVTT: `00:00:01.000 --> 00:00:04.000`, the speaker as a voice tag. */
export function toVtt(segments: readonly Segment[]): string {
  const cues = cuesOf(segments).map(
    (cue) =>
      `${clockTime(cue.startMs, '.')} --> ${clockTime(cue.endMs, '.')}\n` +
      `${cue.speaker === null ? '' : `<v ${escapeVtt(cue.speaker)}>`}${escapeVtt(cue.text)}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

/** Cue text is markup in WebVTT: `<` would open a tag, `&` an entity, and `-->` end the timing. */
function escapeVtt(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
