import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StreamedAnswer } from './streamedAnswer.ts';

function output(isTTY: boolean): { stream: PassThrough & { isTTY: boolean }; text: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (data: Buffer) => (text += data.toString()));
  return { stream, text: () => text };
}

describe('StreamedAnswer', () => {
  it('writes each new piece on a terminal, and the rest of the answer as saved when it goes on from there', () => {
    const { stream, text } = output(true);
    const answer = new StreamedAnswer(stream);
    answer.show('');
    expect(answer.started).toBe(false);
    answer.show('It is ');
    expect(text()).toBe('It is');
    answer.show('It is 40,000 euros [0:00:04] ');
    expect(answer.started).toBe(true);
    // The time that pointed at nothing, and the space before it, are gone from the saved answer.
    answer.finish('It is 40,000 euros [0:00:04].');
    expect(text()).toBe('It is 40,000 euros [0:00:04].\n');
  });

  it('ends the line of an answer that breaks off', () => {
    const { stream, text } = output(true);
    const answer = new StreamedAnswer(stream);
    answer.breakOff();
    answer.show('It is');
    answer.breakOff();
    answer.breakOff();
    expect(text()).toBe('It is\n');
  });

  it('says when the answer starts over, and gives the saved answer when its citations changed', () => {
    const { stream, text } = output(true);
    const answer = new StreamedAnswer(stream);
    answer.show('Half an');
    answer.show('It is 40,000 euros [0:00:04] [2:00:00].');
    answer.finish('It is 40,000 euros [0:00:04].');
    expect(text()).toBe(
      'Half an\n\n(The model was asked again; the answer starts over.)\n\n' +
        'It is 40,000 euros [0:00:04] [2:00:00].\n\n' +
        '(As saved, its citations checked against the transcript:)\n\nIt is 40,000 euros [0:00:04].\n',
    );
  });

  it('writes only the saved answer when the output is not a terminal', () => {
    const { stream, text } = output(false);
    const answer = new StreamedAnswer(stream);
    answer.show('It is ');
    answer.show('It is 40,000 euros [0:00:04] [2:00:00].');
    expect(answer.started).toBe(false);
    answer.finish('It is 40,000 euros [0:00:04].');
    expect(text()).toBe('It is 40,000 euros [0:00:04].\n');
  });
});
