import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';

/**
 * The exit code of `earshot transcribe` when the service stopped mid-job: not a failed job (that is
 * 1), since the job keeps its place and resumes, so a script can tell the two apart and follow it.
 */
export const serviceStoppedExitCode = 3;

/** The service that ran a job `earshot transcribe` followed went away before the job ended. */
export class ServiceStoppedError extends Error {
  constructor(jobId: string, lastStatus: FileJobStatus | undefined) {
    const percent = Math.floor((lastStatus?.progress ?? 0) * 100);
    super(
      `The Earshot service stopped while transcribing (job ${jobId}, ${percent}% done).\n` +
        'Nothing transcribed so far is lost: the job resumes when the service starts again ' +
        '(`earshot serve`, or the app).\n' +
        `Follow it with: earshot jobs show ${jobId} --wait`,
    );
  }
}
