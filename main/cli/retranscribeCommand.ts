import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import type { z } from 'zod';
import type {
  retranscriptionStartedSchema,
  transcriptVersionSchema,
  transcriptVersionsSchema,
} from '../../api/control/retranscriptionControl.ts';
import { ControlClient } from '../controlClient.ts';
import { clockTime } from './clockTime.ts';
import { Interrupts } from './interrupts.ts';
import { followJob } from './jobFollowing.ts';
import { JobProgressLine } from './jobProgressLine.ts';
import { ServiceStoppedError } from './serviceStoppedError.ts';
import { UsageError } from './usage.ts';

type TranscriptVersion = z.infer<typeof transcriptVersionSchema>;

export interface RetranscribeOptions {
  /** `--provider`: the speech provider to transcribe with; needed unless keeping or discarding. */
  provider?: string;
  /** `--gaps-only`: only where the audio has no transcript. */
  gapsOnly?: boolean;
  /** `--keep`: keep the new transcript (made first when `--provider` is given). */
  keep?: boolean;
  /** `--discard`: drop the proposed transcript, or stop the one being made. */
  discard?: boolean;
}

/** What `earshot retranscribe` asks the service for. */
export type RetranscribeRequest =
  | { sessionId: string; decision: 'keep' | 'discard' }
  | { sessionId: string; provider: string; gapsOnly: boolean; keep: boolean };

/**
 * `earshot retranscribe SESSION_ID --provider P [--gaps-only] [--keep]`: has the running service
 * transcribe the session again from its recorded audio (or only its gaps) as a file job, with
 * progress on stderr; the new transcript, `[m:ss] text` a line, goes to stdout, proposed until kept.
 * `--keep` keeps it (alone: the proposal waiting), `--discard` drops it.
 */
export async function retranscribeCommand(
  dataDirectory: string,
  sessionId: string | undefined,
  options: RetranscribeOptions,
): Promise<void> {
  const request = retranscribeRequest(sessionId, options);
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client === undefined) {
    throw new Error(
      `No Earshot service is running for ${dataDirectory}; it keeps the sessions' audio and transcribes it again. ` +
        'Start it with `earshot serve` (or open the app), then run this again.',
    );
  }
  const sessionPath = `/sessions/${encodeURIComponent(request.sessionId)}`;
  if ('decision' in request) {
    await client.call<TranscriptVersion>('POST', `${sessionPath}/retranscriptions/${request.decision}`);
    process.stderr.write(
      request.decision === 'keep'
        ? `Kept the new transcript: it is session ${request.sessionId}'s transcript now.\n`
        : `Discarded the new transcript; session ${request.sessionId} is as it was.\n`,
    );
    return;
  }
  const { sessionId: _sessionId, ...body } = request;
  const started = await client.call<z.infer<typeof retranscriptionStartedSchema>>(
    'POST',
    `${sessionPath}/retranscriptions`,
    body,
  );
  const status = await followToEnd(client, dataDirectory, started.jobId);
  if (status.state === 'cancelled') throw new Error('Re-transcription cancelled; the session is as it was.');
  if (status.state !== 'completed') throw new Error(status.error ?? 'The re-transcription failed.');
  const { versions } = await client.call<z.infer<typeof transcriptVersionsSchema>>(
    'GET',
    `${sessionPath}/versions`,
  );
  const version = versions.find((listed) => listed.id === started.version.id);
  const segments = version?.segments ?? [];
  if (segments.length > 0) {
    process.stdout.write(
      `${segments.map((segment) => `[${clockTime(segment.startMs)}] ${segment.text}`).join('\n')}\n`,
    );
  }
  process.stderr.write(`${outcome(request.sessionId, version)}\n`);
}

/** The command line as a request, or a UsageError; the service checks the rest. */
export function retranscribeRequest(
  sessionId: string | undefined,
  options: RetranscribeOptions,
): RetranscribeRequest {
  if (sessionId === undefined) {
    throw new UsageError(
      'Name the session: earshot retranscribe SESSION_ID --provider ID [--gaps-only] [--keep] ("earshot sessions list" shows the ids)',
    );
  }
  const provider = options.provider?.trim();
  if (options.discard === true) {
    if (options.keep === true)
      throw new UsageError('Choose one: --keep keeps the new transcript, --discard drops it.');
    if (provider !== undefined || options.gapsOnly === true) {
      throw new UsageError('--discard drops the proposed transcript; leave out --provider and --gaps-only.');
    }
    return { sessionId, decision: 'discard' };
  }
  if (provider === undefined) {
    if (options.keep === true && options.gapsOnly !== true) return { sessionId, decision: 'keep' };
    throw new UsageError(
      'Name the provider to transcribe with: --provider ID, such as deepgram or P06 ("earshot providers list" shows them).',
    );
  }
  if (provider === '')
    throw new UsageError('--provider needs a provider id or label, such as deepgram or P06.');
  return { sessionId, provider, gapsOnly: options.gapsOnly === true, keep: options.keep === true };
}

/** Follows the job with a progress line; Ctrl-C cancels it, a second quits at once. */
async function followToEnd(
  client: ControlClient,
  dataDirectory: string,
  jobId: string,
): Promise<FileJobStatus> {
  const progress = new JobProgressLine(process.stderr);
  const interrupts = new Interrupts(() => progress.note('Cancelling… (press Ctrl-C again to quit at once)'));
  interrupts.onFirst(() =>
    client
      .call('POST', `/transcriptions/${encodeURIComponent(jobId)}/cancel`)
      .catch((error: Error) => progress.note(`Could not cancel: ${error.message}`)),
  );
  try {
    const following = await followJob(client, dataDirectory, jobId, (status) => progress.show(status));
    if (following.kind === 'serviceGone') throw new ServiceStoppedError(jobId, following.lastStatus);
    return following.status;
  } finally {
    progress.end();
    interrupts.dispose();
  }
}

function outcome(sessionId: string, version: TranscriptVersion | undefined): string {
  const count = version?.segments.length ?? 0;
  const made = count === 0 ? 'No speech was recognised.' : `${count} segment${count === 1 ? '' : 's'}.`;
  if (version?.state === 'kept') return `${made} Kept: it is session ${sessionId}'s transcript now.`;
  const notKept = version?.error === null || version?.error === undefined ? '' : ` ${version.error}`;
  return (
    `${made}${notKept} Proposed; the transcript is unchanged. ` +
    `Keep it: earshot retranscribe ${sessionId} --keep; discard it: earshot retranscribe ${sessionId} --discard`
  );
}
