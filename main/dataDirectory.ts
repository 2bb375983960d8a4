import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where Earshot keeps its data: the `--data-dir` option, else `$EARSHOT_DATA_DIR`, else the
 * platform's per-user application data folder.
 */
export function resolveDataDirectory(option: string | undefined, environment = process.env): string {
  if (option !== undefined && option !== '') return option;
  const fromEnvironment = environment.EARSHOT_DATA_DIR;
  if (fromEnvironment !== undefined && fromEnvironment !== '') return fromEnvironment;
  const home = homedir();
  switch (process.platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Earshot');
    case 'win32':
      return join(environment.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Earshot');
    default:
      return join(environment.XDG_DATA_HOME || join(home, '.local', 'share'), 'earshot');
  }
}
