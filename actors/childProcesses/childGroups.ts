import type { ChildProcess } from 'node:child_process';

/**
 * The process groups of children started as group leaders, while their leaders run. The parent
 * death signal reaches the leader only, so the rest of a group (cmake, make and the compilers under
 * a build's bash) is signalled from here: killed when this process exits, and sent the terminal's
 * signals that no longer reach it once it has left our group.
 */
const groups = new Set<number>();

const terminalSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export function followGroup(leader: ChildProcess): void {
  const pid = leader.pid;
  if (pid === undefined) return;
  if (groups.size === 0) listen();
  groups.add(pid);
  leader.once('exit', () => {
    groups.delete(pid);
    if (groups.size === 0) stopListening();
  });
}

function signalGroups(signal: NodeJS.Signals): void {
  for (const group of groups) {
    try {
      process.kill(-group, signal);
    } catch {
      // The group has just ended.
    }
  }
}

/** Whatever the owner did not stop in its own shutdown ends with it. */
const killGroups = () => signalGroups('SIGKILL');

/**
 * A signal that nothing else here handles would end this process at once: the groups get it too,
 * as they would have in our group, and then it takes its default course. When something else
 * handles it (the service's orderly shutdown), that code stops its children and `killGroups` the rest.
 */
function passOn(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  signalGroups(signal);
  stopListening();
  process.kill(process.pid, signal);
}

function listen(): void {
  process.on('exit', killGroups);
  // First in line: a `once` listener is gone by the time the listeners after it are called.
  for (const signal of terminalSignals) process.prependListener(signal, passOn);
}

function stopListening(): void {
  process.off('exit', killGroups);
  for (const signal of terminalSignals) process.off(signal, passOn);
}
