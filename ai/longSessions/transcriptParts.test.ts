import { describe, expect, it } from 'vitest';
import { ContextTooSmallError } from '../generationErrors.ts';
import { randomSegments, seededRandom, syntheticMeeting } from '../testing/syntheticTranscripts.ts';
import { lineKey, ownedLines } from './lineOwnership.ts';
import { contentBudget, requestTokens } from './requestBudget.ts';
import { estimateTokens } from './tokenEstimate.ts';
import { numberedLine, renderLines, timedLine } from './transcriptLines.ts';
import type { LineFormat, TranscriptSegment } from './transcriptLines.ts';
import { partsFor } from './transcriptParts.ts';
import type { PartOptions, TranscriptPart } from './transcriptParts.ts';

const instructions = 'Summarise this part of the transcript. Write in the transcript’s language. '.repeat(6);

/** The request a part becomes: instructions, then the part's lines. */
function requestFor(part: TranscriptPart, format: LineFormat, answerTokens: number) {
  return {
    system: instructions,
    prompt: `Part of the transcript:\n${renderLines(part.lines, format)}`,
    maxOutputTokens: answerTokens,
  };
}

const promptTokens = estimateTokens(instructions) + estimateTokens('Part of the transcript:\n');

interface Case {
  seed: number;
  segments: TranscriptSegment[];
  options: PartOptions & { format: LineFormat };
  parts: TranscriptPart[];
}

function randomCase(seed: number): Case {
  const random = seededRandom(seed * 7919);
  const contextWindow = [2048, 4096, 8192, 32_768][Math.floor(random() * 4)] ?? 8192;
  const segments = randomSegments(seed, 20 + Math.floor(random() * 400));
  const options = {
    contextWindow,
    promptTokens,
    answerTokens: Math.floor(contextWindow * (0.1 + random() * 0.2)),
    overlapTokens: Math.floor(random() * 600),
    format: random() < 0.5 ? timedLine : numberedLine,
  };
  return { seed, segments, options, parts: partsFor(segments, options) };
}

const cases = Array.from({ length: 50 }, (_, index) => randomCase(index + 1));

describe('partsFor, on random transcripts in many scripts', () => {
  it.each(cases)('never makes a request longer than the context (seed $seed)', ({ parts, options }) => {
    for (const part of parts) {
      expect(requestTokens(requestFor(part, options.format, options.answerTokens))).toBeLessThanOrEqual(
        options.contextWindow,
      );
    }
  });

  it.each(cases)('keeps every part within its budget (seed $seed)', ({ parts, options }) => {
    const budget = contentBudget(options.contextWindow, options);
    for (const part of parts) {
      expect(part.tokens).toBeLessThanOrEqual(budget);
      expect(estimateTokens(renderLines(part.lines, options.format))).toBeLessThanOrEqual(part.tokens);
    }
  });

  it.each(cases)(
    'holds every segment, in order, and each whole unless it alone is too long (seed $seed)',
    ({ segments, parts, options }) => {
      const newLines = parts.flatMap((part) => part.lines.slice(part.overlap));
      const texts = new Map<number, string>();
      for (const line of newLines) {
        const before = texts.get(line.seq);
        const joiner = before === undefined ? '' : line.piece === undefined ? '' : ' ';
        texts.set(line.seq, (before ?? '') + joiner + line.text);
      }
      expect([...texts.keys()]).toEqual(segments.map((segment) => segment.seq));
      for (const segment of segments) {
        const pieces = newLines.filter((line) => line.seq === segment.seq);
        if (pieces.length === 1) {
          expect(pieces[0]?.text).toBe(segment.text.trim());
        } else {
          // Only a segment too long for a part is cut, and its pieces join back into it.
          expect(estimateTokens(options.format({ ...pieces[0]!, text: segment.text }))).toBeGreaterThan(
            contentBudget(options.contextWindow, options) - 1,
          );
          const joined = pieces.map((piece) => piece.text + (piece.piece?.spaceAfter ? ' ' : '')).join('');
          expect(joined.trim()).toBe(segment.text.trim());
          expect(pieces.map((piece) => piece.piece?.index)).toEqual(pieces.map((_, index) => index));
          expect(pieces.at(-1)?.endMs).toBe(segment.endMs);
          expect(pieces[0]?.startMs).toBe(segment.startMs);
        }
      }
    },
  );

  it.each(cases)(
    'overlaps parts only by the end of the part before, within the overlap (seed $seed)',
    ({ parts, options }) => {
      parts.forEach((part, index) => {
        expect(part.lines.length).toBeGreaterThan(part.overlap);
        if (index === 0) return expect(part.overlap).toBe(0);
        const previous = parts[index - 1]!;
        const repeated = part.lines.slice(0, part.overlap);
        expect(repeated).toEqual(previous.lines.slice(previous.lines.length - part.overlap));
        expect(part.overlap).toBeLessThanOrEqual(previous.lines.length - previous.overlap);
        const repeatedTokens = repeated.reduce(
          (sum, line) => sum + estimateTokens(options.format(line)) + 1,
          0,
        );
        expect(repeatedTokens).toBeLessThanOrEqual(options.overlapTokens);
      });
    },
  );

  it.each(cases)('gives each line to exactly one part to answer for (seed $seed)', ({ parts }) => {
    const owned = ownedLines(parts).flat().map(lineKey);
    const distinct = [...new Set(parts.flatMap((part) => part.lines.map(lineKey)))];
    expect(owned).toEqual(distinct);
  });
});

describe('partsFor', () => {
  const meeting = syntheticMeeting(60 * 60_000);

  it('makes one part of a transcript that fits', () => {
    const parts = partsFor(meeting, {
      contextWindow: 128_000,
      promptTokens,
      answerTokens: 4096,
      overlapTokens: 400,
    });
    expect(parts).toHaveLength(1);
    expect(parts[0]?.lines).toHaveLength(meeting.length);
    expect(parts[0]?.overlap).toBe(0);
  });

  it('cuts an hour for an 8k model into overlapping parts', () => {
    const parts = partsFor(meeting, {
      contextWindow: 8192,
      promptTokens,
      answerTokens: 2048,
      overlapTokens: 400,
    });
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.slice(1).every((part) => part.overlap > 0)).toBe(true);
  });

  it('makes no part of no transcript', () => {
    expect(
      partsFor([], { contextWindow: 8192, promptTokens, answerTokens: 2048, overlapTokens: 400 }),
    ).toEqual([]);
  });

  it('says the context is too small when the instructions and the answer leave no room for a line', () => {
    expect(() =>
      partsFor(meeting, { contextWindow: 2048, promptTokens: 1200, answerTokens: 700, overlapTokens: 0 }),
    ).toThrow(ContextTooSmallError);
  });

  it('cuts a Chinese segment without spaces inside its text', () => {
    const text = '我们同意将发布推迟到三月十四日因为测试团队发现了严重缺陷'.repeat(200);
    const parts = partsFor([{ seq: 0, text, startMs: 0, endMs: 600_000 }], {
      contextWindow: 4096,
      promptTokens,
      answerTokens: 1024,
      overlapTokens: 200,
    });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((part) => part.lines[0]?.text).join('')).toBe(text);
    expect(parts.every((part) => part.lines[0]?.piece?.spaceAfter === false)).toBe(true);
  });
});
