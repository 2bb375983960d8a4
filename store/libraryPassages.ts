import type { Segment, SessionRecord } from './records.ts';

/**
 * The passages of the library that bear on a question, found without a model: the sessions the
 * full-text index ranks best for the question's terms, then in each the segments holding those
 * terms, each with a few segments on either side so the words around a hit come along. A term
 * found in few segments counts for more than one found everywhere, and a passage counts each term
 * it holds once, so a passage that holds several of the question's words beats one that repeats
 * one of them.
 */

/** Which sessions a question is asked of; every one when empty. Times are ms since the epoch. */
export interface LibraryFilter {
  topicId?: string;
  tagId?: string;
  /** Sessions that started at or after this. */
  fromMs?: number;
  /** Sessions that started at or before this. */
  toMs?: number;
}

export interface PassageLine {
  seq: number;
  startMs: number;
  endMs: number;
  speaker: string | null;
  text: string;
}

/** Consecutive segments of one session, around one or more of its segments that hold a term. */
export interface LibraryPassage {
  sessionId: string;
  sessionTitle: string;
  /** When the session started, ms since the epoch. */
  sessionStartedAt: number;
  startMs: number;
  endMs: number;
  lines: PassageLine[];
  /** The question's terms the passage holds. */
  terms: string[];
}

/** Segments taken on either side of a segment that holds a term. */
export const passageRadius = 2;

/** One session gives at most this many passages, so one long meeting cannot crowd out the rest. */
const passagesPerSession = 4;

export function matchesLibraryFilter(session: SessionRecord, filter: LibraryFilter): boolean {
  return (
    (filter.topicId === undefined || session.topicId === filter.topicId) &&
    (filter.tagId === undefined || session.tagIds.includes(filter.tagId)) &&
    (filter.fromMs === undefined || session.startedAt >= filter.fromMs) &&
    (filter.toMs === undefined || session.startedAt <= filter.toMs)
  );
}

/**
 * The best `maxPassages` passages of `sessions` (in the index's order, best first) for `terms`
 * (lower-cased words or stems, or Chinese/Japanese character pairs), best first.
 */
export function passagesIn(
  terms: readonly string[],
  sessions: ReadonlyArray<{ session: SessionRecord; segments: readonly Segment[] }>,
  maxPassages: number,
): LibraryPassage[] {
  const found = sessions.map(({ session, segments }) => ({
    session,
    segments,
    termsBySegment: segments.map((segment) => termsIn(segment.text, terms)),
  }));
  const weights = termWeights(
    terms,
    found.flatMap((entry) => entry.termsBySegment),
  );
  const scored = found.flatMap(({ session, segments, termsBySegment }, sessionRank) =>
    passagesOfSession(session, segments, termsBySegment, weights).map((passage) => ({
      ...passage,
      sessionRank,
    })),
  );
  return scored
    .sort((left, right) => right.score - left.score || left.sessionRank - right.sessionRank)
    .slice(0, maxPassages)
    .map(({ passage }) => passage);
}

function termsIn(text: string, terms: readonly string[]): string[] {
  const folded = text.toLowerCase();
  return terms.filter((term) => folded.includes(term));
}

/** A term in few of the segments searched weighs more (inverse document frequency). */
function termWeights(
  terms: readonly string[],
  termsBySegment: ReadonlyArray<readonly string[]>,
): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of terms) {
    const holding = termsBySegment.filter((found) => found.includes(term)).length;
    weights.set(term, Math.log(1 + termsBySegment.length / (1 + holding)));
  }
  return weights;
}

function passagesOfSession(
  session: SessionRecord,
  segments: readonly Segment[],
  termsBySegment: ReadonlyArray<readonly string[]>,
  weights: ReadonlyMap<string, number>,
): Array<{ passage: LibraryPassage; score: number }> {
  const weightOf = (found: Iterable<string>): number =>
    [...found].reduce((sum, term) => sum + (weights.get(term) ?? 0), 0);
  const hits = termsBySegment
    .map((found, index) => ({ index, score: weightOf(found) }))
    .filter((hit) => hit.score > 0)
    .sort((left, right) => right.score - left.score || left.index - right.index);
  const windows: Array<{ first: number; last: number; hitScores: number[] }> = [];
  for (const hit of hits) {
    const holding = windows.find((window) => hit.index >= window.first && hit.index <= window.last);
    if (holding !== undefined) {
      holding.hitScores.push(hit.score);
      continue;
    }
    if (windows.length === passagesPerSession) continue;
    // A window stops short of its neighbours', so no line is sent twice.
    const first = Math.max(
      0,
      hit.index - passageRadius,
      ...windows.filter((window) => window.last < hit.index).map((window) => window.last + 1),
    );
    const last = Math.min(
      hit.index + passageRadius,
      segments.length - 1,
      ...windows.filter((window) => window.first > hit.index).map((window) => window.first - 1),
    );
    windows.push({ first, last, hitScores: [hit.score] });
  }
  return windows.map(({ first, last, hitScores }) => {
    const lines = segments.slice(first, last + 1);
    const held = new Set(termsBySegment.slice(first, last + 1).flat());
    // Each term counts once; further hits in the same passage add a little.
    const score = weightOf(held) + hitScores.slice(1).reduce((sum, hitScore) => sum + hitScore / 4, 0);
    return {
      score,
      passage: {
        sessionId: session.id,
        sessionTitle: session.title,
        sessionStartedAt: session.startedAt,
        startMs: lines[0]?.startMs ?? 0,
        endMs: lines.reduce((end, line) => Math.max(end, line.endMs), 0),
        lines: lines.map(({ seq, startMs, endMs, speaker, text }) => ({
          seq,
          startMs,
          endMs,
          speaker,
          text,
        })),
        terms: [...held],
      },
    };
  });
}
