import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../longSessions/transcriptLines.ts';
import type { GenerateStructured, StructuredRequest } from '../modelFunctions.ts';
import type { GenerationRun } from './generationRun.ts';
import { correctTranscript, translateTranscript } from './transcriptRewrite.ts';

const segments: TranscriptSegment[] = Array.from({ length: 80 }, (_, seq) => ({
  seq,
  text: `line ${seq} says what was said here`,
  startMs: seq * 5_000,
  endMs: seq * 5_000 + 4_000,
}));

/**
 * A model that answers each numbered line with "<text> (part N)", where N counts its calls, after
 * `edit` has had its way with the answer; it keeps the numbers each call was sent.
 */
function numberedModel(
  edit: (lines: Array<{ seq: number; text: string }>, call: number) => typeof lines = (lines) => lines,
) {
  const sent: number[][] = [];
  const generateStructured = (<T>(request: StructuredRequest<T>): Promise<T> => {
    const lines = [...request.prompt.matchAll(/^#(\d+) (.*)$/gm)].map(([, seq, text]) => ({
      seq: Number(seq),
      text: `${text} (part ${sent.length})`,
    }));
    sent.push(lines.map((line) => line.seq));
    return Promise.resolve(request.schema.parse({ lines: edit(lines, sent.length - 1) }));
  }) as GenerateStructured;
  const run: GenerationRun = {
    generateStructured,
    limits: { contextWindow: 2048, maxOutputTokens: 4096 },
    signal: new AbortController().signal,
  };
  return { run, sent };
}

describe('correctTranscript', () => {
  it('gives every segment once, in order, an overlapped line from the part that answers for it', async () => {
    const { run, sent } = numberedModel();
    const corrected = await correctTranscript(segments, run);
    expect(sent.length).toBeGreaterThan(2);
    expect(corrected.map((entry) => entry.seq)).toEqual(segments.map((segment) => segment.seq));

    const partOf = (seq: number) => Number(/\(part (\d+)\)$/.exec(corrected[seq]?.text ?? '')?.[1]);
    for (let part = 1; part < sent.length; part++) {
      const shared = (sent[part] ?? []).filter((seq) => sent[part - 1]?.includes(seq));
      expect(shared.length).toBeGreaterThan(0);
      const earlierKeeps = Math.ceil(shared.length / 2);
      expect(shared.map(partOf)).toEqual(shared.map((_, index) => (index < earlierKeeps ? part - 1 : part)));
    }
  });

  it('drops a number the model made up and keeps the text of a line it left out', async () => {
    const { run } = numberedModel((lines, call) => [
      ...lines.filter((line) => !(call === 0 && line.seq === 3)),
      { seq: 9_999, text: 'invented' },
    ]);
    const corrected = await correctTranscript(segments, run);
    expect(corrected).toHaveLength(segments.length);
    expect(corrected.some((entry) => entry.text === 'invented')).toBe(false);
    expect(corrected[3]).toEqual({ seq: 3, text: 'line 3 says what was said here' });
  });

  it('takes an overlapped line from the other part when the part that answers for it left it out', async () => {
    const first = numberedModel();
    await correctTranscript(segments, first.run);
    const shared = (first.sent[1] ?? []).filter((seq) => first.sent[0]?.includes(seq));
    const ownedByFirst = shared[0] ?? -1;

    const { run } = numberedModel((lines, call) =>
      lines.filter((line) => !(call === 0 && line.seq === ownedByFirst)),
    );
    const corrected = await correctTranscript(segments, run);
    expect(corrected[ownedByFirst]?.text).toMatch(/\(part 1\)$/);
  });

  it('takes the first of two answers for one line, and keeps a line answered with nothing', async () => {
    const { run } = numberedModel((lines) => [
      { seq: 0, text: 'first' },
      { seq: 0, text: 'second' },
      { seq: 1, text: ' ' },
      ...lines.slice(2),
    ]);
    const corrected = await correctTranscript(segments, run);
    expect(corrected[0]?.text).toBe('first');
    expect(corrected[1]?.text).toBe('line 1 says what was said here');
  });

  it('joins the pieces of a segment too long for one part back into that segment', async () => {
    const long = { seq: 0, text: 'word '.repeat(3000).trim(), startMs: 0, endMs: 600_000 };
    const { run, sent } = numberedModel((lines) =>
      lines.map((line) => ({ ...line, text: line.text.replace(/ \(part \d+\)$/, '').toUpperCase() })),
    );
    const corrected = await correctTranscript(
      [long, { seq: 1, text: 'after', startMs: 600_000, endMs: 601_000 }],
      run,
    );
    expect(sent.length).toBeGreaterThan(2);
    expect(corrected).toEqual([
      { seq: 0, text: 'WORD '.repeat(3000).trim() },
      { seq: 1, text: 'AFTER' },
    ]);
  });
});

describe('translateTranscript', () => {
  it('names the target language in the instructions', async () => {
    let system = '';
    const generateStructured = (<T>(request: StructuredRequest<T>): Promise<T> => {
      system = request.system;
      return Promise.resolve(request.schema.parse({ lines: [{ seq: 0, text: 'Guten Morgen.' }] }));
    }) as GenerateStructured;
    const translated = await translateTranscript(
      [{ seq: 0, text: 'Good morning.', startMs: 0, endMs: 1_000 }],
      'German',
      {
        generateStructured,
        limits: { contextWindow: 8192, maxOutputTokens: 4096 },
        signal: new AbortController().signal,
      },
    );
    expect(system).toContain('into German');
    expect(translated).toEqual([{ seq: 0, text: 'Guten Morgen.' }]);
  });
});
