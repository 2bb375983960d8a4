import { setTimeout as sleep } from 'node:timers/promises';
import { defaultMaxOutputTokens, type ModelLimits } from '../../ai/longSessions/requestBudget.ts';
import type { GenerateStructured } from '../../ai/modelFunctions.ts';
import { aiProviderConfigSchemas } from '../../ai/providers/aiProviderConfig.ts';
import { modelFunctionsFor } from '../../ai/providers/modelFunctionsFor.ts';
import { scriptedModel, type ScriptedModelRecord } from '../../ai/testing/scriptedModel.ts';
import { startOpenAiChatFake } from '../../test/fakes/ai/openAiChatFake.ts';
import { modelledLatencyMs } from './latencyModel.ts';

/**
 * The model a case is measured against, reached the way the AI job reaches a real one: settings of
 * an OpenAI-compatible server checked by their schema, `modelFunctionsFor` (the AI SDK, a chat
 * completion request over HTTP, the answer read and checked), and the OpenAI chat fake
 * (test/fakes/ai/openAiChatFake.ts) at the other end.
 *
 * That fake, shared with the tests, answers from a queue and at once. So that the answers follow
 * the prompt, each call first asks the scripted model (ai/testing/scriptedModel.ts) for the answer
 * it derives from the same request and queues it on the fake; so that the time is a real model's,
 * the call then waits what the latency model gives for its tokens, divided by the speed factor.
 * The scripted model counts calls and tokens with the project's estimate and refuses any request
 * over the context; the fake refuses one too, by its own cruder count.
 */

const modelName = 'Qwen/Qwen2.5-7B-Instruct';

export interface SlowFakeModel {
  generateStructured: GenerateStructured;
  limits: ModelLimits;
  /** Calls and estimated tokens, as the scripted model counted them. */
  record: ScriptedModelRecord;
  /** The sum of every call's modelled latency, before the speed factor. */
  modelledLatencyMs(): number;
  /** The chat completion requests the fake received: one per call when every call went over HTTP. */
  requestsReceived(): number;
  close(): Promise<void>;
}

export async function startSlowFakeModel(
  contextWindow: number,
  { speed, wordiness }: { speed: number; wordiness: number },
): Promise<SlowFakeModel> {
  const fake = await startOpenAiChatFake({ models: [modelName], contextTokens: contextWindow });
  const config = aiProviderConfigSchemas['openai-compatible'].parse({
    kind: 'openai-compatible',
    baseUrl: fake.baseUrl,
    model: modelName,
    contextWindow,
  });
  const real = modelFunctionsFor(config);
  const scripted = scriptedModel(contextWindow, { wordiness });
  let latencyMs = 0;

  const generateStructured: GenerateStructured = async (request) => {
    const { inputTokens, outputTokens } = scripted.record;
    const answer = await scripted.generateStructured(request);
    if (typeof answer !== 'object' || answer === null) throw new Error('the scripted model gave no object');
    fake.answerNext({ object: answer as Record<string, unknown> });
    const received = await real.generateStructured(request);
    const callLatencyMs = modelledLatencyMs(
      scripted.record.inputTokens - inputTokens,
      scripted.record.outputTokens - outputTokens,
    );
    latencyMs += callLatencyMs;
    await sleep(callLatencyMs / speed);
    return received;
  };

  return {
    generateStructured,
    // As the AI job sets them (actors/aiJob/aiModelChoice.ts).
    limits: { contextWindow: real.contextWindow, maxOutputTokens: defaultMaxOutputTokens },
    record: scripted.record,
    modelledLatencyMs: () => latencyMs,
    requestsReceived: () =>
      fake.requests.filter((request) => request.url.endsWith('/chat/completions')).length,
    close: () => fake.close(),
  };
}
