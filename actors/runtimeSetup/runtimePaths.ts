import { join } from 'node:path';

/** Where the managed whisper.cpp runtime keeps its files: `<dataDir>/runtime/`. */
export function runtimeDirectory(dataDirectory: string): string {
  return join(dataDirectory, 'runtime');
}

/** The folder of the whisper-server binaries `build` and `import-binary` put in place: the only ones P14 runs. */
export function binaryDirectory(dataDirectory: string): string {
  return join(runtimeDirectory(dataDirectory), 'bin');
}

/** The binary `build` and `import-binary` put in place; used when the config names no binaryPath. */
export function managedBinaryPath(dataDirectory: string): string {
  return join(binaryDirectory(dataDirectory), 'whisper-server');
}

export function modelsDirectory(dataDirectory: string): string {
  return join(runtimeDirectory(dataDirectory), 'models');
}

/**
 * Where binaries and models are written on their way into `bin/` and `models/` (see
 * incomingFiles.ts). Nothing here is ever run or read as a model: `binaryPath` and `modelPath` may
 * only name files in those two folders, and a file gets there only by a rename once it is whole.
 */
export function incomingDirectory(dataDirectory: string): string {
  return join(runtimeDirectory(dataDirectory), 'incoming');
}
