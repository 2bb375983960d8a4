import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordBinary } from '../../../actors/runtimeSetup/binaryRecord.ts';
import { managedBinaryPath } from '../../../actors/runtimeSetup/runtimePaths.ts';

export type FakeServerBehaviour =
  | 'ready'
  | 'never-ready'
  | 'ignores-sigterm'
  | 'exits-early'
  | 'prints-usage'
  | 'crashes-after-ready'
  | 'crashes-once'
  | 'hands-off-port';

const program = fileURLToPath(new URL('./fakeServerProgram.ts', import.meta.url));

/**
 * Writes an executable "whisper-server" into `directory` that behaves as asked. It `exec`s Node, so
 * the PID the supervisor owns is the fake server itself.
 */
export function writeFakeServerBinary(directory: string, behaviour: FakeServerBehaviour): string {
  const stateDirectory = join(directory, `${behaviour}-state`);
  mkdirSync(join(stateDirectory, 'helper'), { recursive: true });
  const path = join(directory, `whisper-server-${behaviour}`);
  writeFileSync(
    path,
    `#!/bin/sh\nFAKE_STATE_DIR='${stateDirectory}' exec '${process.execPath}' --disable-warning=ExperimentalWarning '${program}' ${behaviour} "$@"\n`,
  );
  chmodSync(path, 0o755);
  return path;
}

/**
 * The fake as P14's own binary, as `earshot runtime import-binary` leaves one: copied to
 * `<dataDir>/runtime/bin/whisper-server` with its sha256 recorded (P14 runs no other). Its spawns
 * are still listed by `fakeServerSpawns(directory, behaviour)`.
 */
export async function installFakeServerBinary(
  directory: string,
  dataDirectory: string,
  behaviour: FakeServerBehaviour,
): Promise<string> {
  const target = managedBinaryPath(dataDirectory);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(writeFakeServerBinary(directory, behaviour), target);
  chmodSync(target, 0o755);
  await recordBinary(target);
  return target;
}

/** The flags of every spawn of that fake, in order. */
export function fakeServerSpawns(directory: string, behaviour: FakeServerBehaviour): string[][] {
  try {
    const log = readFileSync(join(directory, `${behaviour}-state`, 'spawns.log'), 'utf8');
    return log
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as string[]);
  } catch {
    return [];
  }
}

/** The PID of the helper a `hands-off-port` fake left behind. */
export function handedOffHelperPid(directory: string): number {
  return Number(readFileSync(join(directory, 'hands-off-port-state', 'helper.pid'), 'utf8'));
}
