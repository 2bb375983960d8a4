import type { StreamText, TextRequest } from '../modelFunctions.ts';
import type { GenerationRun } from '../artefacts/generationRun.ts';
import { scriptedModel } from './scriptedModel.ts';

/**
 * A model for tests whose streamed answers are given, one per request in order (then empty ones),
 * each sent in pieces of a few characters as a real stream cuts them; it keeps the requests.
 */
export function streamedAnswers(...answers: string[]): {
  requests: TextRequest[];
  run: GenerationRun & { streamText: StreamText };
} {
  const requests: TextRequest[] = [];
  const streamText: StreamText = async function* (request) {
    requests.push(request);
    const answer = answers.shift() ?? '';
    for (let at = 0; at < answer.length; at += 5) yield await Promise.resolve(answer.slice(at, at + 5));
  };
  const model = scriptedModel(8192);
  return {
    requests,
    run: {
      generateStructured: model.generateStructured,
      streamText,
      limits: { contextWindow: 8192, maxOutputTokens: 4096 },
      signal: new AbortController().signal,
    },
  };
}
