import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelOutputRejected } from '../modelFunctions.ts';
import { readStructuredAnswer } from './structuredAnswer.ts';

const schema = z.object({ summary: z.string().min(1), keywords: z.array(z.string()) });

async function rejection(answer: Promise<unknown>): Promise<ModelOutputRejected> {
  const error = await answer.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ModelOutputRejected);
  return error as ModelOutputRejected;
}

describe('reading a structured answer', () => {
  it('gives the object the schema makes of it, defaults and transforms applied', async () => {
    const trimmed = z.object({ summary: z.string().trim(), keywords: z.array(z.string()).default([]) });
    await expect(readStructuredAnswer('{"summary": " ok "}', trimmed, 'stop')).resolves.toEqual({
      summary: 'ok',
      keywords: [],
    });
  });

  it('rejects a shape the schema refuses with the text and each complaint’s path', async () => {
    const text = '{"summary": "", "keywords": "budget"}';
    const rejected = await rejection(readStructuredAnswer(text, schema, 'stop'));
    expect(rejected.text).toBe(text);
    expect(rejected.reason).toMatch(/summary/);
    expect(rejected.reason).toMatch(/keywords/);
  });

  it('says when the answer was cut off at its limit or stopped by a filter', async () => {
    const cut = await rejection(readStructuredAnswer('{"summary": "The bud', schema, 'length'));
    expect(cut.reason).toMatch(/^the answer was cut off at its token limit; the answer is not valid JSON/);
    const filtered = await rejection(readStructuredAnswer('', schema, 'content-filter'));
    expect(filtered.reason).toBe("the vendor's content filter stopped the answer; the answer was empty");
  });
});
