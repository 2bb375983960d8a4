import { basename, resolve } from 'node:path';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ControlClient } from '../controlClient.ts';
import { LocalRuntimes } from '../../actors/whisperRuntime/localRuntimes.ts';
import {
  providerBaseUrls,
  TranscriptionJobs,
  type TranscriptionRequest,
} from '../../actors/fileJob/transcriptionJobs.ts';
import { fileBlob } from './fileBlob.ts';
import { Interrupts } from './interrupts.ts';
import { followJob } from './jobFollowing.ts';
import { committedTranscript, reportJobOutcome } from './jobOutcome.ts';
import { JobProgressLine } from './jobProgressLine.ts';
import { ServiceStoppedError } from './serviceStoppedError.ts';
import { UsageError } from './usage.ts';

export interface TranscribeOptions {
  provider?: string;
  language?: string;
  title?: string;
}

/**
 * `earshot transcribe FILE`: through the running service when there is one (the job then shows in
 * the app too; the file's content is sent, since the service opens no path on anyone's behalf),
 * otherwise in this process against the data directory. Progress goes to stderr,
 * the transcript to stdout; Ctrl-C cancels the job cleanly, a second Ctrl-C quits at once. A service
 * that stops mid-job keeps the job, which resumes when it starts again: that ends this command with
 * ServiceStoppedError, which says how to follow the job.
 */
export async function transcribeCommand(
  dataDirectory: string,
  file: string | undefined,
  options: TranscribeOptions,
): Promise<void> {
  if (file === undefined) {
    throw new UsageError(
      'Name the file: earshot transcribe FILE [--provider ID] [--language xx] [--title T]',
    );
  }
  const request: TranscriptionRequest = { path: resolve(file), ...options };
  const progress = new JobProgressLine(process.stderr);
  const interrupts = new Interrupts(() => progress.note('Cancelling… (press Ctrl-C again to quit at once)'));
  try {
    const client = ControlClient.forDataDirectory(dataDirectory);
    const { status, transcript } =
      client === undefined
        ? await runHere(dataDirectory, request, progress, interrupts)
        : await runInService(client, dataDirectory, request, progress, interrupts);
    progress.end();
    reportJobOutcome(status, transcript);
  } finally {
    progress.end();
    interrupts.dispose();
  }
}

interface Outcome {
  status: FileJobStatus;
  transcript: string;
}

async function runHere(
  dataDirectory: string,
  request: TranscriptionRequest,
  progress: JobProgressLine,
  interrupts: Interrupts,
): Promise<Outcome> {
  const store = SessionStore.open(dataDirectory);
  // P14 runs on a whisper-server of this process's own, started for the job and stopped after it.
  const runtimes = new LocalRuntimes(dataDirectory);
  const jobs = new TranscriptionJobs({
    store,
    dataDirectory,
    resolveBaseUrl: providerBaseUrls(runtimes.startRuntime),
  });
  try {
    const job = jobs.start(request);
    job.subscribe((status) => progress.show(status));
    interrupts.onFirst(() => job.cancel());
    const status = await job.finished;
    // Closing the jobs would stop it: the session's copy of the file's audio is made first.
    await jobs.fileAudioKept(job.id);
    return { status, transcript: status.state === 'completed' ? store.getTranscript(job.sessionId) : '' };
  } finally {
    await jobs.close();
    await runtimes.stop();
    store.close();
  }
}

async function runInService(
  client: ControlClient,
  dataDirectory: string,
  request: TranscriptionRequest,
  progress: JobProgressLine,
  interrupts: Interrupts,
): Promise<Outcome> {
  const { path, ...options } = request;
  const file = await fileBlob(path);
  const sending = new AbortController();
  interrupts.onFirst(() => sending.abort());
  const { upload } = await client
    .upload<{ upload: string }>(`/uploads?name=${encodeURIComponent(basename(path))}`, file, sending.signal)
    .catch((error: unknown) => {
      if (sending.signal.aborted) throw new Error('Transcription cancelled.', { cause: error });
      throw error;
    });
  const { jobId } = await client.call<{ jobId: string }>('POST', '/transcriptions', {
    ...options,
    upload,
    // As a job on the file itself would be titled, not by the upload's name.
    title: options.title ?? basename(path),
  });
  interrupts.onFirst(() =>
    client
      .call('POST', `/transcriptions/${jobId}/cancel`)
      .catch((error: Error) => progress.note(`Could not cancel: ${error.message}`)),
  );
  const following = await followJob(client, dataDirectory, jobId, (status) => progress.show(status));
  if (following.kind === 'serviceGone') throw new ServiceStoppedError(jobId, following.lastStatus);
  const { status } = following;
  return {
    status,
    transcript: status.state === 'completed' ? committedTranscript(dataDirectory, status.sessionId) : '',
  };
}
