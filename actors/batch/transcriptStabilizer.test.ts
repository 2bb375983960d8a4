import { describe, expect, it } from 'vitest';
import { joinSegmentTexts } from '../../store/transcriptText.ts';
import { TranscriptStabilizer } from './transcriptStabilizer.ts';
import type { StabilizerUpdate, WindowPass, WindowSegment } from './windowTranscript.ts';

/** A word as [text, startMs, endMs]. */
type Timed = [string, number, number];

function timedSegment(words: Timed[]): WindowSegment {
  return {
    text: words.map(([text]) => text).join(' '),
    startMs: words[0]?.[1] ?? 0,
    endMs: words.at(-1)?.[2] ?? 0,
    words: words.map(([text, startMs, endMs]) => ({ text, startMs, endMs })),
  };
}

function timedPass(windowStartMs: number, windowEndMs: number, words: Timed[]): WindowPass {
  return { windowStartMs, windowEndMs, segments: words.length === 0 ? [] : [timedSegment(words)] };
}

/** Segments as [text, startMs, endMs], without word timestamps. */
function textPass(windowStartMs: number, windowEndMs: number, ...segments: Timed[]): WindowPass {
  return {
    windowStartMs,
    windowEndMs,
    segments: segments.map(([text, startMs, endMs]) => ({ text, startMs, endMs })),
  };
}

/** Feeds passes, then flushes; returns every update and the committed transcript. */
function run(stabilizer: TranscriptStabilizer, passes: WindowPass[]) {
  const updates: StabilizerUpdate[] = passes.map((pass) => stabilizer.accept(pass));
  updates.push(stabilizer.flush());
  const transcript = joinSegmentTexts(updates.flatMap((update) => update.committed.map(({ text }) => text)));
  return { updates, transcript };
}

const committedText = (update: StabilizerUpdate | undefined) =>
  joinSegmentTexts(update?.committed.map(({ text }) => text) ?? []);

describe('TranscriptStabilizer with word timestamps', () => {
  it('commits what two passes agree on as the window grows, and the tail at flush', () => {
    const stabilizer = new TranscriptStabilizer({ tentativeDisplay: { kind: 'all' } });
    const { updates, transcript } = run(stabilizer, [
      timedPass(0, 1500, [
        ['the', 0, 300],
        ['quick', 350, 700],
      ]),
      timedPass(0, 3000, [
        ['the', 0, 300],
        ['quick', 350, 700],
        ['brown', 800, 1200],
        ['fox', 1300, 1700],
      ]),
      timedPass(0, 4500, [
        ['the', 0, 300],
        ['quick', 350, 700],
        ['brown', 800, 1200],
        ['fox', 1300, 1700],
        ['jumps', 1800, 2300],
      ]),
    ]);
    expect(updates.map(committedText)).toEqual(['', 'the quick', 'brown fox', 'jumps']);
    expect(updates.map((update) => update.tentative)).toEqual(['the quick', 'brown fox', 'jumps', '']);
    expect(updates[1]?.committed).toEqual([
      {
        text: 'the quick',
        startMs: 0,
        endMs: 700,
        words: [
          { text: 'the', startMs: 0, endMs: 300 },
          { text: 'quick', startMs: 350, endMs: 700 },
        ],
      },
    ]);
    expect(transcript).toBe('the quick brown fox jumps');
  });

  it('waits while the last words are revised and commits the latest spelling', () => {
    const stabilizer = new TranscriptStabilizer({ tentativeDisplay: { kind: 'all' } });
    const { updates, transcript } = run(stabilizer, [
      timedPass(0, 1500, [
        ['I', 0, 200],
        ['want', 250, 500],
        ['to', 550, 700],
        ['sea', 750, 1000],
      ]),
      timedPass(0, 3000, [
        ['i', 0, 200],
        ['want', 250, 500],
        ['to', 550, 700],
        ['see', 750, 1000],
        ['them', 1100, 1400],
      ]),
      timedPass(0, 4500, [
        ['I', 0, 200],
        ['want', 250, 500],
        ['to', 550, 700],
        ['see', 750, 1000],
        ['the', 1100, 1300],
        ['movie.', 1350, 1900],
      ]),
    ]);
    expect(updates.map(committedText)).toEqual(['', 'i want to', 'see', 'the movie.']);
    expect(updates[1]?.tentative).toBe('see them');
    expect(transcript).toBe('i want to see the movie.');
  });

  it('agrees across punctuation and case changes and commits the newer spelling', () => {
    const stabilizer = new TranscriptStabilizer();
    const { updates } = run(stabilizer, [
      timedPass(0, 1500, [
        ['hello', 0, 400],
        ['world', 450, 900],
      ]),
      timedPass(0, 3000, [
        ['Hello,', 0, 400],
        ['world.', 450, 900],
        ['How', 1200, 1400],
      ]),
    ]);
    expect(committedText(updates[1])).toBe('Hello, world.');
  });

  it('starts a new committed segment after a sentence end', () => {
    const stabilizer = new TranscriptStabilizer();
    const words: Timed[] = [
      ['Stop.', 0, 400],
      ['Go', 600, 900],
      ['now', 950, 1200],
      ['please', 1300, 1700],
    ];
    stabilizer.accept(timedPass(0, 1800, words));
    const update = stabilizer.accept(timedPass(0, 3000, words));
    expect(update.committed.map(({ words: _words, ...segment }) => segment)).toEqual([
      { text: 'Stop.', startMs: 0, endMs: 400 },
      { text: 'Go now please', startMs: 600, endMs: 1700 },
    ]);
    expect(update.committed.map((segment) => segment.words?.map((word) => word.text))).toEqual([
      ['Stop.'],
      ['Go', 'now', 'please'],
    ]);
  });

  it('skips re-transcribed committed words by time, keeping repeated phrases whole', () => {
    const spoken: Timed[] = [
      ['yes', 0, 300],
      ['yes', 350, 650],
      ['yes', 700, 1000],
      ['the', 1100, 1250],
      ['the', 1300, 1450],
      ['end', 1500, 1900],
    ];
    const heard = (endMs: number): Timed[] => spoken.filter(([, , wordEnd]) => wordEnd <= endMs);
    const stabilizer = new TranscriptStabilizer();
    // The window is never trimmed: every pass re-covers everything committed so far.
    const { transcript } = run(stabilizer, [
      timedPass(0, 700, heard(700)),
      timedPass(0, 1100, heard(1100)),
      timedPass(0, 1460, heard(1460)),
      timedPass(0, 2000, heard(2000)),
      timedPass(0, 2400, heard(2400)),
    ]);
    expect(transcript).toBe('yes yes yes the the end');
  });

  it('reports trimBeforeMs just before the end of the last committed word, never past the next one', () => {
    const stabilizer = new TranscriptStabilizer();
    stabilizer.accept(
      timedPass(0, 1500, [
        ['one', 0, 400],
        ['two', 500, 900],
      ]),
    );
    const update = stabilizer.accept(
      timedPass(0, 3000, [
        ['one', 0, 400],
        ['two', 500, 900],
        ['three', 880, 1400],
      ]),
    );
    expect(committedText(update)).toBe('one two');
    // 150 ms before the next word's start (880 ms), which overlaps the committed word's end.
    expect(update.trimBeforeMs).toBe(730);
    // Nothing newly committed: nothing new to trim.
    const later = stabilizer.accept(
      timedPass(730, 3500, [
        ['tree', 880, 1400],
        ['four', 1500, 1900],
      ]),
    );
    expect(later.committed).toEqual([]);
    expect(later.trimBeforeMs).toBeUndefined();
  });

  it('continues without duplicates or drops once the window is trimmed where it said', () => {
    const stabilizer = new TranscriptStabilizer();
    const first = timedPass(0, 1500, [
      ['we', 0, 300],
      ['said', 350, 700],
      ['no', 800, 1100],
    ]);
    stabilizer.accept(first);
    const second = stabilizer.accept(
      timedPass(0, 3000, [
        ['we', 0, 300],
        ['said', 350, 700],
        ['no', 800, 1100],
        ['no', 1200, 1500],
      ]),
    );
    expect(committedText(second)).toBe('we said no');
    expect(second.trimBeforeMs).toBe(950);
    const third = stabilizer.accept(
      timedPass(950, 4500, [
        ['no', 1200, 1500],
        ['again', 1600, 2000],
      ]),
    );
    expect(committedText(third)).toBe('no');
    expect(stabilizer.flush().committed.map(({ text }) => text)).toEqual(['again']);
  });
});

describe("TranscriptStabilizer's committed words", () => {
  it('gives each committed segment the words the provider timed, with their speaker and confidence', () => {
    const stabilizer = new TranscriptStabilizer({ agreementPasses: 1 });
    const update = stabilizer.accept({
      windowStartMs: 0,
      windowEndMs: 2000,
      segments: [
        {
          text: 'Yes, indeed.',
          startMs: 100,
          endMs: 1500,
          words: [
            { text: ' Yes,', startMs: 100, endMs: 450, speaker: 'SPEAKER_00', confidence: 0.91 },
            { text: ' indeed.', startMs: 600, endMs: 1500, confidence: 0.5 },
          ],
        },
      ],
    });
    expect(update.committed).toEqual([
      {
        text: 'Yes, indeed.',
        startMs: 100,
        endMs: 1500,
        words: [
          { text: 'Yes,', startMs: 100, endMs: 450, speaker: 'SPEAKER_00', confidence: 0.91 },
          { text: 'indeed.', startMs: 600, endMs: 1500, confidence: 0.5 },
        ],
      },
    ]);
  });

  it('passes no estimated time off as the provider’s: words it did not time are left out', () => {
    const stabilizer = new TranscriptStabilizer({ agreementPasses: 1 });
    const update = stabilizer.accept({
      windowStartMs: 0,
      windowEndMs: 3000,
      segments: [
        { text: 'Only text here.', startMs: 0, endMs: 1000 },
        {
          text: 'Half timed.',
          startMs: 1000,
          endMs: 2000,
          words: [{ text: 'Half' }, { text: 'timed.', startMs: 1500, endMs: 2000 }],
        },
      ],
    });
    expect(update.committed.map((segment) => segment.text)).toEqual(['Only text here.', 'Half timed.']);
    expect(update.committed[0]).not.toHaveProperty('words');
    expect(update.committed[1]?.words).toEqual([{ text: 'timed.', startMs: 1500, endMs: 2000 }]);
  });
});

describe('TranscriptStabilizer without word timestamps', () => {
  it('commits agreed words and trims only at the end of a fully committed segment', () => {
    const stabilizer = new TranscriptStabilizer();
    stabilizer.accept(textPass(0, 1500, ['Good morning every', 0, 1400]));
    const second = stabilizer.accept(textPass(0, 3000, ['Good morning, everyone.', 0, 2200]));
    expect(committedText(second)).toBe('Good morning,');
    expect(second.trimBeforeMs).toBeUndefined();
    const third = stabilizer.accept(
      textPass(0, 4500, ['Good morning, everyone.', 0, 2200], ['Let us start', 2500, 3900]),
    );
    expect(committedText(third)).toBe('everyone.');
    expect(third.trimBeforeMs).toBe(2200);
    // The window now starts at 2200 ms: nothing it holds was committed.
    const fourth = stabilizer.accept(textPass(2200, 6000, ['Let us start with', 2500, 4600]));
    expect(committedText(fourth)).toBe('Let us start');
    expect(stabilizer.flush().committed.map(({ text }) => text)).toEqual(['with']);
  });

  it('never trims at the end of a segment that reaches the window’s end (it may hide a cut word)', () => {
    const stabilizer = new TranscriptStabilizer();
    stabilizer.accept(textPass(0, 1500, ['one two', 0, 1500]));
    const update = stabilizer.accept(textPass(0, 3000, ['one two', 0, 3000]));
    expect(committedText(update)).toBe('one two');
    expect(update.trimBeforeMs).toBeUndefined();
  });

  it('skips committed text an untrimmed window covers again, repeated words included', () => {
    const stabilizer = new TranscriptStabilizer();
    const { transcript } = run(stabilizer, [
      textPass(0, 1500, ['yes yes', 0, 1400]),
      textPass(0, 3000, ['Yes, yes, yes the', 0, 2900]),
      textPass(0, 4500, ['Yes, yes, yes. The the end', 0, 4400]),
      textPass(0, 6000, ['Yes, yes, yes. The the end. Thank', 0, 5900]),
    ]);
    expect(transcript).toBe('Yes, yes, yes. The the end. Thank');
  });

  it('keeps a new pass that begins like the committed text ends when its window holds none of it', () => {
    const stabilizer = new TranscriptStabilizer();
    stabilizer.accept(textPass(0, 1500, ['yes yes.', 0, 1000]));
    const second = stabilizer.accept(textPass(0, 3000, ['yes yes.', 0, 1000], ['yes', 1200, 1400]));
    expect(committedText(second)).toBe('yes yes.');
    expect(second.trimBeforeMs).toBe(1000);
    const third = stabilizer.accept(textPass(1000, 4500, ['Yes okay', 1200, 2000]));
    expect(committedText(third)).toBe('Yes');
    expect(joinSegmentTexts(stabilizer.flush().committed.map(({ text }) => text))).toBe('okay');
  });

  it('joins Chinese without spaces and compares it character by character', () => {
    const stabilizer = new TranscriptStabilizer();
    const { updates, transcript } = run(stabilizer, [
      textPass(0, 1500, ['今天天', 0, 1400]),
      textPass(0, 3000, ['今天天气很', 0, 2900]),
      textPass(0, 4500, ['今天天气很好。我们', 0, 4400]),
      textPass(0, 6000, ['今天天气很好。我们去公园', 0, 5900]),
    ]);
    expect(updates.map(committedText)).toEqual(['', '今天天', '气很', '好。我们', '去公园']);
    expect(updates[2]?.committed.map(({ text }) => text)).toEqual(['气很']);
    expect(updates[3]?.committed.map(({ text }) => text)).toEqual(['好。', '我们']);
    expect(transcript).toBe('今天天气很好。我们去公园');
  });

  it('keeps the provider’s own spacing between Latin and CJK words', () => {
    const stabilizer = new TranscriptStabilizer();
    stabilizer.accept(textPass(0, 1500, ['我用Python写代码', 0, 1400]));
    const update = stabilizer.accept(textPass(0, 3000, ['我用Python写代码', 0, 1400]));
    expect(committedText(update)).toBe('我用Python写代码');
  });
});

describe('TranscriptStabilizer over a rolling window', () => {
  // "Speech" at 400 ms a word, with repeats at the window boundaries.
  const script =
    'yes yes yes I think that that is right . we we should go go now . the the plan is is fine . ' +
    'okay okay okay let us start again from the the top and then then finish .';
  const spoken: Timed[] = [];
  for (const token of script.split(' ')) {
    const last = spoken.at(-1);
    if (token === '.' && last !== undefined) last[0] += '.';
    else spoken.push([token, spoken.length * 400, spoken.length * 400 + 320]);
  }
  const spokenText = spoken.map(([text]) => text).join(' ');

  /** What a recogniser hears in [startMs, endMs): whole words only, the last one often misheard. */
  const heard = (startMs: number, endMs: number, passNumber: number): Timed[] => {
    const words = spoken.filter(([, start, end]) => start >= startMs && end <= endMs);
    const last = words.at(-1);
    if (last !== undefined && passNumber % 3 === 1) words[words.length - 1] = ['uh', last[1], last[2]];
    return words;
  };

  /** One provider segment per sentence, timed, words untimed. */
  const sentences = (words: Timed[]): Timed[] => {
    const segments: Timed[][] = [[]];
    for (const word of words) {
      segments.at(-1)?.push(word);
      if (word[0].endsWith('.')) segments.push([]);
    }
    return segments
      .filter((segment) => segment.length > 0)
      .map((segment) => [
        segment.map(([text]) => text).join(' '),
        segment[0]?.[1] ?? 0,
        segment.at(-1)?.[2] ?? 0,
      ]);
  };

  const simulate = (timed: boolean, maxWindowMs: number) => {
    const stabilizer = new TranscriptStabilizer();
    const texts: string[] = [];
    let trimMs = 0;
    const endOfSpeechMs = (spoken.at(-1)?.[2] ?? 0) + 500;
    for (let nowMs = 1500, passNumber = 0; nowMs <= endOfSpeechMs + 1500; nowMs += 1500, passNumber++) {
      const startMs = Math.max(trimMs, nowMs - maxWindowMs);
      const words = heard(startMs, nowMs, passNumber);
      const pass = timed ? timedPass(startMs, nowMs, words) : textPass(startMs, nowMs, ...sentences(words));
      const update = stabilizer.accept(pass);
      texts.push(...update.committed.map(({ text }) => text));
      if (update.trimBeforeMs !== undefined) trimMs = update.trimBeforeMs;
    }
    texts.push(...stabilizer.flush().committed.map(({ text }) => text));
    return joinSegmentTexts(texts);
  };

  it('reproduces the speech exactly with word timestamps, trimmed or not', () => {
    expect(simulate(true, 45_000)).toBe(spokenText);
    expect(simulate(true, 4_000)).toBe(spokenText);
  });

  it('reproduces the speech exactly from text alone', () => {
    expect(simulate(false, 45_000)).toBe(spokenText);
  });
});

describe('TranscriptStabilizer.promptText', () => {
  it('gives the most recent committed words that fit', () => {
    const stabilizer = new TranscriptStabilizer();
    expect(stabilizer.promptText()).toBe('');
    const words: Timed[] = [
      ['alpha', 0, 300],
      ['beta', 400, 700],
      ['gamma', 800, 1100],
      ['delta', 1200, 1500],
    ];
    stabilizer.accept(timedPass(0, 1600, words));
    stabilizer.accept(timedPass(0, 1700, words));
    expect(stabilizer.promptText()).toBe('alpha beta gamma delta');
    expect(stabilizer.promptText(12)).toBe('gamma delta');
    expect(stabilizer.promptText(3)).toBe('');
  });
});

describe('TranscriptStabilizer options', () => {
  it('waits for three agreeing passes with agreementPasses 3', () => {
    const stabilizer = new TranscriptStabilizer({ agreementPasses: 3 });
    const words: Timed[] = [['hi', 0, 300]];
    expect(committedText(stabilizer.accept(timedPass(0, 1000, words)))).toBe('');
    expect(committedText(stabilizer.accept(timedPass(0, 2000, words)))).toBe('');
    expect(committedText(stabilizer.accept(timedPass(0, 3000, words)))).toBe('hi');
  });

  it('refuses a non-positive number of passes', () => {
    expect(() => new TranscriptStabilizer({ agreementPasses: 0 })).toThrow(/agreementPasses/);
  });
});

describe('TranscriptStabilizer tentative display', () => {
  const passes = [
    timedPass(0, 3000, [
      ['we', 0, 300],
      ['met', 400, 800],
      ['at', 900, 1100],
      ['the', 1200, 1400],
      ['bar', 2300, 2900],
    ]),
    timedPass(0, 4500, [
      ['we', 0, 300],
      ['met', 400, 800],
      ['at', 900, 1100],
      ['the', 1200, 1400],
      ['park', 2300, 2900],
      ['gate', 3000, 3400],
      ['yes', 3500, 4400],
    ]),
  ];

  it('shows by default only uncommitted words ending at least 1 s before the window’s end', () => {
    const { updates } = run(new TranscriptStabilizer(), passes);
    expect(updates.map((update) => update.tentative)).toEqual(['we met at the', 'park gate', '']);
  });

  it('never changes what is committed or when', () => {
    const shown = run(new TranscriptStabilizer(), passes);
    const all = run(new TranscriptStabilizer({ tentativeDisplay: { kind: 'all' } }), passes);
    expect(shown.updates.map(committedText)).toEqual(all.updates.map(committedText));
    expect(shown.updates.map((update) => update.trimBeforeMs)).toEqual(
      all.updates.map((update) => update.trimBeforeMs),
    );
    expect(all.updates.map((update) => update.tentative)).toEqual(['we met at the bar', 'park gate yes', '']);
  });

  it('takes a settling margin in milliseconds', () => {
    const stabilizer = new TranscriptStabilizer({ tentativeDisplay: { kind: 'settled', marginMs: 0 } });
    expect(run(stabilizer, passes).updates[1]?.tentative).toBe('park gate yes');
  });

  it('estimates the end of words the provider did not time from their segment', () => {
    const stabilizer = new TranscriptStabilizer();
    const update = stabilizer.accept(textPass(0, 4000, ['one two three four', 0, 4000]));
    expect(update.tentative).toBe('one two three');
  });

  it('with repeated, shows the tail up to the last word the previous pass also heard', () => {
    const stabilizer = new TranscriptStabilizer({ tentativeDisplay: { kind: 'repeated' } });
    const updates = [
      timedPass(0, 3000, [
        ['see', 0, 300],
        ['the', 400, 600],
        ['sea', 700, 900],
      ]),
      timedPass(0, 4500, [
        ['see', 0, 300],
        ['a', 400, 600],
        ['sea', 700, 900],
        ['shell', 1000, 1400],
      ]),
    ].map((pass) => stabilizer.accept(pass));
    expect(updates.map((update) => update.tentative)).toEqual(['', 'a sea']);
  });
});

describe('TranscriptStabilizer keeping the window near its target', () => {
  /** One word a second, each 600 ms long: word k from k s to k s + 600 ms. */
  const wordsFrom = (fromS: number, toS: number, text = (second: number) => `w${second}`): Timed[] =>
    Array.from({ length: toS - fromS }, (_, index) => {
      const second = fromS + index;
      return [text(second), second * 1000, second * 1000 + 600];
    });

  it.each([
    { heardContextMs: 0, cutFromMs: 10_000, nextStartMs: 10_450, nextFromS: 10 },
    { heardContextMs: 4_000, cutFromMs: 6_000, nextStartMs: 6_450, nextFromS: 6 },
  ])(
    'commits, unagreed, the words of a long window that end well before its end, and cuts the window after them less $heardContextMs ms heard again',
    ({ heardContextMs, cutFromMs, nextStartMs, nextFromS }) => {
      const stabilizer = new TranscriptStabilizer({
        windowTargetMs: 10_000,
        settledAfterMs: 3_000,
        heardContextMs,
      });
      const update = stabilizer.accept(timedPass(0, 14_000, wordsFrom(0, 14)));
      // w0…w10 end by 10.6 s ≤ 14 s − 3 s; w11 ends at 11.6 s, too close to the end to be sure of.
      expect(committedText(update)).toBe(
        wordsFrom(0, 11)
          .map(([text]) => text)
          .join(' '),
      );
      expect(update.trimBeforeMs).toBeGreaterThan(cutFromMs);
      expect(update.trimBeforeMs).toBeLessThanOrEqual(cutFromMs + 600);
      // The next pass starts at the cut: what it hears again of the committed words is skipped;
      // w11–w13 agree with the long pass's uncommitted tail, so they are committed as usual, and w14 waits.
      const next = stabilizer.accept(timedPass(nextStartMs, 15_500, wordsFrom(nextFromS, 15)));
      expect(committedText(next)).toBe('w11 w12 w13');
      expect(committedText(stabilizer.flush())).toBe('w14');
    },
  );

  it('without word times, heard context leaves the cut at the committed segments', () => {
    const stabilizer = new TranscriptStabilizer({
      windowTargetMs: 10_000,
      settledAfterMs: 3_000,
      heardContextMs: 4_000,
    });
    const update = stabilizer.accept(
      textPass(
        0,
        16_000,
        ['one two three', 0, 5_000],
        ['four five', 5_500, 12_500],
        ['six seven', 13_000, 16_000],
      ),
    );
    expect(update.trimBeforeMs).toBe(12_500);
  });

  it('leaves a window within its target to agreement alone', () => {
    const stabilizer = new TranscriptStabilizer({ windowTargetMs: 10_000, settledAfterMs: 3_000 });
    const update = stabilizer.accept(timedPass(0, 9_000, wordsFrom(0, 9)));
    expect(update.committed).toEqual([]);
    expect(update.trimBeforeMs).toBeUndefined();
  });

  it('without a target, a long window waits for agreement however long it grows (the old behaviour)', () => {
    const stabilizer = new TranscriptStabilizer();
    expect(stabilizer.accept(timedPass(0, 40_000, wordsFrom(0, 40))).committed).toEqual([]);
  });

  it('commits whole segments where the provider timed only segments, never one running to the window end', () => {
    const stabilizer = new TranscriptStabilizer({ windowTargetMs: 10_000, settledAfterMs: 3_000 });
    const update = stabilizer.accept(
      textPass(
        0,
        16_000,
        ['one two three', 0, 5_000],
        ['four five', 5_500, 12_500],
        ['six seven', 13_000, 16_000],
      ),
    );
    expect(committedText(update)).toBe('one two three four five');
    expect(update.trimBeforeMs).toBe(12_500);
    const onlyText = new TranscriptStabilizer({ windowTargetMs: 10_000, settledAfterMs: 3_000 });
    expect(
      onlyText.accept(textPass(0, 16_000, ['one two three four five six seven', 0, 16_000])).committed,
    ).toEqual([]);
  });
});
