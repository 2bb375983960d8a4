import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';

export type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';

type FileJobState = FileJobStatus['state'];

const endedStates: ReadonlySet<FileJobState> = new Set(['completed', 'failed', 'cancelled']);

/** A job in one of these states never changes again; any other goes on, across restarts too. */
export function isEndedJob(job: FileJobStatus): boolean {
  return endedStates.has(job.state);
}

/** What an unfinished job is doing, for people. */
export function jobStateLabel(state: FileJobState): string {
  switch (state) {
    case 'queued':
      return 'Waiting for a free slot';
    case 'preparing':
      return 'Preparing the audio';
    case 'opening':
      return 'Connecting to the provider';
    case 'uploading':
      return 'Sending to the provider';
    case 'processing':
      return 'The provider is transcribing';
    case 'cancelling':
      return 'Cancelling';
    case 'failing':
      return 'Stopping after an error';
    default:
      return 'Saving';
  }
}
