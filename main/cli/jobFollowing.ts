import { setTimeout as sleep } from 'node:timers/promises';
import { isFinalFileJobState, type FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { ServiceUnreachableError, type ControlClient } from '../controlClient.ts';
import { readRunningService } from '../serviceFile.ts';

/** How often a follower asks the service how the job is doing. */
const pollIntervalMs = 200;

/** How following a job through one service ended: the job ended, or the service went away first. */
export type JobFollowing<Status = FileJobStatus> =
  { kind: 'ended'; status: Status } | { kind: 'serviceGone'; lastStatus: Status | undefined };

/** Follows a file job (`followStatus` on its route). */
export function followJob(
  client: ControlClient,
  dataDirectory: string,
  jobId: string,
  onStatus: (status: FileJobStatus) => void,
): Promise<JobFollowing> {
  return followStatus(
    client,
    dataDirectory,
    `/transcriptions/${encodeURIComponent(jobId)}`,
    (status: FileJobStatus) => isFinalFileJobState(status.state),
    onStatus,
  );
}

/**
 * Asks the service behind `client` for the job's status at `path` (a file job's or an AI job's),
 * passing each to `onStatus`, until `hasEnded` says the job ended or the service goes away. A refusal
 * from the service itself (no such job) is thrown as it is.
 */
export async function followStatus<Status>(
  client: ControlClient,
  dataDirectory: string,
  path: string,
  hasEnded: (status: Status) => boolean,
  onStatus: (status: Status) => void,
): Promise<JobFollowing<Status>> {
  let lastStatus: Status | undefined;
  for (;;) {
    let status: Status;
    try {
      status = await client.call<Status>('GET', path);
    } catch (error) {
      if (serviceWentAway(client, dataDirectory, error)) return { kind: 'serviceGone', lastStatus };
      throw error;
    }
    lastStatus = status;
    onStatus(status);
    if (hasEnded(status)) return { kind: 'ended', status };
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
