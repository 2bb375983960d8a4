import type { AiModel } from './aiModel.ts';

/** How a job that made nothing ended: failed, with the reason it gives the user, or cancelled. */
export type UnfinishedOutcome = { state: 'failed'; error: string } | { state: 'cancelled' };

/**
 * What one kind of AI job (a session's digest, an answer to a question) brings to the job, which
 * does the rest the same way for every kind: queueing, choosing the model, retrying, restarts.
 * Each kind shows in the session what it is making from the moment its job exists, and what
 * became of it when the job ends.
 */
export interface WorkSteps<Result> {
  /** Shows what the job makes as pending; run as the job is created, and again when a restart resumes it. */
  begin(): void;
  /** Makes the result; run again after a transient failure, so it starts from nothing each time. */
  generate(
    model: AiModel,
    signal: AbortSignal,
    onProgress: (part: number, of: number) => void,
  ): Promise<Result>;
  /** Puts the result into the session. */
  save(result: Result): void;
  /** Shows that the job ended without a result. */
  end(outcome: UnfinishedOutcome): void;
}
