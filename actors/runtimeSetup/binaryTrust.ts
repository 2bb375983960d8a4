import { lstatSync, realpathSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { settingsCommandSentence } from '../../providers/configuration/settingsCommand.ts';
import { metadata } from '../../providers/whisper-cpp/metadata.ts';
import { recordedSha256 } from './binaryRecord.ts';
import { fileSha256 } from './fileSha256.ts';
import { binaryDirectory, modelsDirectory } from './runtimePaths.ts';

/**
 * P14 runs only a whisper-server that Earshot itself built or imported into its runtime folder:
 * otherwise anyone who may change P14's settings (one stolen browser session is enough) could make
 * the service run any program as its user, by naming it as binaryPath and starting the runtime.
 */

const rebuild =
  'run `earshot runtime build` or `earshot runtime import-binary PATH` again (or Settings → Runtime → Build binary)';

/**
 * Why a binaryPath setting is refused: it must name a file directly in the runtime folder. Whether
 * that file may run is decided when the runtime starts (`untrustedBinaryReason`).
 */
export function binaryPathSettingProblem(dataDirectory: string, binaryPath: string): string | undefined {
  const folder = binaryDirectory(dataDirectory);
  if (dirname(resolve(binaryPath.trim())) === resolve(folder)) return undefined;
  return (
    `P14 runs only a whisper-server that Earshot built or imported into ${folder}. To use ${binaryPath.trim()}, ` +
    `run \`earshot runtime import-binary ${binaryPath.trim()}\`, which copies it there, and leave binaryPath empty.`
  );
}

/**
 * Why a modelPath is refused, at save time and again when the runtime starts: whisper-server reads
 * the file it names, so it must be one Earshot imported or downloaded, directly in
 * `<dataDir>/runtime/models/`; otherwise a changed setting could make the service open any file its
 * user can read. At start (`atStart`) the real folders are compared too, and a link is refused.
 */
export function modelPathProblem(
  dataDirectory: string,
  modelPath: string,
  options: { atStart?: boolean } = {},
): string | undefined {
  const folder = modelsDirectory(dataDirectory);
  const path = modelPath.trim();
  let inside = dirname(resolve(path)) === resolve(folder);
  if (inside && options.atStart === true) {
    const real = (target: string) => {
      try {
        return realpathSync(target);
      } catch {
        return undefined;
      }
    };
    const realFolder = real(folder);
    // A missing model is whisper-server's to report; a link, or a folder that leads elsewhere, is not.
    const link = (() => {
      try {
        return lstatSync(path).isSymbolicLink();
      } catch {
        return false;
      }
    })();
    inside = realFolder !== undefined && real(dirname(resolve(path))) === realFolder && !link;
  }
  if (inside) return undefined;
  return (
    `P14 reads only a model Earshot imported or downloaded into ${folder}. To use ${path}, run ` +
    `\`earshot runtime import-model ${path}\`, which copies it there, or \`earshot runtime download-model NAME\`, ` +
    `and set modelPath to the path it prints.`
  );
}

/**
 * Why the runtime must not run the whisper-server at `binaryPath`, or undefined when it may: a file
 * (not a link) directly in `<dataDir>/runtime/bin/` whose sha256 is still the one recorded when
 * Earshot built or imported it. A binary that got there any other way, including through an Earshot
 * from before these records, has no record and is refused: a fresh build (a copy from the build
 * cache, seconds) or import vouches for its bytes, a guess would not. Reads the whole file, so it is
 * asked once per start, never per request.
 */
export async function untrustedBinaryReason(
  dataDirectory: string,
  binaryPath: string,
): Promise<string | undefined> {
  const folder = binaryDirectory(dataDirectory);
  const [realFolder, realParent, entry] = await Promise.all([
    realpath(folder).catch(() => undefined),
    realpath(dirname(resolve(binaryPath))).catch(() => undefined),
    lstat(binaryPath).catch(() => undefined),
  ]);
  if (realFolder === undefined || realParent !== realFolder || entry?.isFile() !== true) {
    return (
      `whisper-server at ${binaryPath} is not one Earshot built or imported: P14 runs only a program file in ${folder}. ` +
      `Run \`earshot runtime import-binary ${binaryPath}\` to copy it there, then clear binaryPath. ` +
      settingsCommandSentence('Clear it with', metadata.id, { binaryPath: '' })
    );
  }
  const recorded = await recordedSha256(binaryPath);
  if (recorded === undefined) {
    return `whisper-server at ${binaryPath} has no record of being built or imported by Earshot; ${rebuild}.`;
  }
  if ((await fileSha256(binaryPath)) !== recorded) {
    return `whisper-server at ${binaryPath} changed since Earshot built/imported it; ${rebuild}.`;
  }
  return undefined;
}
