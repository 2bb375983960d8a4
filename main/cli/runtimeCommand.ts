import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WhisperRuntimeStatus } from '../../actors/whisperRuntime/whisperRuntime.ts';
import { whisperCppConfigSchema } from '../../providers/whisper-cpp/config.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';
import { buildBinary } from '../../actors/runtimeSetup/buildBinary.ts';
import { downloadModel } from '../../actors/runtimeSetup/downloadModel.ts';
import { importBinary } from '../../actors/runtimeSetup/importBinary.ts';
import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import { findModel, modelHostUrl, officialModels } from '../../providers/whisper-cpp/modelManifest.ts';
import { progressBar } from './progressBar.ts';
import { runtimeForConfig } from '../../actors/runtimeSetup/runtimeForConfig.ts';
import { incomingDirectory, modelsDirectory } from '../../actors/runtimeSetup/runtimePaths.ts';
import { runtimeFilesReport } from '../../actors/runtimeSetup/runtimeReport.ts';
import {
  isProcessAlive,
  readRuntimeRecord,
  removeRuntimeRecord,
  type RuntimeRecord,
  writeRuntimeRecord,
} from '../../actors/runtimeSetup/runtimeRecord.ts';
import { readRuntimeFileSettings, useModel } from '../../actors/runtimeSetup/runtimeSettings.ts';
import { storedRuntimeProblem } from '../../actors/runtimeSetup/storedRuntimeProblem.ts';
import { UsageError } from './usage.ts';

const providerId = 'whisper-cpp';
const howToUse =
  'Use: earshot runtime status | build | import-binary PATH | import-model PATH | download-model NAME | start | stop';
/** How long `stop` waits for the runtime to go before it kills the server. */
const stopWaitMs = 15_000;

/** `earshot runtime …`: the binary and models of the P14 whisper.cpp runtime, and running it. */
export async function runtimeCommand(
  dataDirectory: string,
  action: string | undefined,
  argument: string | undefined,
): Promise<void> {
  switch (action) {
    case 'status':
      return printStatus(dataDirectory);
    case 'build':
      return build(dataDirectory);
    case 'import-binary': {
      const path = await importBinary(required(argument, 'import-binary PATH'), dataDirectory);
      console.log(`whisper-server is at ${path}`);
      return noteConfiguredBinary(dataDirectory);
    }
    case 'import-model': {
      const { path, alreadyPresent } = await importModel(
        required(argument, 'import-model PATH'),
        dataDirectory,
      );
      console.log(alreadyPresent ? `The model is already at ${path}` : `Copied the model to ${path}`);
      return announceModel(dataDirectory, path);
    }
    case 'download-model':
      return download(dataDirectory, argument);
    case 'start':
      return runInForeground(dataDirectory);
    case 'stop':
      return stopForegroundRuntime(dataDirectory);
    default:
      throw new UsageError(howToUse);
  }
}

function required(argument: string | undefined, form: string): string {
  if (argument === undefined || argument.trim() === '') throw new UsageError(`Use: earshot runtime ${form}`);
  return argument;
}

function announceModel(dataDirectory: string, path: string): void {
  useModel(dataDirectory, path);
  console.log(`P14 whisper.cpp now uses this model (modelPath=${path}).`);
}

function noteConfiguredBinary(dataDirectory: string): void {
  const configured = readRuntimeFileSettings(dataDirectory).binaryPath;
  if (configured !== undefined && configured !== '') {
    console.log(
      `Note: P14 is set to use ${configured} (binaryPath). To use this one, clear it: earshot providers set whisper-cpp binaryPath=`,
    );
  }
}

/** The build script's steps as lines and cmake's percentage as a bar, on stderr; the compiler's lines only if it fails. */
async function build(dataDirectory: string): Promise<void> {
  const bar = progressBar('Compiling whisper-server', { megabytes: false });
  const path = await buildBinary(dataDirectory, {
    onStep: (step) => {
      bar.finish();
      process.stderr.write(`${step}\n`);
    },
    onProgress: (fraction) => bar.update(fraction, 1),
  }).finally(() => bar.finish());
  console.log(`whisper-server is at ${path}`);
  noteConfiguredBinary(dataDirectory);
}

async function download(dataDirectory: string, name: string | undefined): Promise<void> {
  const choices = officialModels
    .map((model) => `  ${model.name.padEnd(14)} ${megabytes(model.bytes)}`)
    .join('\n');
  if (name === undefined)
    throw new UsageError(`Use: earshot runtime download-model NAME, one of:\n${choices}`);
  const model = findModel(officialModels, name);
  if (model === undefined) throw new UsageError(`There is no model "${name}". Choose one of:\n${choices}`);
  const baseUrl = modelHostUrl();
  const bar = progressBar(model.file);
  const { path, downloaded } = await downloadModel({
    model,
    baseUrl,
    dataDirectory,
    onProgress: (received, total) => bar.update(received, total),
  }).finally(() => bar.finish());
  console.log(downloaded ? `Downloaded and verified ${path}` : `The model is already at ${path} (verified)`);
  announceModel(dataDirectory, path);
}

async function printStatus(dataDirectory: string): Promise<void> {
  const { binary, model, installedModels, unfinishedDownloads } = await runtimeFilesReport(dataDirectory);
  const binaryState = binary.state === 'ready' ? 'runs as whisper-server' : (binary.problem ?? 'missing');
  console.log(`Binary:  ${binary.path} (${binary.managed ? 'managed' : 'binaryPath'}): ${binaryState}`);

  if (model.path === null) {
    console.log('Model:   not set (earshot runtime download-model NAME, or import-model PATH)');
  } else if (model.bytes === null) {
    console.log(`Model:   ${model.path}: missing`);
  } else {
    const kind = model.state === 'ready' ? 'ggml model' : 'not a ggml model';
    console.log(`Model:   ${model.path} (${megabytes(model.bytes)}): ${kind}`);
  }
  const installed = installedModels.map(({ path, bytes }) => `${basename(path)} (${megabytes(bytes)})`);
  console.log(
    `Models in ${modelsDirectory(dataDirectory)}: ${installed.length === 0 ? 'none' : installed.join(', ')}`,
  );
  if (unfinishedDownloads.length > 0) {
    const unfinished = unfinishedDownloads.map(({ name, bytes }) => `${name} (${megabytes(bytes)} so far)`);
    console.log(
      `Unfinished downloads in ${incomingDirectory(dataDirectory)}: ${unfinished.join(', ')}; ` +
        'download-model continues each, or remove the file to free the space',
    );
  }

  const record = readRuntimeRecord(dataDirectory);
  if (record === undefined) {
    console.log('Runtime: not running');
  } else if (isProcessAlive(record.ownerPid)) {
    console.log(
      `Runtime: running at ${record.baseUrl} (whisper-server pid ${record.serverPid}, owned by "earshot runtime start" pid ${record.ownerPid})`,
    );
  } else if (isProcessAlive(record.serverPid)) {
    console.log(
      `Runtime: whisper-server pid ${record.serverPid} outlived the process that started it; stop it with: earshot runtime stop`,
    );
  } else {
    removeRuntimeRecord(dataDirectory);
    console.log('Runtime: not running');
  }
}

/** Runs whisper-server until SIGINT/SIGTERM (Ctrl-C, `earshot runtime stop`) or until it fails for good. */
async function runInForeground(dataDirectory: string): Promise<void> {
  const existing = readRuntimeRecord(dataDirectory);
  if (existing !== undefined && isProcessAlive(existing.ownerPid)) {
    throw new Error(
      `whisper-server already runs at ${existing.baseUrl} (pid ${existing.serverPid}); stop it with: earshot runtime stop`,
    );
  }
  const runtimeProblem = storedRuntimeProblem(dataDirectory);
  if (runtimeProblem !== undefined) throw new Error(runtimeProblem);
  const parsed = whisperCppConfigSchema.safeParse(readProviderConfig(dataDirectory, providerId));
  if (!parsed.success) {
    throw new Error(
      `P14 whisper.cpp is not configured: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  const runtime = runtimeForConfig(dataDirectory, parsed.data);
  const stopRequested = new AbortController();
  const onSignal = () => stopRequested.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let lastState: WhisperRuntimeStatus['state'] | undefined;
  let ready = false;
  let reportFailure: (failure: string) => void = () => {};
  const failed = new Promise<string>((resolve) => (reportFailure = resolve));
  const startedAt = new Date().toISOString();
  const unsubscribe = runtime.subscribe((status) => {
    if (ready && status.state !== lastState) {
      console.error(
        `whisper-server: ${status.state === 'restarting' ? 'crashed, restarting' : status.state}`,
      );
    }
    lastState = status.state;
    if (status.state === 'failed') reportFailure(status.failure ?? 'whisper-server failed');
    if (status.state === 'running' && status.pid !== null && status.baseUrl !== null) {
      writeRuntimeRecord(dataDirectory, {
        ownerPid: process.pid,
        serverPid: status.pid,
        baseUrl: status.baseUrl,
        startedAt,
      });
    }
  });
  try {
    const { baseUrl } = await runtime.ensureRunning(stopRequested.signal);
    ready = true;
    console.log(`whisper-server is running at ${baseUrl} (pid ${runtime.status().pid}). Ctrl-C stops it.`);
    const stopped = new Promise<undefined>((resolve) =>
      stopRequested.signal.addEventListener('abort', () => resolve(undefined), { once: true }),
    );
    const failure = await Promise.race([failed, stopped]);
    if (failure !== undefined) throw new Error(failure);
    console.log('Stopping whisper-server…');
  } catch (error) {
    if (!stopRequested.signal.aborted) throw error;
  } finally {
    unsubscribe();
    await runtime.stop();
    if (readRuntimeRecord(dataDirectory)?.ownerPid === process.pid) removeRuntimeRecord(dataDirectory);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  console.log('whisper-server stopped.');
}

async function stopForegroundRuntime(dataDirectory: string): Promise<void> {
  const record = readRuntimeRecord(dataDirectory);
  if (record === undefined || (!isProcessAlive(record.ownerPid) && !isProcessAlive(record.serverPid))) {
    removeRuntimeRecord(dataDirectory);
    console.log('No runtime started by "earshot runtime start" is running.');
    return;
  }
  // The owner stops its server and waits for it; only an orphaned server is signalled directly.
  if (isProcessAlive(record.ownerPid)) process.kill(record.ownerPid, 'SIGTERM');
  else signalServer(record, 'SIGTERM');
  if (!(await gone(record, stopWaitMs))) {
    signalServer(record, 'SIGKILL');
    if (!(await gone(record, 2_000))) {
      throw new Error(
        `whisper-server (pid ${record.serverPid}) or its owner (pid ${record.ownerPid}) did not stop.`,
      );
    }
  }
  removeRuntimeRecord(dataDirectory);
  console.log(`Stopped whisper-server (pid ${record.serverPid}).`);
}

/** The server leads its own process group, so the signal reaches anything it started. */
function signalServer(record: RuntimeRecord, signal: NodeJS.Signals): void {
  try {
    process.kill(-record.serverPid, signal);
  } catch {
    if (isProcessAlive(record.serverPid)) process.kill(record.serverPid, signal);
  }
}

async function gone(record: RuntimeRecord, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(record.ownerPid) || isProcessAlive(record.serverPid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
