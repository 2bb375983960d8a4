import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GenerationError, InvalidAnswerError } from '../generationErrors.ts';
import type { GenerateStructured, StructuredRequest } from '../modelFunctions.ts';
import { scriptedModel } from '../testing/scriptedModel.ts';
import { syntheticMeeting } from '../testing/syntheticTranscripts.ts';
import type { GenerationRun } from './generationRun.ts';
import { generateDigest } from './sessionDigest.ts';

const hour = syntheticMeeting(60 * 60_000);

/** The scripted model behind a wrapper that sees each request (and may change the answer). */
function watched(
  contextWindow: number,
  change: <T>(answer: T, request: StructuredRequest<T>) => unknown = (answer) => answer,
) {
  const model = scriptedModel(contextWindow);
  const requests: Array<StructuredRequest<unknown>> = [];
  let parts = 0;
  const generateStructured = (async <T>(request: StructuredRequest<T>): Promise<T> => {
    requests.push(request);
    return change(await model.generateStructured(request), request) as T;
  }) as GenerateStructured;
  const run: GenerationRun = {
    generateStructured,
    limits: { contextWindow, maxOutputTokens: 4096 },
    signal: new AbortController().signal,
    onProgress: (_, of) => (parts = of),
  };
  return { run, requests, parts: () => parts };
}

const fieldsOf = (request: StructuredRequest<unknown>): string[] =>
  request.schema instanceof z.ZodObject ? Object.keys(request.schema.shape) : [];

describe('generateDigest', () => {
  it('asks only for what was asked, and ranks keywords without combining calls', async () => {
    const { run, requests, parts } = watched(8192);
    const digest = await generateDigest(hour, run, ['keywords']);
    expect(Object.keys(digest)).toEqual(['keywords']);
    expect(requests).toHaveLength(parts());
    expect(requests.every((request) => fieldsOf(request).join() === 'keywords')).toBe(true);
    expect(digest.keywords).toEqual(['budget', 'hiring', 'roadmap']);
  });

  it('asks a part for the requested fields together', async () => {
    const { run, requests } = watched(128_000);
    const digest = await generateDigest(hour, run, ['summary', 'mindMap']);
    expect(Object.keys(digest).sort()).toEqual(['mindMap', 'summary']);
    expect(fieldsOf(requests[0]!).sort()).toEqual(['outline', 'summary']);
  });

  it('puts the topic’s and the user’s instructions and the chosen language into the request', async () => {
    const { run, requests } = watched(128_000);
    await generateDigest(
      hour,
      {
        ...run,
        prompts: {
          topic: 'lecture',
          overrides: { summary: 'Exactly three bullet points.' },
          outputLanguage: 'Spanish',
        },
      },
      ['summary', 'actionItems'],
    );
    const system = requests[0]?.system ?? '';
    expect(system).toContain('- "summary": Exactly three bullet points.');
    expect(system).toContain('assignment, reading, exercise');
    expect(system).toContain('Write in Spanish.');
  });

  it('counts a chapter that two overlapping parts both saw once', async () => {
    // Each part's notes open with a chapter at the first line they see, which in a later part is a
    // line the part before answers for; the combining answer here keeps every chapter it is given.
    const { run, parts } = watched(8192, (answer, request) =>
      request.system.startsWith('You combine')
        ? {
            chapters: [...request.prompt.matchAll(/^- \[(\d+:\d\d:\d\d)\] (\w+): (.*)$/gm)].map(
              ([, start, title, summary]) => ({ start, title, summary }),
            ),
          }
        : answer,
    );
    const { chapters } = await generateDigest(hour, run, ['chapters']);
    expect(parts()).toBeGreaterThan(2);
    expect(chapters?.map((chapter) => Math.round(chapter.startMs / 60_000))).toEqual([0, 20, 40]);
  });

  it('falls back on the parts’ chapters when the combined ones point at nothing', async () => {
    const { run } = watched(8192, (answer, request) =>
      request.system.startsWith('You combine')
        ? { ...(answer as object), chapters: [{ title: 'Invented', start: '9:00:00', summary: '' }] }
        : answer,
    );
    const { chapters } = await generateDigest(hour, run, ['chapters']);
    expect(chapters?.map((chapter) => chapter.title)).toEqual(['budget', 'hiring', 'roadmap']);
  });

  it('fails visibly when every chapter points at nothing', async () => {
    const { run } = watched(128_000, (answer) => ({
      ...(answer as object),
      chapters: [{ title: 'Invented', start: '9:00:00', summary: '' }],
    }));
    await expect(generateDigest(hour, run, ['chapters'])).rejects.toBeInstanceOf(InvalidAnswerError);
  });

  it('fails visibly when the answer is not valid after a repair', async () => {
    const { run, requests } = watched(128_000, () => ({ summary: '' }));
    await expect(generateDigest(hour, run, ['summary'])).rejects.toThrow(
      /did not give a usable answer for the summary/,
    );
    expect(requests).toHaveLength(2);
  });

  it('refuses a session without a transcript', async () => {
    const { run, requests } = watched(8192);
    await expect(generateDigest([{ seq: 0, text: ' ', startMs: 0, endMs: 1 }], run)).rejects.toBeInstanceOf(
      GenerationError,
    );
    expect(requests).toHaveLength(0);
  });
});
