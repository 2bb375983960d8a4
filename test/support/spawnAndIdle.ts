// Run as a child process by the child-process tests: starts one child, prints its pid as a line of
// JSON, then idles until it is killed (or, with exit-on-sigterm, until SIGTERM makes it exit). `spawnChild` starts it as the service would; `recorded`
// starts it plainly (no parent death signal) and only records it, to leave an orphan behind.
import { spawn } from 'node:child_process';
import { recordChild } from '../../actors/childProcesses/recordChild.ts';
import { spawnChild } from '../../actors/childProcesses/spawnChild.ts';

const [how, grouping, signalHandling, command, ...args] = process.argv.slice(2);
if ((how !== 'spawnChild' && how !== 'recorded') || command === undefined) {
  throw new Error('usage: spawnChild|recorded single|group default|exit-on-sigterm COMMAND [ARG…]');
}
// As `earshot serve` does: its own SIGTERM handler, an orderly shutdown, then process.exit.
if (signalHandling === 'exit-on-sigterm')
  process.once('SIGTERM', () => setTimeout(() => process.exit(0), 100));
const processGroup = grouping === 'group';
const child =
  how === 'spawnChild'
    ? spawnChild(command, args, { stdio: ['ignore', 'pipe', 'pipe'], processGroup })
    : spawn(command, args, { stdio: 'ignore', detached: processGroup });
if (how === 'recorded') recordChild(child, { command, args, processGroup });
process.stdout.write(`${JSON.stringify({ pid: child.pid })}\n`);
setInterval(() => undefined, 60_000);
