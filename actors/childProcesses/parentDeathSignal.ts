import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/** The command line that starts a child; `args` are what exec gets after `command`. */
export interface Launch {
  command: string;
  args: readonly string[];
}

/** setpriv's absolute path, null when there is none that can set the signal; looked for once. */
let setpriv: string | null | undefined;

function usableSetpriv(): string | undefined {
  if (setpriv === undefined) {
    setpriv = null;
    if (process.platform === 'linux') {
      const found = findExecutable('setpriv', process.env.PATH, process.cwd());
      // util-linux has had --pdeathsig since 2.33 (Debian 10); running it once shows this one has it.
      const works =
        found !== undefined &&
        spawnSync(found, ['--pdeathsig', 'KILL', '--', found, '--version'], { stdio: 'ignore' }).status === 0;
      if (works) setpriv = found;
    }
  }
  return setpriv ?? undefined;
}

/**
 * `launch` made to die with this process, on Linux with util-linux's `setpriv --pdeathsig KILL`:
 * setpriv asks the kernel for SIGKILL when its parent ends, then execs the command in its own place
 * (same pid, and the request survives the exec). The kernel sends it when the *thread* that forked
 * the child ends; Node forks on the thread that calls spawn, here always the main one, which lives
 * as long as the process. Without setpriv (other systems) the launch is left as it is; so is a
 * command that would not start, so the caller gets Node's own ENOENT or EACCES, not setpriv's.
 */
export function dyingWithParent(launch: Launch, environment: NodeJS.ProcessEnv, cwd: string): Launch {
  const wrapper = usableSetpriv();
  if (wrapper === undefined || findExecutable(launch.command, environment.PATH, cwd) === undefined) {
    return launch;
  }
  return { command: wrapper, args: ['--pdeathsig', 'KILL', '--', launch.command, ...launch.args] };
}

/** The file exec would run for `command`: a path as it is, a bare name searched in `pathVariable`. */
function findExecutable(command: string, pathVariable: string | undefined, cwd: string): string | undefined {
  const candidates = command.includes('/')
    ? [resolve(cwd, command)]
    : (pathVariable ?? '')
        .split(delimiter)
        .filter((directory) => directory !== '')
        .map((directory) => resolve(cwd, join(directory, command)));
  return candidates.find(isExecutableFile);
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
