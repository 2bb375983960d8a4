import type { AiModel, DescribedFailure } from '../../actors/aiJob/aiModel.ts';
import type { GenerateStructured, StreamText } from '../../ai/modelFunctions.ts';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';

/** A vendor's error as the job's model describes it: its message, whether it is transient, the wait. */
export class VendorFailure extends Error {
  readonly failure: DescribedFailure;

  constructor(failure: DescribedFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

/**
 * The model an AI job runs on in a test: the scripted model (ai/testing/scriptedModel.ts) for
 * whatever the test does not replace, a VendorFailure described as it says, anything else permanent.
 */
export function testModel(
  replaced: { generateStructured?: GenerateStructured; streamText?: StreamText } = {},
  contextWindow = 8192,
): AiModel {
  const scripted = scriptedModel(contextWindow);
  return {
    name: 'test',
    generateStructured: replaced.generateStructured ?? scripted.generateStructured,
    streamText: replaced.streamText ?? scripted.streamText,
    limits: { contextWindow, maxOutputTokens: Math.min(4096, contextWindow / 2) },
    describeFailure: (error) =>
      error instanceof VendorFailure ? error.failure : { message: String(error), transient: false },
  };
}

/** A model call that answers nothing and stops when it is aborted, as the SDK's calls do. */
export const untilAborted: GenerateStructured = (request) =>
  new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted'))));

/** A stream that sends `first` and then nothing until it is aborted, as the SDK's streams end. */
export function hangingAfter(first: string): StreamText {
  return async function* (request) {
    yield first;
    await new Promise((_, reject) =>
      request.signal.addEventListener('abort', () => reject(new Error('aborted'))),
    );
  };
}
