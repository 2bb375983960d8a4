import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AiProviderConfig } from '../../ai/providers/aiProviderConfig.ts';
import { checkAiProviderConfig } from '../../ai/providers/aiProviderConfigCheck.ts';
import type { AiProviderKind } from '../../ai/providers/aiProviderKinds.ts';
import { classifyAiError, type AiErrorClassification } from '../../ai/providers/classifyAiError.ts';
import { contextWindowOf } from '../../ai/providers/contextWindows.ts';
import { modelFunctionsFor } from '../../ai/providers/modelFunctionsFor.ts';
import { ModelOutputRejected, type StructuredRequest, type TextRequest } from '../../ai/modelFunctions.ts';
import { aiFakeFixtures } from '../fakes/ai/aiFakeFixtures.ts';
import { startOllamaFake } from '../fakes/ai/ollamaFake.ts';
import { startOpenAiChatFake } from '../fakes/ai/openAiChatFake.ts';
import { type AiRequest, type FakeAiServer, streamedPieces } from '../fakes/ai/scriptedAnswers.ts';
import { captureConsole } from '../support/consoleCapture.ts';

/**
 * The model functions the generation code is handed (ai/providers/modelFunctionsFor.ts), on every
 * kind of provider against its vendor's fake: structured answers read and checked whatever format
 * the server takes, answers of the wrong shape rejected for the caller's repair attempt, vendor
 * errors thrown untouched for classifyAiError, streamed text, and cancelling.
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
const answerTokens = 300;

function structuredRequest(signal = new AbortController().signal): StructuredRequest<typeof chapter> {
  return {
    system: 'You write chapters of meeting notes.',
    prompt: 'The first chapter of: we talked about the budget.',
    schema: chapterSchema,
    maxOutputTokens: answerTokens,
    signal,
  };
}

function textRequest(signal = new AbortController().signal): TextRequest {
  return {
    system: 'You answer questions about a meeting.',
    prompt: 'What was decided?',
    maxOutputTokens: answerTokens,
    signal,
  };
}

/** The sampling settings each vendor's request carries, where its protocol puts them. */
function sentSampling(kind: AiProviderKind, body: Record<string, unknown>): Record<string, unknown> {
  switch (kind) {
    case 'openai':
    case 'openai-compatible':
    case 'anthropic':
      return { temperature: body.temperature, maxTokens: body.max_tokens };
    case 'google': {
      const generation = body.generationConfig as Record<string, unknown> | undefined;
      return { temperature: generation?.temperature, maxTokens: generation?.maxOutputTokens };
    }
    case 'ollama': {
      const options = body.options as Record<string, unknown> | undefined;
      return { temperature: options?.temperature, maxTokens: options?.num_predict };
    }
  }
}

/** Everything written to the console while a case runs, to hold that no key is ever logged. */
const logged = captureConsole();

/** What a call threw; the test fails if it did not throw. */
async function thrownBy(call: Promise<unknown> | (() => Promise<unknown>)): Promise<unknown> {
  const settled = await (typeof call === 'function' ? call() : call).then(
    () => ({ threw: false as const }),
    (error: unknown) => ({ threw: true as const, error }),
  );
  expect(settled.threw, 'the call should have failed').toBe(true);
  return settled.threw ? settled.error : undefined;
}

async function allOf(pieces: AsyncIterable<string>): Promise<string[]> {
  const collected: string[] = [];
  for await (const piece of pieces) collected.push(piece);
  return collected;
}

/** Resolves once the fake has received more than `count` requests. */
async function requestArrived(fake: FakeAiServer, count: number): Promise<void> {
  await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThan(count), { timeout: 5000, interval: 5 });
}

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

  /** The error, classified as the AI job will classify it, and no key in either's message. */
  function classified(error: unknown): AiErrorClassification {
    expect(String(error)).not.toContain(fixture.key);
    const classification = classifyAiError(error, config, 'work');
    expect(classification.message).not.toContain(fixture.key);
    return classification;
  }

  it('answers with an object of the schema, asked with the vendor’s JSON-schema support, a low temperature and the caller’s limit', async () => {
    fake.answerNext({ object: chapter });
    const sent = fake.requests.length;
    const model = modelFunctionsFor(config);
    await expect(model.generateStructured(structuredRequest())).resolves.toEqual(chapter);
    const requests = fake.requests.slice(sent);
    expect(requests).toHaveLength(1);
    const body = requests[0]?.body ?? {};
    expect(fixture.asksForSchema(body), JSON.stringify(body)).toBe(true);
    expect(sentSampling(fixture.kind, body)).toEqual({ temperature: 0.2, maxTokens: answerTokens });
    expect(model.contextWindow).toBe(contextWindowOf(config).tokens);
  });

  it('reads a JSON answer fenced in prose', async () => {
    fake.answerNext({
      text: `Here is the chapter:\n\`\`\`json\n${JSON.stringify(chapter, null, 2)}\n\`\`\`\nAnything else?`,
    });
    await expect(modelFunctionsFor(config).generateStructured(structuredRequest())).resolves.toEqual(chapter);
  });

  it('rejects an answer of the wrong shape with its text and the schema’s complaints, asking once', async () => {
    const wrong = { title: 'Budget', startMs: 'one minute in' };
    fake.answerNext({ object: wrong });
    const sent = fake.requests.length;
    const error = await thrownBy(modelFunctionsFor(config).generateStructured(structuredRequest()));
    expect(error).toBeInstanceOf(ModelOutputRejected);
    const rejected = error as ModelOutputRejected;
    expect(JSON.parse(rejected.text)).toEqual(wrong);
    expect(rejected.reason).toContain('startMs');
    expect(rejected.reason).toContain('points');
    expect(fake.requests.length - sent).toBe(1);
  });

  it('throws a 429 as the SDK gives it, without trying again: transient, with the vendor’s wait', async () => {
    fake.answerNext({ failure: 'rate_limited', retryAfterSeconds: 7 });
    const sent = fake.requests.length;
    const error = await thrownBy(modelFunctionsFor(config).generateStructured(structuredRequest()));
    expect(error).not.toBeInstanceOf(ModelOutputRejected);
    expect(classified(error)).toMatchObject({
      kind: 'rate_limited',
      transient: true,
      status: 429,
      retryAfterMs: 7000,
    });
    expect(fake.requests.length - sent).toBe(1);
  });

  it('streams text as the vendor sends it, piece by piece in order', async () => {
    const answer = 'First the budget, then the hiring plan, then questions.';
    fake.answerNext({ text: answer });
    const sent = fake.requests.length;
    const pieces = await allOf(modelFunctionsFor(config).streamText(textRequest()));
    expect(pieces).toEqual(streamedPieces(answer));
    const body = fake.requests.at(-1)?.body ?? {};
    expect(fake.requests.length - sent).toBe(1);
    expect(JSON.stringify(body)).toContain('You answer questions about a meeting.');
    expect(sentSampling(fixture.kind, body)).toEqual({ temperature: 0.2, maxTokens: answerTokens });
  });

  it('throws the vendor’s failure from the stream, without trying again', async () => {
    fake.answerNext({ failure: 'server_error' });
    const sent = fake.requests.length;
    const error = await thrownBy(() => allOf(modelFunctionsFor(config).streamText(textRequest())));
    expect(classified(error)).toMatchObject({ kind: 'server_error', transient: true, status: 500 });
    expect(fake.requests.length - sent).toBe(1);
  });

  it('stops a request when its signal is aborted, structured or streamed', async () => {
    const model = modelFunctionsFor(config);
    for (const ask of [
      (signal: AbortSignal) => model.generateStructured(structuredRequest(signal)),
      (signal: AbortSignal) => allOf(model.streamText(textRequest(signal))),
    ]) {
      fake.answerNext({ hold: true });
      const sent = fake.requests.length;
      const controller = new AbortController();
      const answer = thrownBy(ask(controller.signal));
      await requestArrived(fake, sent);
      controller.abort();
      expect(classified(await answer)).toMatchObject({ kind: 'cancelled', transient: false });
    }
  });
});

describe('an OpenAI-compatible server without JSON-schema support', () => {
  const fixture = aiFakeFixtures.find((candidate) => candidate.kind === 'openai-compatible');
  const model = 'deepseek-chat';
  const servers: FakeAiServer[] = [];

  async function server(options: { responseFormats: ReadonlyArray<'json_schema' | 'json_object'> }) {
    const started = await startOpenAiChatFake({ apiKey: fixture?.key, models: [model], ...options });
    servers.push(started);
    return started;
  }
  function settings(fake: FakeAiServer, structuredOutputs?: boolean): AiProviderConfig {
    return parsed({
      kind: 'openai-compatible',
      baseUrl: fake.baseUrl,
      model,
      apiKey: fixture?.key,
      ...(structuredOutputs === undefined ? {} : { structuredOutputs }),
    });
  }
  afterAll(() => Promise.all(servers.map((started) => started.close())));

  function responseFormatOf(request: AiRequest | undefined): unknown {
    return request?.body.response_format;
  }
  function instructionsOf(request: AiRequest | undefined): string {
    return JSON.stringify(request?.body.messages);
  }

  it('asks for JSON mode with the schema in the prompt when set to structuredOutputs false', async () => {
    const fake = await server({ responseFormats: ['json_object'] });
    fake.answerNext({ object: chapter });
    const functions = modelFunctionsFor(settings(fake, false));
    await expect(functions.generateStructured(structuredRequest())).resolves.toEqual(chapter);
    expect(fake.requests).toHaveLength(1);
    expect(responseFormatOf(fake.requests[0])).toEqual({ type: 'json_object' });
    expect(instructionsOf(fake.requests[0])).toContain('JSON Schema');
    expect(instructionsOf(fake.requests[0])).toContain('startMs');
    expect(fake.requests[0]?.body.temperature).toBe(0.2);
  });

  it('falls back to JSON mode when the server refuses the schema with a 400, and starts there next time', async () => {
    const fake = await server({ responseFormats: ['json_object'] });
    // A fake takes one scripted answer per request, the refused one's unused.
    fake.answerNext({ object: chapter }, { object: chapter }, { object: chapter });
    const functions = modelFunctionsFor(settings(fake));
    await expect(functions.generateStructured(structuredRequest())).resolves.toEqual(chapter);
    expect(fake.requests.map((request) => (responseFormatOf(request) as { type: string }).type)).toEqual([
      'json_schema',
      'json_object',
    ]);
    await expect(functions.generateStructured(structuredRequest())).resolves.toEqual(chapter);
    expect(fake.requests).toHaveLength(3);
    expect(responseFormatOf(fake.requests[2])).toEqual({ type: 'json_object' });
  });

  it('falls back to plain text for a server that takes neither, and reads a fenced answer', async () => {
    const fake = await server({ responseFormats: [] });
    const fenced = `Sure.\n\`\`\`json\n${JSON.stringify(chapter)}\n\`\`\``;
    fake.answerNext({ text: fenced }, { text: fenced }, { text: fenced });
    const functions = modelFunctionsFor(settings(fake));
    await expect(functions.generateStructured(structuredRequest())).resolves.toEqual(chapter);
    expect(fake.requests.map(responseFormatOf)).toEqual([
      expect.objectContaining({ type: 'json_schema' }),
      { type: 'json_object' },
      undefined,
    ]);
    expect(instructionsOf(fake.requests[2])).toContain('JSON Schema');
  });

  it('does not take any other 400 for a refused format', async () => {
    const small = await startOpenAiChatFake({ apiKey: fixture?.key, models: [model], contextTokens: 10 });
    servers.push(small);
    const config = settings(small);
    const error = await thrownBy(modelFunctionsFor(config).generateStructured(structuredRequest()));
    expect(small.requests).toHaveLength(1);
    expect(classifyAiError(error, config)).toMatchObject({ kind: 'context', transient: false });
  });
});

describe('ollama', () => {
  it('is sent the context window as num_ctx, with the temperature and limit in its options', async () => {
    const fake = await startOllamaFake({ models: ['llama3.2'] });
    try {
      const functions = modelFunctionsFor(
        parsed({ kind: 'ollama', baseUrl: fake.baseUrl, model: 'llama3.2', contextWindow: 16_384 }),
      );
      fake.answerNext({ object: chapter });
      await functions.generateStructured(structuredRequest());
      await allOf(functions.streamText(textRequest()));
      expect(fake.requests.map((request) => request.body.options)).toEqual([
        { num_ctx: 16_384, temperature: 0.2, num_predict: answerTokens },
        { num_ctx: 16_384, temperature: 0.2, num_predict: answerTokens },
      ]);
      expect(functions.contextWindow).toBe(16_384);
    } finally {
      await fake.close();
    }
  });
});

function parsed(stored: Record<string, unknown>): AiProviderConfig {
  const check = checkAiProviderConfig(stored);
  if (!check.ok) throw new Error(check.problems.join('; '));
  return check.config;
}
