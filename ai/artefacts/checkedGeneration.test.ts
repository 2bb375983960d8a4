import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContextTooSmallError, InvalidAnswerError } from '../generationErrors.ts';
import { ModelOutputRejected } from '../modelFunctions.ts';
import type { GenerateStructured, StreamText, StructuredRequest } from '../modelFunctions.ts';
import { generateChecked, streamChecked } from './checkedGeneration.ts';

const schema = z.object({ summary: z.string().min(1) });
const request = {
  artefact: 'the summary',
  contextWindow: 8192,
  system: 'Summarise.',
  prompt: 'The transcript.',
  schema,
  maxOutputTokens: 500,
  signal: new AbortController().signal,
};

/** A model that gives the scripted answers in turn (an Error is thrown) and keeps what it was asked. */
function scripted(...answers: unknown[]) {
  const prompts: string[] = [];
  const generate = (<T>(sent: StructuredRequest<T>): Promise<T> => {
    prompts.push(sent.prompt);
    const answer = answers.shift();
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as T);
  }) as GenerateStructured;
  return { generate, prompts };
}

describe('generateChecked', () => {
  it('returns a valid answer after one call', async () => {
    const model = scripted({ summary: 'Budget agreed.' });
    await expect(generateChecked(model.generate, request)).resolves.toEqual({ summary: 'Budget agreed.' });
    expect(model.prompts).toHaveLength(1);
  });

  it('checks the answer itself, and asks once more with the complaint when it is not valid', async () => {
    const model = scripted({ summary: '' }, { summary: 'Budget agreed.' });
    await expect(generateChecked(model.generate, request)).resolves.toEqual({ summary: 'Budget agreed.' });
    expect(model.prompts).toHaveLength(2);
    expect(model.prompts[1]).toContain('The transcript.');
    expect(model.prompts[1]).toMatch(/Your previous answer could not be used: .*summary/);
  });

  it('repairs an answer the provider could not read as the shape', async () => {
    const model = scripted(new ModelOutputRejected('{"summ', 'Unexpected end of JSON input'), {
      summary: 'Fine.',
    });
    await expect(generateChecked(model.generate, request)).resolves.toEqual({ summary: 'Fine.' });
    expect(model.prompts[1]).toContain('Unexpected end of JSON input');
  });

  it('fails with a message for the user when the repaired answer is not valid either', async () => {
    const model = scripted({ summary: '' }, { wrong: true });
    const failure = await generateChecked(model.generate, request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidAnswerError);
    expect((failure as InvalidAnswerError).userMessage).toMatch(
      /^The model did not give a usable answer for the summary/,
    );
    expect(model.prompts).toHaveLength(2);
  });

  it('leaves the vendor’s errors (a 429, a refused key) to the job, without a repair', async () => {
    const vendorError = new Error('429 Too Many Requests');
    const model = scripted(vendorError);
    await expect(generateChecked(model.generate, request)).rejects.toBe(vendorError);
    expect(model.prompts).toHaveLength(1);
  });

  it('sends no request longer than the context', async () => {
    const model = scripted({ summary: 'x' });
    await expect(
      generateChecked(model.generate, { ...request, maxOutputTokens: 8192 }),
    ).rejects.toBeInstanceOf(ContextTooSmallError);
    expect(model.prompts).toHaveLength(0);
  });

  it('keeps the repair note within the room every request keeps for it', async () => {
    const model = scripted(new ModelOutputRejected('', 'why '.repeat(5000)), { summary: 'x' });
    await generateChecked(model.generate, { ...request, contextWindow: 1000, maxOutputTokens: 500 });
    expect(model.prompts[1]?.length).toBeLessThan(2000);
  });
});

describe('streamChecked', () => {
  function streaming(...answers: string[][]) {
    const sent: string[] = [];
    const stream: StreamText = async function* (textRequest) {
      sent.push(textRequest.prompt);
      for (const piece of answers.shift() ?? []) yield await Promise.resolve(piece);
    };
    return { stream, sent };
  }
  const textRequest = { ...request, schema: undefined };

  it('passes the text on as it comes and returns it whole', async () => {
    const model = streaming(['It was ', 'agreed [0:01:00].']);
    const pieces: string[] = [];
    await expect(
      streamChecked(model.stream, textRequest, { onText: (text) => pieces.push(text) }),
    ).resolves.toBe('It was agreed [0:01:00].');
    expect(pieces).toEqual(['It was ', 'agreed [0:01:00].']);
  });

  it('asks again after an empty answer, says the streamed text is withdrawn, then fails visibly', async () => {
    const model = streaming([' '], []);
    let restarts = 0;
    const failure = await streamChecked(model.stream, textRequest, { onRestart: () => restarts++ }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(InvalidAnswerError);
    expect(restarts).toBe(1);
    expect(model.sent[1]).toContain('the answer was empty');
  });
});
