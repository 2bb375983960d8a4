import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeLoopbackPort } from '../../../actors/whisperRuntime/freeLoopbackPort.ts';
import { OtherWorkMeter } from './machineLoad.ts';
import { ProcessWatch, type WatchedProcess } from './processWatch.ts';

export interface WhisperServerLaunch {
  binaryPath: string;
  modelPath: string;
  threads: number;
}

export interface DirectWhisperRun {
  /** Spawn to the first `GET /health` answering 200 `{"status":"ok"}`. */
  readyMs: number;
  /** The curl process, from spawn to exit: upload, inference and the answer. */
  curlMs: number;
  server: WatchedProcess;
  /** The `duration` whisper-server reported, seconds: proof it heard the whole file. */
  answeredDurationSeconds: number;
  /** Cores' worth of other work on the machine from spawn to curl's exit (see OtherWorkMeter). */
  otherWorkCores: number;
}

/** Finer than the runtime's own 100 ms probe, so the figure is the server's start, not our polling. */
const healthPollMs = 10;
const readyTimeoutMs = 60_000;

/**
 * The baseline without Earshot: whisper-server started by hand with the flags the managed runtime
 * gives it, then one `curl -F file=@FILE -F response_format=verbose_json …/inference`, as a person
 * would try it.
 */
export async function runDirectWhisperServer(
  launch: WhisperServerLaunch,
  wavPath: string,
  responsePath: string,
): Promise<DirectWhisperRun> {
  const port = await freeLoopbackPort([]);
  const baseUrl = `http://127.0.0.1:${port}`;
  const otherWork = new OtherWorkMeter();
  const spawnedAt = performance.now();
  const server = spawn(
    launch.binaryPath,
    ['-m', launch.modelPath, '--host', '127.0.0.1', '--port', String(port), '-t', String(launch.threads)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const watch = new ProcessWatch(server.pid ?? 0);
  let output = '';
  const keep = (data: Buffer) => (output = (output + data.toString('utf8')).slice(-2_000));
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    await waitUntilReady(baseUrl, server);
    const readyMs = performance.now() - spawnedAt;
    const curlStartedAt = performance.now();
    await runCurl([
      '-sS',
      '--fail',
      '-o',
      responsePath,
      '-F',
      `file=@${wavPath}`,
      '-F',
      'response_format=verbose_json',
      `${baseUrl}/inference`,
    ]);
    const curlMs = performance.now() - curlStartedAt;
    const answer = JSON.parse(readFileSync(responsePath, 'utf8')) as { duration?: unknown };
    if (typeof answer.duration !== 'number') throw new Error('whisper-server answered without a duration.');
    const { root } = watch.stop();
    if (root === undefined) throw new Error('whisper-server was never seen in /proc.');
    return {
      readyMs,
      curlMs,
      server: root,
      answeredDurationSeconds: answer.duration,
      otherWorkCores: otherWork.finish(root.cpuMilliseconds, readyMs + curlMs),
    };
  } catch (error) {
    throw new Error(`${(error as Error).message}\nwhisper-server said:\n${output.trim()}`, { cause: error });
  } finally {
    watch.stop();
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000).then(() => server.kill('SIGKILL'))]);
    await exited;
  }
}

async function waitUntilReady(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = performance.now() + readyTimeoutMs;
  while (performance.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error('whisper-server exited while starting.');
    try {
      const response = await fetch(`${baseUrl}/health`);
      const body = (await response.json().catch(() => undefined)) as { status?: unknown } | undefined;
      if (response.status === 200 && body?.status === 'ok') return;
    } catch {
      // Not listening yet.
    }
    await sleep(healthPollMs);
  }
  throw new Error(`whisper-server was not ready within ${readyTimeoutMs / 1000} s.`);
}

function runCurl(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const curl = spawn('curl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    curl.stderr.setEncoding('utf8').on('data', (data: string) => (said += data));
    curl.once('error', (error) => reject(new Error(`curl could not be started: ${error.message}`)));
    curl.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`curl failed (code ${code}): ${said.trim()}`)),
    );
  });
}
