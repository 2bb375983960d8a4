import { generateText, Output, streamText, tool } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AiProviderConfig } from '../../ai/providers/aiProviderConfig.ts';
import { checkAiProviderConfig } from '../../ai/providers/aiProviderConfigCheck.ts';
import { aiProviderKinds } from '../../ai/providers/aiProviderKinds.ts';
import { classifyAiError, type AiErrorClassification } from '../../ai/providers/classifyAiError.ts';
import { languageModelFor } from '../../ai/providers/languageModel.ts';
import { testAiProvider } from '../../ai/providers/testAiProvider.ts';
import { aiFakeFixtures } from '../fakes/ai/aiFakeFixtures.ts';
import type { OllamaFake } from '../fakes/ai/ollamaFake.ts';
import type { FakeAiServer } from '../fakes/ai/scriptedAnswers.ts';
import { closedPort } from '../support/closedPort.ts';
import { captureConsole } from '../support/consoleCapture.ts';

/**
 * One suite for every kind of AI provider, each against its vendor's protocol-faithful fake
 * (test/fakes/ai/): the same promises, through the AI SDK model that languageModelFor builds, and
 * the same error classification the AI jobs act on.
 */

const chapterSchema = z.object({
  title: z.string(),
  startMs: z.number(),
  points: z.array(z.string()),
});
const chapter = {
  title: 'Budget',
  startMs: 61_000,
  points: ['Travel is cut by 10%', 'Hiring waits until May'],
};
/** Longer than the fakes' tiny context, shorter than any real one. */
const longPrompt = `Summarise this meeting: ${'we talked about the budget for next year and more. '.repeat(20)}`;

it('has a fake for every kind', () => {
  expect(aiFakeFixtures.map((fixture) => fixture.kind).sort()).toEqual([...aiProviderKinds].sort());
});

/** Everything written to the console while a case runs, to hold that no key is ever logged. */
const logged = captureConsole();

describe.each(aiFakeFixtures)('$kind', (fixture) => {
  let fake: FakeAiServer;
  let config: AiProviderConfig;

  beforeAll(async () => {
    fake = await fixture.start();
    config = parsed(fixture.config(fake));
  });
  afterAll(() => fake.close());
  afterEach(() => {
    expect(logged.text()).not.toContain(fixture.key);
  });

  /** The error a call throws, classified as the jobs will see it. */
  async function failure(call: Promise<unknown>, settings = config): Promise<AiErrorClassification> {
    const error = await call.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error, 'the call should have failed').toBeDefined();
    const classification = classifyAiError(error, settings, 'work');
    expect(classification.message).not.toContain(fixture.key);
    return classification;
  }

  it('answers a plain prompt with the model’s text', async () => {
    fake.answerNext({ text: 'The budget was approved.' });
    const sent = fake.requests.length;
    const { text, usage } = await generateText({
      model: languageModelFor(config),
      prompt: 'What was decided?',
    });
    expect(text).toBe('The budget was approved.');
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(JSON.stringify(fake.requests.slice(sent))).toContain('What was decided?');
  });

  it('streams the text in pieces that add up to the answer', async () => {
    fake.answerNext({ text: 'First the budget, then the hiring plan, then questions.' });
    const pieces: string[] = [];
    const result = streamText({ model: languageModelFor(config), prompt: 'List the agenda.' });
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('First the budget, then the hiring plan, then questions.');
    expect((await result.usage).inputTokens).toBeGreaterThan(0);
  });

  it('returns a structured object checked against a zod schema, asked for with the vendor’s JSON-schema support', async () => {
    fake.answerNext({ object: chapter });
    const sent = fake.requests.length;
    const { output } = await generateText({
      model: languageModelFor(config),
      output: Output.object({ schema: chapterSchema }),
      prompt: 'The first chapter, as JSON.',
    });
    expect(output).toEqual(chapter);
    const [request] = fake.requests.slice(sent);
    expect(fixture.asksForSchema(request?.body ?? {}), JSON.stringify(request?.body)).toBe(true);
  });

  it('reports a tool call with its arguments', async () => {
    fake.answerNext({ toolCall: { name: 'findSegment', input: { query: 'budget' } } });
    const { toolCalls } = await generateText({
      model: languageModelFor(config),
      prompt: 'Where is the budget discussed?',
      tools: {
        findSegment: tool({ description: 'Finds a segment', inputSchema: z.object({ query: z.string() }) }),
      },
    });
    expect(toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'findSegment', input: { query: 'budget' } },
    ]);
  });

  it('streams a tool call with its arguments', async () => {
    fake.answerNext({ toolCall: { name: 'findSegment', input: { query: 'hiring' } } });
    const result = streamText({
      model: languageModelFor(config),
      prompt: 'Where is hiring discussed?',
      tools: {
        findSegment: tool({ description: 'Finds a segment', inputSchema: z.object({ query: z.string() }) }),
      },
    });
    const toolCalls = await result.toolCalls;
    expect(toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'findSegment', input: { query: 'hiring' } },
    ]);
  });

  it('passes a test of its settings', async () => {
    const check = await testAiProvider(fixture.config(fake), new AbortController().signal, 'work');
    expect(check.ok, check.message).toBe(true);
    expect(check.message).toContain(config.model);
    expect(check.message).not.toContain(fixture.key);
  });

  it('classifies a refused key as permanent, says how to fix it, and never shows the key', async () => {
    const wrongKey = `${fixture.key.slice(0, -4)}XXXX`;
    const settings = parsed({ ...fixture.config(fake), apiKey: wrongKey });
    const classification = classifyAiError(
      await generateText({ model: languageModelFor(settings), prompt: 'hello', maxRetries: 0 }).then(
        () => undefined,
        (error: unknown) => error,
      ),
      settings,
      'work',
    );
    expect(classification).toMatchObject({ kind: 'bad_key', transient: false });
    expect(classification.message).toContain(`earshot ai set ${fixture.kind} --name work apiKey=`);
    expect(classification.message).not.toContain(wrongKey);
    const check = await testAiProvider(
      { ...fixture.config(fake), apiKey: wrongKey },
      new AbortController().signal,
    );
    expect(check.ok).toBe(false);
    expect(check.message).not.toContain(wrongKey);
  });

  it('classifies an unknown model as permanent, naming the model and how to list models', async () => {
    const settings = parsed({ ...fixture.config(fake), model: 'no-such-model' });
    const classification = await failure(
      generateText({ model: languageModelFor(settings), prompt: 'hello', maxRetries: 0 }),
      settings,
    );
    expect(classification).toMatchObject({ kind: 'unknown_model', transient: false, status: 404 });
    expect(classification.message).toContain('"no-such-model"');
    expect(classification.message).toMatch(/models|ollama list/);
  });

  it('classifies a 429 as transient, with the wait the vendor asked for', async () => {
    fake.answerNext({ failure: 'rate_limited', retryAfterSeconds: 7 });
    const classification = await failure(
      generateText({ model: languageModelFor(config), prompt: 'hello', maxRetries: 0 }),
    );
    expect(classification).toMatchObject({
      kind: 'rate_limited',
      transient: true,
      status: 429,
      retryAfterMs: 7000,
    });
  });

  it('classifies a 5xx as transient', async () => {
    fake.answerNext({ failure: 'server_error' });
    const classification = await failure(
      generateText({ model: languageModelFor(config), prompt: 'hello', maxRetries: 0 }),
    );
    expect(classification).toMatchObject({ kind: 'server_error', transient: true, status: 500 });
  });

  it('classifies a request the context cannot hold as permanent, pointing at contextWindow', async () => {
    const small = await fixture.startTooSmall();
    try {
      const settings = parsed(fixture.config(small));
      const classification = await failure(
        generateText({ model: languageModelFor(settings), prompt: longPrompt, maxRetries: 0 }),
        settings,
      );
      expect(classification).toMatchObject({ kind: 'context', transient: false });
      expect(classification.message).toContain('contextWindow=');
    } finally {
      await small.close();
    }
  });

  it('classifies a refused connection as an unreachable baseUrl', async () => {
    const port = await closedPort();
    const address = new URL(fake.baseUrl);
    address.port = String(port);
    const settings = parsed({ ...fixture.config(fake), baseUrl: address.toString() });
    const classification = await failure(
      generateText({ model: languageModelFor(settings), prompt: 'hello', maxRetries: 0 }),
      settings,
    );
    expect(classification).toMatchObject({ kind: 'unreachable', transient: false });
    expect(classification.message).toContain(`127.0.0.1:${port}`);
  });
});

describe('ollama’s context window', () => {
  const fixture = aiFakeFixtures.find((candidate) => candidate.kind === 'ollama');
  let fake: OllamaFake;

  beforeAll(async () => {
    fake = (await fixture?.start()) as OllamaFake;
  });
  afterAll(() => fake.close());

  it('is sent as options.num_ctx on every call, generated or streamed', async () => {
    const config = parsed({ ...fixture?.config(fake), contextWindow: 16_384 });
    await generateText({ model: languageModelFor(config), prompt: 'hello' });
    for await (const piece of streamText({ model: languageModelFor(config), prompt: 'hello' }).textStream)
      void piece;
    expect(fake.windows.slice(-2).map((window) => window.numCtx)).toEqual([16_384, 16_384]);
  });

  it('is the known size of the model when none is set (llama3.x: 8192), and wins over a caller’s num_ctx', async () => {
    const config = parsed(fixture?.config(fake) ?? {});
    await generateText({
      model: languageModelFor(config),
      prompt: 'hello',
      temperature: 0.2,
      maxOutputTokens: 100,
      providerOptions: { ollama: { options: { num_ctx: 131_072, repeat_penalty: 1.1 } } },
    });
    const options = fake.requests.at(-1)?.body.options;
    expect(options).toEqual({ num_ctx: 8192, temperature: 0.2, num_predict: 100, repeat_penalty: 1.1 });
  });

  it('keeps a prompt that fits from being cut, as Ollama would cut it at its own default', async () => {
    const config = parsed({ ...fixture?.config(fake), contextWindow: 8192 });
    await generateText({ model: languageModelFor(config), prompt: 'word '.repeat(5000) });
    expect(fake.windows.at(-1)).toMatchObject({ numCtx: 8192, truncated: false });
    expect(fake.windows.at(-1)?.promptTokens).toBeGreaterThan(4096);
  });
});

function parsed(stored: Record<string, unknown>): AiProviderConfig {
  const check = checkAiProviderConfig(stored);
  if (!check.ok) throw new Error(check.problems.join('; '));
  return check.config;
}
