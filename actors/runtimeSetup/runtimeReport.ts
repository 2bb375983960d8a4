import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { untrustedBinaryReason } from './binaryTrust.ts';
import { hasGgmlMagic } from './ggmlModelFile.ts';
import { unfinishedDownloads } from './incomingFiles.ts';
import { incomingDirectory, managedBinaryPath, modelsDirectory } from './runtimePaths.ts';
import { readRuntimeFileSettings } from './runtimeSettings.ts';
import { whisperServerProblem } from './whisperServerCheck.ts';

export interface BinaryReport {
  path: string;
  /** The binary `build` and `import-binary` put in the data directory, rather than P14's binaryPath. */
  managed: boolean;
  state: 'missing' | 'ready' | 'unusable';
  /** Why it is unusable. */
  problem: string | null;
}

export interface ModelReport {
  path: string | null;
  state: 'not_set' | 'missing' | 'ready' | 'unusable';
  bytes: number | null;
}

export interface InstalledModel {
  path: string;
  bytes: number;
}

/** What the P14 runtime has to run with: its binary, its model and the models in the data directory. */
export interface RuntimeFilesReport {
  binary: BinaryReport;
  model: ModelReport;
  installedModels: InstalledModel[];
  /** Model downloads under way or kept to be continued, by file name: not models yet. */
  unfinishedDownloads: Array<{ name: string; bytes: number }>;
}

/**
 * Why P14 cannot use the binary at `path`: it is not one Earshot built or imported, or its
 * `--help` is not whisper-server's. Only a binary Earshot vouches for is run, even for `--help`.
 */
export async function binaryUsabilityProblem(
  dataDirectory: string,
  path: string,
): Promise<string | undefined> {
  return (await untrustedBinaryReason(dataDirectory, path)) ?? (await whisperServerProblem(path));
}

/**
 * Looks at the files P14 is set to use, as `earshot runtime status` and the runtime panel show
 * them. `binaryProblem` hashes the binary and runs its `--help`; a caller asking often may pass a
 * cached one.
 */
export async function runtimeFilesReport(
  dataDirectory: string,
  binaryProblem: (path: string) => Promise<string | undefined> = (path) =>
    binaryUsabilityProblem(dataDirectory, path),
): Promise<RuntimeFilesReport> {
  const settings = readRuntimeFileSettings(dataDirectory);
  return {
    binary: await binaryReport(
      settings.binaryPath ?? managedBinaryPath(dataDirectory),
      settings.binaryPath === undefined,
      binaryProblem,
    ),
    model: await modelReport(settings.modelPath),
    installedModels: await installedModels(dataDirectory),
    unfinishedDownloads: await unfinishedDownloads(incomingDirectory(dataDirectory)),
  };
}

async function binaryReport(
  path: string,
  managed: boolean,
  binaryProblem: (path: string) => Promise<string | undefined>,
): Promise<BinaryReport> {
  if (!(await isFile(path))) return { path, managed, state: 'missing', problem: null };
  const problem = await binaryProblem(path);
  return { path, managed, state: problem === undefined ? 'ready' : 'unusable', problem: problem ?? null };
}

async function modelReport(path: string | undefined): Promise<ModelReport> {
  if (path === undefined) return { path: null, state: 'not_set', bytes: null };
  const found = await stat(path).catch(() => undefined);
  if (found?.isFile() !== true) return { path, state: 'missing', bytes: null };
  return { path, state: (await hasGgmlMagic(path)) ? 'ready' : 'unusable', bytes: found.size };
}

/** Every file in the models folder: one gets there only whole (see incomingFiles.ts). */
async function installedModels(dataDirectory: string): Promise<InstalledModel[]> {
  const directory = modelsDirectory(dataDirectory);
  const names = await readdir(directory).catch(() => [] as string[]);
  const models: InstalledModel[] = [];
  for (const name of names.sort()) {
    const path = join(directory, name);
    const found = await stat(path).catch(() => undefined);
    if (found?.isFile() === true) models.push({ path, bytes: found.size });
  }
  return models;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}
