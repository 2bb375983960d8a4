import { basename, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isFinalFileJobState, type FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ControlClient } from '../controlClient.ts';
import { LocalRuntimes } from '../../actors/whisperRuntime/localRuntimes.ts';
import {
  providerBaseUrls,
  TranscriptionJobs,
  type TranscriptionRequest,
} from '../../actors/fileJob/transcriptionJobs.ts';
import { fileBlob } from './fileBlob.ts';
import { UsageError } from './usage.ts';

export interface TranscribeOptions {
  provider?: string;
  language?: string;
  title?: string;
}

/** How often the CLI asks a running service how the job is doing. */
const pollIntervalMs = 200;

/**
 * `earshot transcribe FILE`: through the running service when there is one (the job then shows in
 * the app too; the file's content is sent, since the service opens no path on anyone's behalf),
 * otherwise in this process against the data directory. Progress goes to stderr,
 * the transcript to stdout; Ctrl-C cancels the job cleanly, a second Ctrl-C quits at once.
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
  const progress = new ProgressLine(process.stderr);
  const interrupts = new Interrupts(() => progress.note('Cancelling… (press Ctrl-C again to quit at once)'));
  try {
    const client = ControlClient.forDataDirectory(dataDirectory);
    const { status, transcript } =
      client === undefined
        ? await runHere(dataDirectory, request, progress, interrupts)
        : await runInService(client, dataDirectory, request, progress, interrupts);
    progress.end();
    if (status.state === 'cancelled') throw new Error('Transcription cancelled.');
    if (status.state !== 'completed') throw new Error(status.error ?? 'The transcription failed.');
    if (transcript === '') process.stderr.write('No speech was recognised.\n');
    else process.stdout.write(`${transcript}\n`);
    process.stderr.write(`Saved as session ${status.sessionId}.\n`);
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
  progress: ProgressLine,
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
  progress: ProgressLine,
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
  for (;;) {
    const status = await client.call<FileJobStatus>('GET', `/transcriptions/${jobId}`);
    progress.show(status);
    if (isFinalFileJobState(status.state)) {
      if (status.state !== 'completed') return { status, transcript: '' };
      // The service owns the store; a read-only view sees what it has committed.
      const store = SessionStore.open(dataDirectory, { readOnly: true });
      try {
        return { status, transcript: store.getTranscript(status.sessionId) };
      } finally {
        store.close();
      }
    }
    await sleep(pollIntervalMs);
  }
}

/** One updating line on a terminal; plain lines, only when something a reader cares about changes, otherwise. */
class ProgressLine {
  private readonly stream: NodeJS.WriteStream;
  private shown = '';
  private open = false;

  constructor(stream: NodeJS.WriteStream) {
    this.stream = stream;
  }

  show(status: FileJobStatus): void {
    // A job refused before it began (P14 not set up) has nothing to report but the reason, which
    // follows: "failed 0%" above it would say the same thing twice.
    const failed = status.state === 'failing' || status.state === 'failed';
    if (failed && status.progress === 0) return;
    const percent = Math.floor(status.progress * 100);
    // A log gets a line per step and per tenth of the way, a terminal every percent.
    const step = this.stream.isTTY ? percent : Math.floor(percent / 10) * 10;
    const text = `${status.title}: ${describe(status)} ${step}%`;
    if (text === this.shown) return;
    this.shown = text;
    if (this.stream.isTTY) {
      this.stream.write(`\r\x1b[K${text}`);
      this.open = true;
    } else {
      this.stream.write(`${text}\n`);
    }
  }

  note(text: string): void {
    this.end();
    this.stream.write(`${text}\n`);
  }

  /** Ends the updating line, so what follows starts on its own. */
  end(): void {
    if (!this.open) return;
    this.stream.write('\n');
    this.open = false;
  }
}

function describe(status: FileJobStatus): string {
  const chunk = status.chunkCount > 1 ? ` chunk ${status.chunkIndex + 1}/${status.chunkCount}` : '';
  switch (status.state) {
    case 'queued':
      return 'waiting for other jobs to finish';
    case 'preparing':
      return 'decoding';
    case 'opening':
      return 'creating the session';
    case 'uploading':
      return `uploading${chunk}`;
    case 'processing':
      return `transcribing${chunk}`;
    case 'saving':
      return `saving${chunk}`;
    case 'finishing':
      return 'finishing';
    case 'failing':
    case 'failed':
      return 'failed';
    case 'cancelling':
      return 'cancelling';
    case 'cancelled':
      return 'cancelled';
    case 'completed':
      return 'done';
  }
}

/** Ctrl-C: the first asks the job to cancel, the second leaves at once. */
class Interrupts {
  private readonly announce: () => void;
  private cancel: (() => unknown) | undefined;
  private count = 0;
  private readonly handler = () => {
    this.count++;
    if (this.count > 1) process.exit(130);
    this.announce();
    this.cancel?.();
  };

  constructor(announce: () => void) {
    this.announce = announce;
    process.on('SIGINT', this.handler);
  }

  onFirst(cancel: () => unknown): void {
    this.cancel = cancel;
    if (this.count > 0) cancel();
  }

  dispose(): void {
    process.off('SIGINT', this.handler);
  }
}
