import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runEarshot, startServeProcess } from '../support/earshotProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

const writer = fileURLToPath(new URL('./appendUntilKilled.ts', import.meta.url));
let directory: ReturnType<typeof temporaryDirectory>;

beforeEach(() => (directory = temporaryDirectory('durability')));
afterEach(() => directory.remove());

/** Starts the writer, lets it acknowledge some segments, kills it with SIGKILL mid-stream. */
async function killWriterAfter(acknowledged: number): Promise<number> {
  const child = spawn(process.execPath, [
    '--disable-warning=ExperimentalWarning',
    writer,
    directory.path,
    'live-1',
  ]);
  let lastAcknowledged = -1;
  let buffered = '';
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) lastAcknowledged = Number(line);
      if (lastAcknowledged >= acknowledged) {
        child.removeAllListeners('exit');
        child.kill('SIGKILL');
        child.on('exit', () => resolve());
      }
    });
  });
  return lastAcknowledged;
}

it('keeps every acknowledged segment through kill -9, and the restart marks the session interrupted', async () => {
  const lastAcknowledged = await killWriterAfter(60);

  const serve = await startServeProcess(['--port', '0', '--data-dir', directory.path]);
  try {
    expect(serve.stderr()).toMatch(
      /Session live-1 was recording when Earshot stopped; it is now interrupted/,
    );
    const token = runEarshot(['api', 'enable', '--data-dir', directory.path]).stdout.split('\n')[0] ?? '';
    const response = await fetch(`${serve.baseUrl}/api/v1/sessions/live-1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const detail = (await response.json()) as {
      status: string;
      segments: Array<{ seq: number; text: string }>;
    };
    expect(detail.status).toBe('interrupted');
    // Every segment the writer saw acknowledged is stored, in order and without gaps.
    expect(detail.segments.length).toBeGreaterThanOrEqual(lastAcknowledged + 1);
    detail.segments.forEach((segment, index) => {
      expect(segment.seq).toBe(index);
      expect(segment.text).toBe(`Sentence ${index}.`);
    });

    const finalized = runEarshot(['sessions', 'finalize', 'live-1', '--data-dir', directory.path]);
    expect(finalized.stdout).toContain('Session live-1 is completed.');
    const again = runEarshot(['sessions', 'finalize', 'live-1', '--data-dir', directory.path]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Cannot FINALIZE a session that is completed');
  } finally {
    serve.child.kill('SIGTERM');
    await serve.exited;
  }
});
