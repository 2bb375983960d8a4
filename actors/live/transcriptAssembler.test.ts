import { describe, expect, it } from 'vitest';
import type { LiveToken } from '../../providers/contract.ts';
import { TranscriptAssembler } from './transcriptAssembler.ts';

const token = (text: string, startMs: number, endMs: number, speaker?: string): LiveToken => ({
  text,
  startMs,
  endMs,
  speaker,
});

describe('TranscriptAssembler with partial and final events', () => {
  it('shows partials as the tentative tail and commits each final once, placed in the session', () => {
    const assembler = new TranscriptAssembler();
    expect(assembler.accept({ type: 'partial', text: 'good mor' }, 500).tentative).toBe('good mor');
    const change = assembler.accept({ type: 'final', text: 'Good morning.', startMs: 100, endMs: 900 }, 1000);
    expect(change.committed).toEqual([
      { text: 'Good morning.', startMs: 100, endMs: 900, speaker: null, language: null },
    ]);
    expect(change.tentative).toBe('');
  });

  it('offsets the times of a new stream by where its audio starts', () => {
    const assembler = new TranscriptAssembler();
    assembler.accept({ type: 'final', text: 'one', startMs: 0, endMs: 2000 }, 2000);
    assembler.startStream(2000);
    const change = assembler.accept({ type: 'final', text: 'two', startMs: 100, endMs: 700 }, 3000);
    expect(change.committed[0]).toMatchObject({ startMs: 2100, endMs: 2700 });
  });

  it('places a final without times after the last commit, up to the audio sent', () => {
    const assembler = new TranscriptAssembler();
    assembler.accept({ type: 'final', text: 'one', startMs: 0, endMs: 1200 }, 1500);
    const change = assembler.accept({ type: 'final', text: 'two' }, 4000);
    expect(change.committed[0]).toMatchObject({ startMs: 1200, endMs: 4000 });
  });

  it('never lets a segment start before the previous one ended', () => {
    const assembler = new TranscriptAssembler();
    assembler.accept({ type: 'final', text: 'one', startMs: 0, endMs: 1000 }, 1000);
    const change = assembler.accept({ type: 'final', text: 'two', startMs: 800, endMs: 1500 }, 1500);
    expect(change.committed[0]).toMatchObject({ startMs: 1000, endMs: 1500 });
  });

  it('commits the tentative tail when asked (the provider never confirmed it)', () => {
    const assembler = new TranscriptAssembler();
    assembler.accept({ type: 'partial', text: 'last words' }, 2000);
    expect(assembler.commitTentative(2000)).toEqual([
      { text: 'last words', startMs: 0, endMs: 2000, speaker: null, language: null },
    ]);
    expect(assembler.tentative).toBe('');
  });
});

describe('TranscriptAssembler with tokens (P01)', () => {
  it('joins sub-word tokens and commits at a sentence end, never inside a word', () => {
    const assembler = new TranscriptAssembler();
    let change = assembler.accept(
      { type: 'tokens', final: [token('Hel', 0, 100)], tentative: [token('lo', 100, 200)] },
      300,
    );
    expect(change.committed).toEqual([]);
    expect(change.tentative).toBe('Hello');
    change = assembler.accept(
      {
        type: 'tokens',
        final: [token('lo', 100, 200), token(' world.', 200, 600)],
        tentative: [token(' How', 700, 900)],
      },
      1000,
    );
    expect(change.committed.map((segment) => segment.text)).toEqual(['Hello world.']);
    expect(change.committed[0]).toMatchObject({ startMs: 0, endMs: 600 });
    expect(change.tentative).toBe('How');
  });

  it('starts a new segment when the speaker changes', () => {
    const assembler = new TranscriptAssembler();
    const change = assembler.accept(
      {
        type: 'tokens',
        final: [token('Yes', 0, 300, '1'), token(' no', 400, 600, '2'), token(' maybe', 700, 900, '2')],
        tentative: [],
      },
      1000,
    );
    expect(change.committed.map((segment) => [segment.text, segment.speaker])).toEqual([
      ['Yes', '1'],
      ['no maybe', '2'],
    ]);
  });

  it('holds final tokens while a word may go on, and commits them once the utterance is over', () => {
    const assembler = new TranscriptAssembler();
    let change = assembler.accept(
      { type: 'tokens', final: [token(' inter', 0, 300)], tentative: [token('na', 300, 400)] },
      500,
    );
    expect(change.committed).toEqual([]);
    change = assembler.accept(
      { type: 'tokens', final: [token('na', 300, 400), token('tional', 400, 700)], tentative: [] },
      800,
    );
    expect(change.committed.map((segment) => segment.text)).toEqual(['international']);
  });

  it('commits long runs without punctuation at a word boundary, so nothing waits long unsaved', () => {
    const assembler = new TranscriptAssembler();
    const words = Array.from({ length: 12 }, (_, index) =>
      token(` w${index}`, index * 500, index * 500 + 400),
    );
    const change = assembler.accept(
      { type: 'tokens', final: words, tentative: [token(' next', 6000, 6200)] },
      6200,
    );
    expect(change.committed.length).toBeGreaterThan(0);
    for (const segment of change.committed) expect(segment.endMs - segment.startMs).toBeLessThanOrEqual(4400);
  });

  it('keeps CJK text together and segments it at sentence punctuation', () => {
    const assembler = new TranscriptAssembler();
    const change = assembler.accept(
      {
        type: 'tokens',
        final: [token('今天', 0, 400), token('天气', 400, 800), token('不错。', 800, 1200)],
        tentative: [token('我们', 1300, 1500)],
      },
      1600,
    );
    expect(change.committed.map((segment) => segment.text)).toEqual(['今天天气不错。']);
    expect(change.tentative).toBe('我们');
  });

  it('passes the translated line through apart from the original', () => {
    const assembler = new TranscriptAssembler();
    const change = assembler.accept({ type: 'translation', finalText: 'Bonjour', tentativeText: ' le' }, 100);
    expect(change.translation).toEqual({ finalText: 'Bonjour', tentativeText: ' le' });
    expect(change.committed).toEqual([]);
  });

  it('keeps a lost stream’s final tokens up to the last whole word, leaving the cut word to the replay', () => {
    const assembler = new TranscriptAssembler();
    assembler.accept(
      {
        type: 'tokens',
        final: [token('the', 0, 300), token(' quick', 400, 700), token(' bro', 800, 900)],
        tentative: [token('wn', 900, 1000)],
      },
      1000,
    );
    expect(assembler.closeStream(1000)).toEqual([
      {
        text: 'the quick',
        startMs: 0,
        endMs: 700,
        speaker: null,
        language: null,
        words: [
          { text: 'the', startMs: 0, endMs: 300 },
          { text: 'quick', startMs: 400, endMs: 700 },
        ],
      },
    ]);
    expect(assembler.tentative).toBe('');
  });
});

describe('TranscriptAssembler words', () => {
  it("places a final's words in the session as its segment is, keeping speaker and confidence", () => {
    const assembler = new TranscriptAssembler();
    assembler.startStream(2000);
    const change = assembler.accept(
      {
        type: 'final',
        text: 'Hello there.',
        startMs: 100,
        endMs: 900,
        speaker: 'Speaker 1',
        words: [
          { text: 'Hello', startMs: 100, endMs: 420, speaker: 'Speaker 1', confidence: 0.97 },
          // A score outside 0–1 is no probability, and is left out.
          { text: ' there.', startMs: 480, endMs: 900, confidence: 7.5 },
          { text: ' ', startMs: 900, endMs: 900 },
        ],
      },
      3000,
    );
    expect(change.committed).toEqual([
      {
        text: 'Hello there.',
        startMs: 2100,
        endMs: 2900,
        speaker: 'Speaker 1',
        language: null,
        words: [
          { text: 'Hello', startMs: 2100, endMs: 2420, speaker: 'Speaker 1', confidence: 0.97 },
          { text: 'there.', startMs: 2480, endMs: 2900 },
        ],
      },
    ]);
    // A final without word times gives its segment none.
    const untimed = assembler.accept(
      { type: 'final', text: 'Untimed.', startMs: 900, endMs: 1500, words: [] },
      3500,
    );
    expect(untimed.committed).toEqual([
      { text: 'Untimed.', startMs: 2900, endMs: 3500, speaker: null, language: null },
    ]);
    expect(untimed.committed[0]).not.toHaveProperty('words');
  });

  it("joins P01's sub-word tokens into words: first token's start, last token's end, their speaker", () => {
    const assembler = new TranscriptAssembler();
    assembler.startStream(10_000);
    const change = assembler.accept(
      {
        type: 'tokens',
        final: [
          token('Hel', 0, 100, '1'),
          token('lo', 100, 200, '1'),
          token(' wor', 250, 400, '1'),
          token('ld', 400, 550, '1'),
          token('.', 550, 600, '1'),
        ],
        tentative: [],
      },
      11_000,
    );
    expect(change.committed).toEqual([
      {
        text: 'Hello world.',
        startMs: 10_000,
        endMs: 10_600,
        speaker: '1',
        language: null,
        words: [
          { text: 'Hello', startMs: 10_000, endMs: 10_200, speaker: '1' },
          { text: 'world.', startMs: 10_250, endMs: 10_600, speaker: '1' },
        ],
      },
    ]);
  });

  it('leaves out a token word it cannot time rather than guess', () => {
    const assembler = new TranscriptAssembler();
    const change = assembler.accept(
      { type: 'tokens', final: [{ text: 'Um' }, token(' yes.', 300, 600)], tentative: [] },
      1000,
    );
    expect(change.committed[0]?.words).toEqual([{ text: 'yes.', startMs: 300, endMs: 600 }]);
  });
});
