import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import type { ControlClient } from '../controlClient.ts';
import { Interrupts } from './interrupts.ts';
import { followStatus } from './jobFollowing.ts';
import { JobProgressLine } from './jobProgressLine.ts';

const endedStates: ReadonlySet<AiJobStatus['state']> = new Set(['done', 'failed', 'cancelled']);

/** What the command names the job by: "Correcting", and what the job resumes to do after a restart. */
export interface AiJobWording {
  /** The progress line's first word: "Correcting". */
  doing: string;
  /** What the service does with the job once it starts again: "proposes the correction of session …". */
  resumes: string;
}

/**
 * Starts an AI job in the running service with `start` and follows it to its end, with "part N of
 * M" on stderr; the first Ctrl-C cancels the job, a second quits at once. Answers the job's status
 * once done; undefined when the user cancelled it (exit code 130 set); throws the job's error when
 * it failed, or when the service went away first.
 */
export async function runAiJobInService(
  client: ControlClient,
  dataDirectory: string,
  start: () => Promise<AiJobStatus>,
  wording: AiJobWording,
): Promise<AiJobStatus | undefined> {
  const progress = new JobProgressLine(process.stderr);
  const interrupts = new Interrupts(() => progress.note('Cancelling… (press Ctrl-C again to quit at once)'));
  try {
    const started = await start();
    const jobPath = `/ai-jobs/${encodeURIComponent(started.jobId)}`;
    interrupts.onFirst(() =>
      client
        .call('POST', `${jobPath}/cancel`)
        .catch((error: Error) => progress.note(`Could not cancel: ${error.message}`)),
    );
    const following = await followStatus<AiJobStatus>(
      client,
      dataDirectory,
      jobPath,
      (status) => endedStates.has(status.state),
      (status) => {
        const text = aiJobProgress(wording.doing, status);
        if (text !== undefined) progress.showLine(text);
      },
    );
    progress.end();
    if (following.kind === 'serviceGone') {
      throw new Error(
        `The Earshot service stopped before AI job ${started.jobId} ended. When the service starts ` +
          `again (\`earshot serve\`, or the app), it ${wording.resumes}.`,
      );
    }
    const { status } = following;
    if (status.state === 'cancelled' && interrupts.interrupted) {
      progress.note(`${wording.doing} cancelled.`);
      process.exitCode = 130;
      return undefined;
    }
    if (status.state === 'cancelled') throw new Error('The AI job was cancelled.');
    if (status.state !== 'done') throw new Error(status.error ?? 'The AI job failed.');
    return status;
  } finally {
    progress.end();
    interrupts.dispose();
  }
}

/** The progress line of an unfinished AI job, "Correcting: part 2 of 5"; an ended one is reported otherwise. */
export function aiJobProgress(
  doing: string,
  status: Pick<AiJobStatus, 'state' | 'part' | 'partCount' | 'error'>,
): string | undefined {
  switch (status.state) {
    case 'queued':
      return `${doing}: waiting for other AI jobs to finish`;
    case 'running':
      // 0 of 0 until the transcript is cut into parts that fit the model.
      return status.partCount === 0
        ? `${doing}: starting`
        : `${doing}: part ${status.part} of ${status.partCount}`;
    case 'waitingToRetry':
      return `${doing}: waiting to retry… ${status.error ?? ''}`.trimEnd();
    case 'saving':
      return `${doing}: saving`;
    case 'done':
    case 'failed':
    case 'cancelled':
      return undefined;
  }
}
