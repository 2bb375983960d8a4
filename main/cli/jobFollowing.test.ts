import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import type { FileJobState } from '../../machines/fileJob.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { ControlClient } from '../controlClient.ts';
import { removeServiceFiles, writeServiceFiles } from '../serviceFile.ts';
import { followJob } from './jobFollowing.ts';

/**
 * One answer of the stand-in service: a status; an error, given by another service than the one
 * first asked when the file that announces it is gone by then; or the service going away unanswered.
 */
type Answer = FileJobState | { status: number; error: string; announced: boolean } | 'gone';

let directory: ReturnType<typeof temporaryDirectory>;
let server: Server;
let answers: Answer[];
let asked: string[];

function status(state: FileJobState, progress: number): FileJobStatus {
  return {
    jobId: 'job-1',
    sessionId: 'session-1',
    path: '/data/uploads/x',
    title: 'talk.wav',
    providerId: 'openai-compatible',
    language: null,
    state,
    progress,
    chunkIndex: 0,
    chunkCount: 1,
    error: null,
    createdAt: Date.UTC(2026, 4, 6, 9, 40),
    resumeCount: 0,
  };
}

/** A stand-in for the service on a free port, announced in the data directory as this process. */
beforeEach(async () => {
  directory = temporaryDirectory('job-following');
  answers = [];
  asked = [];
  let progress = 0;
  server = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    const answer = answers.shift() ?? 'gone';
    if (answer === 'gone') {
      // As a killed service does: the connection drops, and nothing listens any more.
      request.socket.destroy();
      server.close();
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (typeof answer === 'object') {
      if (!answer.announced) removeServiceFiles(directory.path);
      response.statusCode = answer.status;
      response.end(JSON.stringify({ error: answer.error, code: 'job_not_found' }));
      return;
    }
    progress += 0.25;
    response.end(JSON.stringify(status(answer, progress)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  writeServiceFiles(
    directory.path,
    { pid: process.pid, port, baseUrl: `http://127.0.0.1:${port}`, startedAt: new Date().toISOString() },
    'secret',
  );
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  directory.remove();
});

function client(): ControlClient {
  const found = ControlClient.forDataDirectory(directory.path);
  if (found === undefined) throw new Error('the stand-in service is not announced');
  return found;
}

describe('following a job through the running service', () => {
  it('passes on every status until the job ends', async () => {
    answers = ['processing', 'saving', 'completed'];
    const seen: string[] = [];
    const following = await followJob(client(), directory.path, 'job-1', (each) => seen.push(each.state));
    expect(following).toEqual({ kind: 'ended', status: status('completed', 0.75) });
    expect(seen).toEqual(['processing', 'saving', 'completed']);
    expect(asked).toEqual(Array(3).fill('GET /control/v1/transcriptions/job-1'));
  });

  it('notices the service going away mid-job and keeps the last status it had', async () => {
    answers = ['processing', 'processing', 'gone'];
    const following = await followJob(client(), directory.path, 'job-1', () => undefined);
    expect(following).toEqual({ kind: 'serviceGone', lastStatus: status('processing', 0.5) });
  });

  it('takes a refusal from a service no longer announced as the one it asked being gone', async () => {
    const first = client();
    // The service restarted between two questions: a new one refuses the old launch secret.
    answers = ['processing', { status: 401, error: 'Present the launch secret.', announced: false }];
    const following = await followJob(first, directory.path, 'job-1', () => undefined);
    expect(following).toEqual({ kind: 'serviceGone', lastStatus: status('processing', 0.25) });
  });

  it('throws a refusal of the same service as it is', async () => {
    answers = [{ status: 404, error: 'There is no transcription job job-1.', announced: true }];
    await expect(followJob(client(), directory.path, 'job-1', () => undefined)).rejects.toThrow(
      'There is no transcription job job-1.',
    );
  });
});
