/**
 * Why generating an artefact failed, in words for the user. A job shows `userMessage` as the
 * artefact's error; nothing is saved in its place, so a failure is never an empty summary.
 */
export class GenerationError extends Error {
  override readonly name: string = 'GenerationError';
  readonly userMessage: string;

  constructor(userMessage: string, options?: { cause?: unknown }) {
    super(userMessage, options);
    this.userMessage = userMessage;
  }
}

/** The model's context cannot hold the prompt, the answer and even one line of transcript. */
export class ContextTooSmallError extends GenerationError {
  override readonly name = 'ContextTooSmallError';
  readonly contextWindow: number;

  constructor(contextWindow: number, neededTokens: number) {
    super(
      `The model's context of ${contextWindow} tokens is too small: the instructions and the answer ` +
        `alone need about ${neededTokens}. Choose a model with a larger context, or raise its ` +
        `context window in the AI provider's settings if the model supports more.`,
    );
    this.contextWindow = contextWindow;
  }
}

/** The model's answer did not have the requested shape, even after it was told what was wrong. */
export class InvalidAnswerError extends GenerationError {
  override readonly name = 'InvalidAnswerError';
  /** What was being generated, as the user knows it ("the summary", "the chapters"). */
  readonly artefact: string;
  /** The last complaint about the answer. */
  readonly reason: string;

  constructor(artefact: string, reason: string, options?: { cause?: unknown }) {
    super(
      `The model did not give a usable answer for ${artefact}, twice (${reason}). Try again, or ` +
        `choose a model that supports structured (JSON) output.`,
      options,
    );
    this.artefact = artefact;
    this.reason = reason;
  }
}
