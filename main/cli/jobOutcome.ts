import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { SessionStore } from '../../store/sessionStore.ts';

/**
 * How a command that followed a file job to its end reports it: the transcript on stdout and the
 * session it was saved as on stderr, or an error (exit 1) for a job that failed or was cancelled.
 */
export function reportJobOutcome(status: FileJobStatus, transcript: string): void {
  if (status.state === 'cancelled') throw new Error('Transcription cancelled.');
  if (status.state !== 'completed') throw new Error(status.error ?? 'The transcription failed.');
  if (transcript === '') process.stderr.write('No speech was recognised.\n');
  else process.stdout.write(`${transcript}\n`);
  process.stderr.write(`Saved as session ${status.sessionId}.\n`);
}

/** The transcript a running service has committed for a session. */
export function committedTranscript(dataDirectory: string, sessionId: string): string {
  // The service owns the store; a read-only view sees what it has committed.
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  try {
    return store.getTranscript(sessionId);
  } finally {
    store.close();
  }
}
