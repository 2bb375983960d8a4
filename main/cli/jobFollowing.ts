import { setTimeout as sleep } from 'node:timers/promises';
import { isFinalFileJobState, type FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { ServiceUnreachableError, type ControlClient } from '../controlClient.ts';
import { readRunningService } from '../serviceFile.ts';

/** How often a follower asks the service how the job is doing. */
const pollIntervalMs = 200;

/** How following a job through one service ended: the job ended, or the service went away first. */
export type JobFollowing =
  { kind: 'ended'; status: FileJobStatus } | { kind: 'serviceGone'; lastStatus: FileJobStatus | undefined };

/**
 * Asks the service behind `client` for the job's status, passing each to `onStatus`, until the job
 * ends or the service goes away. A refusal from the service itself (no such job) is thrown as it is.
 */
export async function followJob(
  client: ControlClient,
  dataDirectory: string,
  jobId: string,
  onStatus: (status: FileJobStatus) => void,
): Promise<JobFollowing> {
  let lastStatus: FileJobStatus | undefined;
  for (;;) {
    let status: FileJobStatus;
    try {
      status = await client.call<FileJobStatus>('GET', `/transcriptions/${encodeURIComponent(jobId)}`);
    } catch (error) {
      if (serviceWentAway(client, dataDirectory, error)) return { kind: 'serviceGone', lastStatus };
      throw error;
    }
    lastStatus = status;
    onStatus(status);
    if (isFinalFileJobState(status.state)) return { kind: 'ended', status };
    await sleep(pollIntervalMs);
  }
}

/**
 * The service stopped answering, or another one (or none) now announces itself for the data
 * directory: a service that restarted between two questions answers with a new launch secret, so
 * its refusal says nothing about the job.
 */
function serviceWentAway(client: ControlClient, dataDirectory: string, error: unknown): boolean {
  if (error instanceof ServiceUnreachableError) return true;
  return readRunningService(dataDirectory)?.info.pid !== client.info.pid;
}
