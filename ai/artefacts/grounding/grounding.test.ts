import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../longSessions/transcriptLines.ts';
import { groundChapters } from './chapterGrounding.ts';
import { groundCitations } from './citationGrounding.ts';
import { SegmentTimeline } from './segmentTimeline.ts';
import { lineQuoted } from './quoteGrounding.ts';

/** Five segments: 0:00:02–0:00:09, 0:00:10.4–0:00:19, 0:00:20–0:00:29, then after a pause 0:05:00–0:05:09 and 0:05:10–0:05:30. */
const segments: TranscriptSegment[] = [
  { seq: 0, text: 'Good morning.', startMs: 2_000, endMs: 9_000, speaker: 'Ana' },
  { seq: 1, text: 'The budget is agreed.', startMs: 10_400, endMs: 19_000, speaker: 'Bob' },
  { seq: 2, text: 'Hiring starts in May.', startMs: 20_000, endMs: 29_000, speaker: 'Ana' },
  { seq: 3, text: 'Any other business?', startMs: 300_000, endMs: 309_000, speaker: null },
  { seq: 4, text: 'No. Thank you all.', startMs: 310_000, endMs: 330_000, speaker: 'Bob' },
];
const timeline = new SegmentTimeline(segments);
const chapter = (title: string, startMs: number) => ({ title, startMs, summary: `On ${title}.` });

describe('groundChapters', () => {
  it('snaps each start to the nearest segment start and covers the session without gaps', () => {
    const chapters = groundChapters(
      [chapter('Budget', 12_000), chapter('Hiring', 21_000), chapter('Close', 299_000)],
      timeline,
    );
    expect(chapters.map(({ title, startMs, endMs }) => [title, startMs, endMs])).toEqual([
      ['Budget', 2_000, 20_000],
      ['Hiring', 20_000, 300_000],
      ['Close', 300_000, 330_000],
    ]);
  });

  it('drops a chapter beyond the session’s end and keeps one start once', () => {
    const chapters = groundChapters(
      [
        chapter('Opening', 0),
        chapter('Budget', 10_000),
        chapter('Also budget', 11_000),
        chapter('Invented', 2 * 3_600_000),
      ],
      timeline,
    );
    expect(chapters.map((entry) => entry.title)).toEqual(['Opening', 'Budget']);
    expect(chapters.at(-1)?.endMs).toBe(330_000);
  });

  it('orders chapters the model gave out of order', () => {
    const chapters = groundChapters([chapter('Close', 310_000), chapter('Opening', 2_000)], timeline);
    expect(chapters.map((entry) => [entry.title, entry.startMs])).toEqual([
      ['Opening', 2_000],
      ['Close', 310_000],
    ]);
  });

  it('gives nothing when every chapter points outside the session', () => {
    expect(groundChapters([chapter('Invented', 3_600_000)], timeline)).toEqual([]);
  });
});

describe('groundCitations', () => {
  it('turns a cited time into the segment that starts in that second, with its words and speaker', () => {
    // 0:00:10 is still inside nothing; the line stamped 0:00:10 is the one starting at 10.4 s.
    const { text, citations } = groundCitations('The budget is agreed [0:00:10].', timeline);
    expect(text).toBe('The budget is agreed [0:00:10].');
    expect(citations).toEqual([
      { quote: 'The budget is agreed.', speaker: 'Bob', seq: 1, startMs: 10_400, endMs: 19_000 },
    ]);
  });

  it('moves a time inside a segment to that segment’s start', () => {
    const { text, citations } = groundCitations('Hiring starts in May [0:00:25].', timeline);
    expect(text).toBe('Hiring starts in May [0:00:20].');
    expect(citations.map((citation) => citation.seq)).toEqual([2]);
  });

  it('takes out a time that points at nothing: beyond the end, or far from any segment', () => {
    const { text, citations } = groundCitations(
      'Launch is in June [1:30:00]. A pause [0:02:30]. Thanks [0:05:10].',
      timeline,
    );
    expect(text).toBe('Launch is in June. A pause. Thanks [0:05:10].');
    expect(citations.map((citation) => citation.seq)).toEqual([4]);
  });

  it('cites a segment once, in order of first mention, and reads several times in one pair of brackets', () => {
    const { text, citations } = groundCitations(
      'Both [0:00:20, 0:00:10; 2:00:00] and again [0:00:20].',
      timeline,
    );
    expect(text).toBe('Both [0:00:20, 0:00:10] and again [0:00:20].');
    expect(citations.map((citation) => citation.seq)).toEqual([2, 1]);
  });

  it('reads MM:SS too', () => {
    expect(groundCitations('Close [05:00]', timeline).citations.map((citation) => citation.seq)).toEqual([3]);
  });
});

describe('lineQuoted', () => {
  const lines = [
    { seq: 0, text: 'We looked at the numbers.' },
    { seq: 1, text: 'The budget is approved;' },
    { seq: 2, text: 'I send it to finance today.' },
    { seq: 3, text: '我们讨论了预算。' },
  ];

  it('finds a quote whatever its case, punctuation and spacing, in the line where it starts', () => {
    expect(lineQuoted('the BUDGET is approved', lines)).toEqual({ line: lines[1], exact: true });
    expect(lineQuoted('approved. I send it', lines)).toEqual({ line: lines[1], exact: true });
    expect(lineQuoted('讨论了预算', lines)).toEqual({ line: lines[3], exact: true });
  });

  it('snaps a quote to the line holding nearly all its words, and finds nothing for words not said', () => {
    expect(lineQuoted('I send it over to finance today', lines)).toEqual({ line: lines[2], exact: false });
    expect(lineQuoted('The budget was rejected outright', lines)).toBeUndefined();
    expect(lineQuoted('...', lines)).toBeUndefined();
  });
});
