import {
  asSchema,
  generateText,
  NoOutputGeneratedError,
  streamText,
  type LanguageModel,
  type OutputInterface,
} from 'ai';
import type { GenerateStructured, StreamText, StructuredRequest, TextRequest } from '../modelFunctions.ts';
import type { AiProviderConfig } from './aiProviderConfig.ts';
import {
  answerFormatsFor,
  refusesAnswerFormat,
  shapeInstruction,
  type AnswerFormat,
} from './answerFormats.ts';
import { contextWindowOf } from './contextWindows.ts';
import { languageModelFor } from './languageModel.ts';
import { readStructuredAnswer } from './structuredAnswer.ts';

/** The model as the generation code takes it (ai/modelFunctions.ts), and the window it sizes requests by. */
export interface ModelFunctions {
  generateStructured: GenerateStructured;
  streamText: StreamText;
  contextWindow: number;
}

/** Low: the answers restate what was said, and a repeated request should get much the same answer. */
const temperature = 0.2;

/**
 * The model functions for a provider's checked settings, through the AI SDK. Vendor errors are
 * thrown as the SDK throws them, for classifyAiError; none is retried here (`maxRetries: 0`), since
 * the AI job retries transient failures itself, after the wait the vendor asked for. The one thing
 * tried again is the answer format: a server that refuses a JSON schema or JSON mode is asked with
 * the next format (answerFormats.ts), and the next requests start from that format.
 */
export function modelFunctionsFor(config: AiProviderConfig): ModelFunctions {
  const model = languageModelFor(config);
  const formats = answerFormatsFor(config);
  let firstFormat = 0;

  const generateStructured: GenerateStructured = async <T>(request: StructuredRequest<T>): Promise<T> => {
    for (let index = firstFormat; ; index++) {
      // Every list ends in plain text, and the loop ends there: the fallback is only for the type.
      const format = formats[index] ?? 'text';
      try {
        return await askStructured(model, format, request);
      } catch (error) {
        if (index >= formats.length - 1 || !refusesAnswerFormat(error)) throw error;
        firstFormat = Math.max(firstFormat, index + 1);
      }
    }
  };

  return {
    generateStructured,
    streamText: (request) => streamedText(model, request),
    contextWindow: contextWindowOf(config).tokens,
  };
}

async function askStructured<T>(
  model: LanguageModel,
  format: AnswerFormat,
  request: StructuredRequest<T>,
): Promise<T> {
  const schema = await asSchema(request.schema).jsonSchema;
  const result = await generateText({
    model,
    instructions: format === 'schema' ? request.system : `${request.system}\n\n${shapeInstruction(schema)}`,
    prompt: request.prompt,
    output: answerText(
      format === 'schema'
        ? { type: 'json', schema }
        : format === 'json'
          ? { type: 'json' }
          : { type: 'text' },
    ),
    maxOutputTokens: request.maxOutputTokens,
    temperature,
    maxRetries: 0,
    abortSignal: request.signal,
  });
  return readStructuredAnswer(textOf(result), request.schema, result.finishReason);
}

type ResponseFormat = NonNullable<Awaited<OutputInterface['responseFormat']>>;

/**
 * Asks in `responseFormat` and hands back the text as the model wrote it, for readStructuredAnswer
 * to read the same way whatever was asked. Through `output` rather than `text` because a vendor
 * may put a structured answer elsewhere (Claude's forced tool's input), which the SDK gives here.
 */
function answerText(responseFormat: ResponseFormat): OutputInterface<string, string, never> {
  return {
    name: 'answer text',
    responseFormat: Promise.resolve(responseFormat),
    parseCompleteOutput: ({ text }) => Promise.resolve(text),
    parsePartialOutput: ({ text }) => Promise.resolve({ partial: text }),
    createElementStreamTransform: () => undefined,
  };
}

/** The answer's text; the SDK has none to give when the model stopped without writing (a length cut). */
function textOf(result: { readonly output: string; readonly text: string }): string {
  try {
    return result.output;
  } catch (error) {
    if (NoOutputGeneratedError.isInstance(error)) return result.text;
    throw error;
  }
}

async function* streamedText(model: LanguageModel, request: TextRequest): AsyncIterable<string> {
  const result = streamText({
    model,
    instructions: request.system,
    prompt: request.prompt,
    maxOutputTokens: request.maxOutputTokens,
    temperature,
    maxRetries: 0,
    abortSignal: request.signal,
    // A failure is thrown from the stream below, to the caller who classifies it; the SDK would
    // otherwise also print it.
    onError: () => undefined,
  });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta' && part.text !== '') yield part.text;
    else if (part.type === 'error') throw part.error;
    else if (part.type === 'abort') request.signal.throwIfAborted();
  }
}
