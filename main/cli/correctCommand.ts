import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import type { TranscriptRevisions } from '../../api/control/transcriptRevisionControl.ts';
import { ControlClient } from '../controlClient.ts';
import { runAiJobInService } from './aiJobInService.ts';
import { correctionDiffLines } from './correctionDiff.ts';
import { noServiceMessage } from './summarizeCommand.ts';
import { UsageError } from './usage.ts';

export interface CorrectOptions {
  /** `--ai`: the AI provider's name; else the session's topic's, else the default. */
  ai?: string;
  /** `--keep`: keep the proposed correction (made first if there is none). */
  keep?: boolean;
  /** `--discard`: drop the proposed correction. */
  discard?: boolean;
}

/** What `earshot correct` asks the service for. */
export interface CorrectRequest {
  sessionId: string;
  aiProvider?: string;
  /** What to do with the proposal; none only shows it. */
  decision?: 'keep' | 'discard';
}

/**
 * `earshot correct SESSION_ID`: has the running service propose a corrected transcript as an AI
 * job (punctuation, casing, misheard words, segment by segment), then prints the segments it
 * changed as `[m:ss] old → new` with the changed words marked, and how to keep or discard it.
 * `--keep` keeps the proposal (making one first if there is none), `--discard` drops it. The
 * transcript itself never changes; a kept correction is the session's `correctedTranscript`.
 */
export async function correctCommand(
  dataDirectory: string,
  sessionId: string | undefined,
  options: CorrectOptions,
): Promise<void> {
  const request = correctRequest(sessionId, options);
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client === undefined) throw new Error(noServiceMessage(dataDirectory));
  const sessionPath = `/sessions/${encodeURIComponent(request.sessionId)}`;
  if (request.decision === 'discard') {
    await client.call<TranscriptRevisions>('POST', `${sessionPath}/corrections/discard`);
    process.stderr.write('Discarded the proposed correction; the session is as it was.\n');
    return;
  }
  if (request.decision === 'keep') {
    const current = await client.call<TranscriptRevisions>('GET', `${sessionPath}/revisions`);
    if (
      current.correction?.state !== 'proposed' &&
      !(await proposeCorrection(client, dataDirectory, request))
    ) {
      return;
    }
    await client.call<TranscriptRevisions>('POST', `${sessionPath}/corrections/keep`);
    process.stderr.write(
      `Kept the correction: it is session ${request.sessionId}'s corrected transcript now.\n`,
    );
    return;
  }
  if (!(await proposeCorrection(client, dataDirectory, request))) return;
  const { correction } = await client.call<TranscriptRevisions>('GET', `${sessionPath}/revisions`);
  const lines = correctionDiffLines(correction?.segments ?? []);
  if (lines.length === 0) {
    process.stderr.write('The model found nothing to correct.\n');
    return;
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  process.stderr.write(
    `${lines.length} of ${correction?.segments.length ?? 0} segments corrected. ` +
      `Keep it: earshot correct ${request.sessionId} --keep; ` +
      `discard it: earshot correct ${request.sessionId} --discard\n`,
  );
}

/** The command line as a request, or a UsageError; the service checks the rest (the session). */
export function correctRequest(sessionId: string | undefined, options: CorrectOptions): CorrectRequest {
  if (sessionId === undefined) {
    throw new UsageError(
      'Name the session: earshot correct SESSION_ID [--ai NAME] [--keep | --discard] ("earshot sessions list" shows the ids)',
    );
  }
  if (options.keep === true && options.discard === true) {
    throw new UsageError('Choose one: --keep keeps the proposed correction, --discard drops it.');
  }
  if (options.ai !== undefined && options.ai.trim() === '') {
    throw new UsageError('--ai needs the name of an AI provider ("earshot ai show" lists them).');
  }
  if (options.discard === true && options.ai !== undefined) {
    throw new UsageError(
      '--discard drops the proposed correction; it asks no AI provider, so leave out --ai.',
    );
  }
  const decision = options.keep === true ? 'keep' : options.discard === true ? 'discard' : undefined;
  return {
    sessionId,
    ...(options.ai === undefined ? {} : { aiProvider: options.ai.trim() }),
    ...(decision === undefined ? {} : { decision }),
  };
}

/** Runs the correction job to its end; false when the user cancelled it. */
async function proposeCorrection(
  client: ControlClient,
  dataDirectory: string,
  request: CorrectRequest,
): Promise<boolean> {
  const { sessionId, aiProvider } = request;
  const status = await runAiJobInService(
    client,
    dataDirectory,
    () =>
      client.call<AiJobStatus>('POST', `/sessions/${encodeURIComponent(sessionId)}/corrections`, {
        aiProvider,
      }),
    {
      doing: 'Correcting',
      resumes: `proposes the correction of session ${sessionId}; see it with earshot correct ${sessionId} --keep or in the app`,
    },
  );
  return status !== undefined;
}
