import { setTimeout as sleep } from 'node:timers/promises';
import { isFinalFileJobState, type FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { createZonedClock, localTimeZone, type ZonedClock } from '../../api/zonedTime.ts';
import { findProvider } from '../../providers/registry.ts';
import { ControlClient } from '../controlClient.ts';
import { followJob } from './jobFollowing.ts';
import { committedTranscript, reportJobOutcome } from './jobOutcome.ts';
import { JobProgressLine } from './jobProgressLine.ts';
import { UsageError } from './usage.ts';

/** How often `jobs show --wait` looks for a service to start again. */
const servicePollIntervalMs = 500;

export const waitingForServiceNote =
  'Waiting for the Earshot service to start again… (Ctrl-C to stop waiting; the job keeps its place)';

/**
 * `earshot jobs list|show|cancel`: the file transcription jobs of the running service, which keeps
 * them (unfinished ones resume when it starts again). `show --wait` follows a job to its end, across
 * restarts of the service, and prints the transcript as `earshot transcribe` does.
 */
export async function jobsCommand(
  dataDirectory: string,
  action: string | undefined,
  id: string | undefined,
  wait: boolean,
): Promise<void> {
  if (action !== 'list' && action !== 'show' && action !== 'cancel') {
    throw new UsageError('Use: earshot jobs list | show ID [--wait] | cancel ID');
  }
  if (action === 'list') return listJobs(runningService(dataDirectory));
  if (id === undefined) {
    throw new UsageError(`Name the job: earshot jobs ${action} ID ("earshot jobs list" shows the ids)`);
  }
  if (action === 'show' && wait) return waitForJob(dataDirectory, id);
  const client = runningService(dataDirectory);
  if (action === 'show') return showJob(client, id);
  return cancelJob(client, dataDirectory, id);
}

export function noServiceMessage(dataDirectory: string): string {
  return (
    `No Earshot service is running for ${dataDirectory}, and jobs run only in the service. ` +
    'Start it with `earshot serve` (or open the app): unfinished jobs resume when it starts.'
  );
}

function runningService(dataDirectory: string): ControlClient {
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client === undefined) throw new Error(noServiceMessage(dataDirectory));
  return client;
}

function jobPath(id: string): string {
  return `/transcriptions/${encodeURIComponent(id)}`;
}

async function listJobs(client: ControlClient): Promise<void> {
  const { jobs } = await client.call<{ jobs: FileJobStatus[] }>('GET', '/transcriptions');
  if (jobs.length === 0) {
    console.error('No transcription jobs: none is running, and none ended recently.');
    return;
  }
  console.log(formatJobTable(jobs, createZonedClock(localTimeZone())));
  const unfinished = jobs.filter((job) => !isFinalFileJobState(job.state)).length;
  console.error(`${jobs.length} ${jobs.length === 1 ? 'job' : 'jobs'}, ${unfinished} unfinished.`);
}

async function showJob(client: ControlClient, id: string): Promise<void> {
  const job = await client.call<FileJobStatus>('GET', jobPath(id));
  console.log(formatJobDetails(job, createZonedClock(localTimeZone())));
}

async function cancelJob(client: ControlClient, dataDirectory: string, id: string): Promise<void> {
  const answer = await client.call<FileJobStatus>('POST', `${jobPath(id)}/cancel`);
  if (isFinalFileJobState(answer.state)) {
    const already = answer.state === 'cancelled' ? '' : ' It had already ended; nothing was cancelled.';
    console.log(`Job ${answer.jobId} (${answer.title}): ${answer.state}.${already}`);
    return;
  }
  // Cancelling removes what the vendor holds of the job first, which may take a few seconds.
  console.error(`Cancelling job ${answer.jobId}…`);
  const following = await followJob(client, dataDirectory, id, () => undefined);
  if (following.kind === 'serviceGone') {
    throw new Error(
      `The Earshot service stopped before job ${id} had finished cancelling. ` +
        `Once it runs again, earshot jobs show ${id} tells how the job ended.`,
    );
  }
  console.log(`Job ${following.status.jobId} (${following.status.title}): ${following.status.state}.`);
}

/**
 * Follows the job through whichever service runs, waiting while none does: the job keeps its place
 * in the store and resumes when one starts, so the wait ends only with the job (or Ctrl-C).
 */
async function waitForJob(dataDirectory: string, id: string): Promise<void> {
  const progress = new JobProgressLine(process.stderr);
  const stopWaiting = () => {
    progress.note(
      `Stopped waiting; job ${id} keeps its place. Follow it again with: earshot jobs show ${id} --wait`,
    );
    process.exit(130);
  };
  process.once('SIGINT', stopWaiting);
  let waiting = false;
  try {
    for (;;) {
      const client = ControlClient.forDataDirectory(dataDirectory);
      if (client !== undefined) {
        const following = await followJob(client, dataDirectory, id, (status) => {
          if (waiting) progress.note(`The Earshot service is running; following job ${id}.`);
          waiting = false;
          progress.show(status);
        });
        if (following.kind === 'ended') {
          const { status } = following;
          progress.end();
          const transcript =
            status.state === 'completed' ? committedTranscript(dataDirectory, status.sessionId) : '';
          return reportJobOutcome(status, transcript);
        }
      }
      if (!waiting) progress.note(waitingForServiceNote);
      waiting = true;
      await sleep(servicePollIntervalMs);
    }
  } finally {
    progress.end();
    process.off('SIGINT', stopWaiting);
  }
}

/** The jobs as a table, newest first within the unfinished ones, which come before the ended ones. */
export function formatJobTable(jobs: readonly FileJobStatus[], clock: ZonedClock): string {
  const unfinished = jobs.filter((job) => !isFinalFileJobState(job.state));
  const ended = jobs.filter((job) => isFinalFileJobState(job.state));
  const header = ['ID', 'STATE', 'DONE', 'CHUNK', 'PROVIDER', 'CREATED', 'TITLE'];
  const rows = [...unfinished, ...ended].map((job) => [
    job.jobId,
    stateText(job),
    // Right-aligned, so the digits line up.
    percentText(job).padStart('100%'.length),
    chunkText(job),
    providerLabel(job.providerId),
    createdText(job, clock),
    job.title,
  ]);
  const table = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0)));
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** One job, field by field, with the command that comes next for it. */
export function formatJobDetails(job: FileJobStatus, clock: ZonedClock): string {
  const provider = providerLabel(job.providerId);
  const fields: [string, string][] = [
    ['Job', job.jobId],
    ['Title', job.title],
    [
      'State',
      `${stateText(job)}, ${percentText(job)} done${job.chunkCount > 0 ? `, chunk ${chunkText(job)}` : ''}`,
    ],
    ['Provider', provider === job.providerId ? provider : `${provider} (${job.providerId})`],
    ['Language', job.language ?? 'detected by the provider'],
    ['Created', createdText(job, clock)],
    ['Session', job.sessionId],
  ];
  if (job.error !== null) fields.push(['Error', job.error]);
  const lines = fields.map(([name, value]) => `${`${name}:`.padEnd(10)}${value}`);
  if (job.state === 'completed') lines.push('', `The transcript: earshot sessions show ${job.sessionId}`);
  else if (!isFinalFileJobState(job.state))
    lines.push('', `Follow it with: earshot jobs show ${job.jobId} --wait`);
  return lines.join('\n');
}

function stateText(job: FileJobStatus): string {
  return job.resumeCount > 0 ? `${job.state} (resumed ${job.resumeCount}×)` : job.state;
}

function percentText(job: FileJobStatus): string {
  return `${Math.floor(job.progress * 100)}%`;
}

/** The chunk being worked on, counted from 1; none before the audio is decoded. */
function chunkText(job: FileJobStatus): string {
  if (job.chunkCount === 0) return '-';
  return `${Math.min(job.chunkIndex + 1, job.chunkCount)}/${job.chunkCount}`;
}

function providerLabel(providerId: string): string {
  return findProvider(providerId)?.metadata.label ?? providerId;
}

function createdText(job: FileJobStatus, clock: ZonedClock): string {
  const { date, time } = clock(job.createdAt);
  return `${date} ${time}`;
}
