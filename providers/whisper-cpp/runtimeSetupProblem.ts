import { accessSync, constants } from 'node:fs';
import { settingsCommandAlternative } from '../configuration/settingsCommand.ts';
import { metadata } from './metadata.ts';
import { runtimePageHash } from './runtimePage.ts';

/** The files P14 is set to run whisper-server with. */
export interface RuntimeFiles {
  binaryPath: string;
  /** The binary `earshot runtime build` and `import-binary` put in the data directory (no binaryPath set). */
  binaryManaged: boolean;
  /** Undefined while no model is chosen. */
  modelPath: string | undefined;
}

/** The model a first run is pointed to: 60 MB, multilingual, faster than real time on any CPU. */
export const suggestedModel = 'base-q5_1';

/**
 * Why P14 cannot start with these files, naming everything that is missing and, for each, the
 * command and the app page that provide it; undefined when the binary and the model are there.
 * Every place that refuses an unconfigured P14 says it with this one sentence.
 */
export function runtimeSetupProblem(files: RuntimeFiles): string | undefined {
  // The page's address is given once, where it is first named.
  let pageNamed = false;
  const page = () => {
    const first = !pageNamed;
    pageNamed = true;
    return first ? `Settings → Runtime (${runtimePageHash})` : 'Settings → Runtime';
  };
  const gaps: string[] = [];
  if (!hasAccess(files.binaryPath, constants.X_OK)) {
    gaps.push(
      files.binaryManaged
        ? `whisper-server is not built (run \`earshot runtime build\` or \`earshot runtime import-binary PATH\`, or ${page()} → Build binary)`
        : `binaryPath names ${files.binaryPath}, which is not a program that can run (clear it in Settings → Providers${settingsCommandAlternative(metadata.id, { binaryPath: '' })}, to use the one \`earshot runtime build\` or \`earshot runtime import-binary PATH\` puts in place)`,
    );
  }
  if (files.modelPath === undefined) {
    gaps.push(`no model is chosen (${modelRemedy(page())})`);
  } else if (!hasAccess(files.modelPath, constants.R_OK)) {
    gaps.push(`the model ${files.modelPath} is not there (${modelRemedy(page())})`);
  }
  if (gaps.length === 0) return undefined;
  return `${metadata.label} ${metadata.name} is not set up: ${gaps.join(' and ')}.`;
}

function modelRemedy(page: string): string {
  return `run \`earshot runtime download-model ${suggestedModel}\` or \`earshot runtime import-model PATH\`, or ${page} → Download model`;
}

function hasAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
