import { stat } from 'node:fs/promises';
import { Hono } from 'hono';
import { z } from 'zod';
import type { WhisperRuntimeState } from '../../machines/whisperRuntime.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import { definition as whisperCpp } from '../../providers/whisper-cpp/definition.ts';
import { suggestedModel } from '../../providers/whisper-cpp/runtimeSetupProblem.ts';
import type { LocalRuntimes } from '../../actors/whisperRuntime/localRuntimes.ts';
import { configurationProblems } from '../../providers/configuration/fieldProblems.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';
import { binaryRecordPath } from '../../actors/runtimeSetup/binaryRecord.ts';
import { buildBinary, type BuildListener } from '../../actors/runtimeSetup/buildBinary.ts';
import { downloadModel } from '../../actors/runtimeSetup/downloadModel.ts';
import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import {
  findModel,
  modelHostUrl,
  type ModelEntry,
  officialModels,
} from '../../providers/whisper-cpp/modelManifest.ts';
import {
  type BinaryReport,
  binaryUsabilityProblem,
  type ModelReport,
  runtimeFilesReport,
} from '../../actors/runtimeSetup/runtimeReport.ts';
import { readRuntimeFileSettings, useModel } from '../../actors/runtimeSetup/runtimeSettings.ts';
import { storedRuntimeProblem } from '../../actors/runtimeSetup/storedRuntimeProblem.ts';
import { errorResponse } from '../responses.ts';
import { receiveUpload } from './receiveUpload.ts';
import { safeFileName } from '../../store/safeFileName.ts';
import { newUploadPath, removeUpload } from '../../store/uploadedFiles.ts';
import { maxUploadBytes } from './uploadControl.ts';
import { RuntimeTasks, type RuntimeTaskStatus, taskLogLines } from './runtimeTasks.ts';

/** The runtime panel: the P14 runtime's files, the service's whisper-server, and the task under way. */
export interface RuntimePanel {
  binary: BinaryReport;
  model: ModelReport;
  /** Paths of the models in the data directory, any of which P14's modelPath may name. */
  installedModels: string[];
  officialModels: Array<{ name: string; bytes: number }>;
  /** The official model a first run is pointed to. */
  suggestedModel: string;
  runtime: {
    /** `stopped` until the service first needed it. */
    state: WhisperRuntimeState;
    baseUrl: string | null;
    pid: number | null;
    failure: string | null;
    /** Started here (`POST /runtime/start`) and kept running until `POST /runtime/stop`. */
    held: boolean;
  };
  task: RuntimeTaskStatus;
  /** The last lines of whisper-server's output, then those of the latest build. */
  log: string[];
}

export interface RuntimeControlDependencies {
  dataDirectory: string;
  /** The service's managed runtime, the one jobs and live sessions use. */
  runtimes: LocalRuntimes;
  /** Default: `buildBinary` (compiles whisper.cpp, a few minutes). */
  buildBinary?: (dataDirectory: string, listener: BuildListener) => Promise<string>;
  /** Default: the official whisper.cpp models. */
  models?: readonly ModelEntry[];
  /** Default: `$EARSHOT_MODEL_BASE_URL`, else the official model host, read at each download. */
  modelBaseUrl?: string;
}

export const downloadRequestSchema = z.object({ name: z.string() }).strict();

/** The largest ggml model (large-v3, about 3.1 GB) fits. */
const modelUploadLimit = {
  maxBytes: maxUploadBytes,
  tooLargeAdvice: 'No whisper.cpp model is that large; choose the ggml-*.bin file itself.',
};

/**
 * The P14 runtime panel on the control channel, relative to its base path (mount it at
 * `/control/v1`, behind the launch-secret check):
 * - `GET /runtime` → RuntimePanel
 * - `POST /runtime/start` → RuntimePanel, once whisper-server runs from the stored P14 settings;
 *   it keeps running until `POST /runtime/stop` (and as long as a job or live session uses it)
 * - `POST /runtime/build`, `POST /runtime/download-model {name}` → 202 RuntimePanel; the task runs
 *   in the background, one at a time (else 409 `task_running`), followed through `GET /runtime`
 * - `POST /runtime/import-model?name=<file name>` with the model file as the raw body → RuntimePanel
 *   (the service opens no path a caller names; the file comes as an upload)
 *
 * There is no import of a binary here: whoever may call these routes (one stolen browser session is
 * enough) could otherwise hand the service any program to run. A binary comes from a build (the
 * pinned whisper.cpp source) or from `earshot runtime import-binary PATH` at the owner's terminal.
 */
export function createRuntimeControl(dependencies: RuntimeControlDependencies): Hono {
  const { dataDirectory, runtimes } = dependencies;
  const build = dependencies.buildBinary ?? buildBinary;
  const models = dependencies.models ?? officialModels;
  const tasks = new RuntimeTasks();
  const binaryProblem = cachedBinaryCheck(dataDirectory);
  const app = new Hono();

  const panel = async (): Promise<RuntimePanel> => {
    const files = await runtimeFilesReport(dataDirectory, binaryProblem);
    const status = runtimes.status();
    return {
      binary: files.binary,
      model: files.model,
      installedModels: files.installedModels.map((model) => model.path),
      officialModels: models.map(({ name, bytes }) => ({ name, bytes })),
      suggestedModel,
      runtime: {
        state: status?.state ?? 'stopped',
        baseUrl: status?.baseUrl ?? null,
        pid: status?.pid ?? null,
        failure: status?.failure ?? null,
        held: runtimes.isHeld(),
      },
      task: tasks.status(),
      log: [...(status?.output ?? []), ...tasks.log()].slice(-taskLogLines),
    };
  };

  app.get('/runtime', async (context) => context.json(await panel()));

  app.post('/runtime/start', async (context) => {
    const runtimeProblem = storedRuntimeProblem(dataDirectory);
    if (runtimeProblem !== undefined) return errorResponse('runtime_not_configured', runtimeProblem);
    const stored = readProviderConfig(dataDirectory, whisperCpp.metadata.id);
    const problems = configurationProblems(whisperCpp, stored);
    if (problems.length > 0) {
      return errorResponse(
        'runtime_not_configured',
        `P14 whisper.cpp is not set up yet: ${problems.join('; ')}.`,
      );
    }
    try {
      await runtimes.hold(whisperCpp.configSchema.parse(stored));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return error.kind === 'configuration'
        ? errorResponse('runtime_unavailable', error.message)
        : errorResponse('runtime_failed', error.message);
    }
    return context.json(await panel());
  });

  app.post('/runtime/stop', async (context) => {
    await runtimes.letGo();
    return context.json(await panel());
  });

  app.post('/runtime/build', async (context) => {
    const started = tasks.start(
      'build',
      'Building whisper-server from source (a few minutes).',
      async (report) => {
        const path = await build(dataDirectory, {
          onLine: (line) => report.output(`${line}\n`),
          onProgress: report.progress,
        });
        const configured = readRuntimeFileSettings(dataDirectory).binaryPath;
        return configured === undefined
          ? `whisper-server is built at ${path}.`
          : `whisper-server is built at ${path}, but P14 is set to use ${configured} (binaryPath); clear binaryPath to use this one.`;
      },
    );
    if (!started) return taskRunning(tasks);
    return context.json(await panel(), 202);
  });

  app.post('/runtime/download-model', async (context) => {
    const parsed = downloadRequestSchema.safeParse(await context.req.json().catch(() => undefined));
    const names = models.map((model) => model.name).join(', ');
    if (!parsed.success) return errorResponse('invalid_request', `Send {"name": "<one of ${names}>"}.`);
    const model = findModel(models, parsed.data.name);
    if (model === undefined) {
      return errorResponse(
        'unknown_model',
        `There is no model "${parsed.data.name}". Choose one of: ${names}.`,
      );
    }
    const baseUrl = dependencies.modelBaseUrl ?? modelHostUrl();
    const started = tasks.start('download-model', `Downloading ${model.file}.`, async (report) => {
      const { path, downloaded } = await downloadModel({
        model,
        baseUrl,
        dataDirectory,
        onProgress: (received, total) => report.progress(received / total),
      });
      useModel(dataDirectory, path);
      return `${downloaded ? 'Downloaded and verified' : 'Already had (verified)'} ${path}; P14 now uses it.`;
    });
    if (!started) return taskRunning(tasks);
    return context.json(await panel(), 202);
  });

  app.post('/runtime/import-model', async (context) => {
    const name = context.req.query('name')?.trim() ?? '';
    if (name === '') {
      return errorResponse(
        'invalid_request',
        'Send the model file itself as the body: POST /runtime/import-model?name=<its file name>.',
      );
    }
    const upload = newUploadPath(dataDirectory, name);
    const received = await receiveUpload(context.req.raw, upload, modelUploadLimit);
    if (!received.ok) return received.response;
    try {
      useModel(
        dataDirectory,
        (await importModel(upload, dataDirectory, safeFileName(name, 'model.bin'))).path,
      );
    } catch (error) {
      return errorResponse('invalid_model', (error as Error).message);
    } finally {
      removeUpload(upload);
    }
    return context.json(await panel());
  });

  return app;
}

function taskRunning(tasks: RuntimeTasks): Response {
  return errorResponse(
    'task_running',
    `Another runtime task is under way: ${tasks.status().message} Start this one once it has ended.`,
  );
}

/**
 * `binaryUsabilityProblem` hashes the binary and runs it; the panel is polled while tasks run, so
 * the answer is kept for as long as the file and its sha256 record are the same (same size and
 * modification times). The record counts because a build writes it just after the binary.
 */
function cachedBinaryCheck(dataDirectory: string): (path: string) => Promise<string | undefined> {
  let cached: { key: string; problem: Promise<string | undefined> } | undefined;
  return async (path) => {
    const found = await stat(path);
    const record = await stat(binaryRecordPath(path)).catch(() => undefined);
    const key = `${path}\n${found.size}\n${found.mtimeMs}\n${record?.mtimeMs ?? 'no record'}`;
    if (cached?.key !== key) cached = { key, problem: binaryUsabilityProblem(dataDirectory, path) };
    return cached.problem;
  };
}
