import { expect, it } from 'vitest';

import { type Turn, TurnEvents } from './turnEvents.ts';

function turn(order: number, transcript: string, options: Partial<Turn> = {}): Turn {
  const words = transcript
    .split(' ')
    .filter((word) => word !== '')
    .map((text, index) => ({
      text,
      start: order * 1000 + index * 100,
      end: order * 1000 + index * 100 + 90,
    }));
  return {
    turn_order: order,
    turn_is_formatted: false,
    end_of_turn: false,
    transcript,
    words,
    language_code: null,
    ...options,
  };
}

const ended = { end_of_turn: true };
const formatted = { end_of_turn: true, turn_is_formatted: true };

it('shows the unformatted end of turn as a partial and commits the formatted copy', () => {
  const turns = new TurnEvents(true);
  expect(turns.turn(turn(0, 'good', { transcript: '' }))).toEqual([
    { type: 'partial', text: 'good', startMs: 0, endMs: 90, language: null },
  ]);
  expect(turns.turn(turn(0, 'good afternoon', ended))).toEqual([
    expect.objectContaining({ type: 'partial', text: 'good afternoon' }),
  ]);
  expect(turns.turn(turn(0, 'Good afternoon.', formatted))).toEqual([
    {
      type: 'final',
      text: 'Good afternoon.',
      startMs: 0,
      endMs: 190,
      language: null,
      words: [
        { text: 'Good', startMs: 0, endMs: 90 },
        { text: 'afternoon.', startMs: 100, endMs: 190 },
      ],
    },
  ]);
  expect(turns.terminated()).toEqual([]);
});

it('commits an unformatted end of turn when the stream ends before its formatted copy', () => {
  const turns = new TurnEvents(true);
  turns.turn(turn(0, 'last words', ended));
  expect(turns.terminated()).toEqual([expect.objectContaining({ type: 'final', text: 'last words' })]);
  expect(turns.terminated()).toEqual([]);
});

it('commits an unformatted end of turn when the next turn starts first, and ignores its late copy', () => {
  const turns = new TurnEvents(true);
  turns.turn(turn(0, 'first turn', ended));
  expect(turns.turn(turn(1, 'second'))).toEqual([
    expect.objectContaining({ type: 'final', text: 'first turn' }),
    expect.objectContaining({ type: 'partial', text: 'second' }),
  ]);
  expect(turns.turn(turn(0, 'First turn.', formatted))).toEqual([]);
});

it('commits each end of turn at once when the model sends no formatted copy', () => {
  const turns = new TurnEvents(false);
  expect(turns.turn(turn(0, 'Hello there.', ended))).toEqual([
    expect.objectContaining({ type: 'final', text: 'Hello there.' }),
  ]);
  expect(turns.turn(turn(0, 'Hello there.', formatted))).toEqual([]);
});

it('reports nothing for an empty turn and passes the detected language on', () => {
  const turns = new TurnEvents(true);
  expect(turns.turn(turn(0, ''))).toEqual([]);
  expect(turns.turn(turn(0, 'Hola.', { ...formatted, language_code: 'es' }))).toEqual([
    expect.objectContaining({ type: 'final', language: 'es' }),
  ]);
});

it('labels a final with the turn’s speaker and each word with its own, as speaker_labels sends them', () => {
  const turns = new TurnEvents(false);
  const said = turn(0, 'Yes, indeed.', { ...ended, speaker_label: 'B' });
  said.words = said.words.map((word) => ({ ...word, speaker: 'B', confidence: 0.8 }));
  expect(turns.turn(said)).toEqual([
    expect.objectContaining({
      type: 'final',
      speaker: 'B',
      words: [
        { text: 'Yes,', startMs: 0, endMs: 90, speaker: 'B', confidence: 0.8 },
        { text: 'indeed.', startMs: 100, endMs: 190, speaker: 'B', confidence: 0.8 },
      ],
    }),
  ]);
});
