import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * Debian's system Python: the Debian packages install pocketsphinx there, not in a pyenv or
 * virtual environment's Python that may come first on the PATH.
 */
const systemPython = '/usr/bin/python3';
const serverScript = fileURLToPath(new URL('./pocketsphinx_server.py', import.meta.url));
const modelDirectory = '/usr/share/pocketsphinx/model/en-us';
const modelFiles = ['en-us', 'en-us.lm.bin', 'cmudict-en-us.dict'];

/** Loading the acoustic model takes about a second; a busy machine may take several. */
const startTimeoutMs = 30_000;

/** One transcription the server did, in epoch milliseconds on this machine's clock. */
export interface RecognitionRequest {
  /** Its headers were read: the client had sent it. */
  receivedAt: number;
  /** Recognition began: the server's previous request was done. */
  startedAt: number;
  endedAt: number;
  audioMs: number;
  /** Words recognised. */
  words: number;
}

export interface PocketsphinxServer {
  /** The server's address, as P12's `baseUrl` takes it. */
  baseUrl: string;
  /** The transcriptions finished so far, in the order they finished. */
  requests(): Promise<RecognitionRequest[]>;
  /** Resolves once no transcription is being received, waiting or recognised. */
  whenIdle(): Promise<void>;
  /** Ends the server's process and resolves once it has exited. */
  close(): Promise<void>;
}

export type PocketsphinxAvailability = { available: true } | { available: false; reason: string };

/** Whether this machine can run the server, and if not, what to install. */
export function pocketsphinxAvailable(): PocketsphinxAvailability {
  const missing = [
    ...(spawnSync(systemPython, ['-c', 'import pocketsphinx'], { stdio: 'ignore' }).status === 0
      ? []
      : [`the pocketsphinx module of ${systemPython} (python3-pocketsphinx)`]),
    ...modelFiles
      .filter((file) => !existsSync(`${modelDirectory}/${file}`))
      .map((file) => `${modelDirectory}/${file} (pocketsphinx-en-us)`),
  ];
  if (missing.length === 0) return { available: true };
  return {
    available: false,
    reason:
      `The real recogniser needs ${missing.join(' and ')}: ` +
      'sudo apt-get install -y python3-pocketsphinx pocketsphinx-en-us (or run bash scripts/ensure-test-tools.sh as root).',
  };
}

/**
 * Starts test/recogniser/pocketsphinx_server.py on a free loopback port and resolves once it
 * answers `/health`. `slowdown` F makes each transcription take at least F × its audio length.
 */
export async function startPocketsphinxServer({ slowdown = 0 } = {}): Promise<PocketsphinxServer> {
  const availability = pocketsphinxAvailable();
  if (!availability.available) throw new Error(availability.reason);
  // Its standard input stays open as long as this process holds it: if this process dies without
  // closing the server, the server sees the end of its input and exits too.
  const child = spawn(
    systemPython,
    [serverScript, '--port', '0', '--slowdown', String(slowdown), '--exit-with-stdin'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const close = async () => {
    if (!hasExited) child.kill('SIGTERM');
    const killed = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
    if (!killed) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  try {
    const baseUrl = await listeningAddress(
      () => stdout,
      () => hasExited,
      () => stderr,
    );
    await healthy(baseUrl, () => hasExited);
    return {
      baseUrl,
      requests: async () => (await getJson(`${baseUrl}/requests`)) as RecognitionRequest[],
      whenIdle: async () => {
        while (((await getJson(`${baseUrl}/health`)) as { inFlight: number }).inFlight > 0) await sleep(100);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function listeningAddress(
  stdout: () => string,
  hasExited: () => boolean,
  stderr: () => string,
): Promise<string> {
  const deadline = performance.now() + startTimeoutMs;
  while (performance.now() < deadline) {
    const address = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout())?.[1];
    if (address !== undefined) return address;
    if (hasExited()) throw new Error(`The pocketsphinx server exited before listening: ${stderr().trim()}`);
    await sleep(50);
  }
  throw new Error(`The pocketsphinx server did not listen within ${startTimeoutMs} ms: ${stderr().trim()}`);
}

async function healthy(baseUrl: string, hasExited: () => boolean): Promise<void> {
  const deadline = performance.now() + startTimeoutMs;
  while (performance.now() < deadline && !hasExited()) {
    const answer = await fetch(`${baseUrl}/health`).catch(() => undefined);
    if (answer?.ok === true) return;
    await sleep(50);
  }
  throw new Error(`The pocketsphinx server at ${baseUrl} did not answer /health.`);
}

async function getJson(url: string): Promise<unknown> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`GET ${url} answered ${answer.status}: ${await answer.text()}`);
  return answer.json();
}
