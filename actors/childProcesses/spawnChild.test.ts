import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endsWithin, startSpawningProcess } from '../../test/support/spawningProcess.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import type { ChildRecord } from './childRecords.ts';
import { bootId, groupMembers, readProcessStat } from './linuxProcesses.ts';
import { spawnChild } from './spawnChild.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let environment: NodeJS.ProcessEnv;
const leftPids: number[] = [];

beforeEach(() => {
  directory = temporaryDirectory('spawn-child');
  environment = { ...process.env, EARSHOT_CHILD_RECORDS: directory.path };
  process.env.EARSHOT_CHILD_RECORDS = directory.path;
});
afterEach(() => {
  delete process.env.EARSHOT_CHILD_RECORDS;
  for (const pid of leftPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
  directory.remove();
});

const recordFiles = () => readdirSync(directory.path).filter((name) => name.endsWith('.json'));

describe.skipIf(process.platform !== 'linux')('spawnChild', () => {
  it('records the child while it runs, in a file only the user can read, and forgets it when it exits', async () => {
    const child = spawnChild('sleep', ['0.3'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid!;
    const [file] = recordFiles();
    const stat = readProcessStat(pid)!;
    expect(file).toBe(`${pid}-${stat.startTicks}.json`);
    expect(statSync(join(directory.path, file!)).mode & 0o777).toBe(0o600);
    const record = JSON.parse(readFileSync(join(directory.path, file!), 'utf8')) as ChildRecord;
    expect(record).toEqual({
      pid,
      startTicks: stat.startTicks,
      processGroup: null,
      command: 'sleep',
      args: ['0.3'],
      owner: { pid: process.pid, startTicks: readProcessStat(process.pid)!.startTicks },
      bootId: bootId(),
      startedAt: expect.any(String) as string,
    });

    await once(child, 'exit');
    expect(recordFiles()).toEqual([]);
  });

  it('starts a group leader in a group and session of its own, and records the group', async () => {
    const child = spawnChild('sleep', ['60'], { stdio: ['ignore', 'pipe', 'pipe'], processGroup: true });
    const pid = child.pid!;
    leftPids.push(pid);
    expect(readProcessStat(pid)).toMatchObject({ processGroup: pid, session: pid });
    const record = JSON.parse(readFileSync(join(directory.path, recordFiles()[0]!), 'utf8')) as ChildRecord;
    expect(record.processGroup).toBe(pid);
    process.kill(-pid, 'SIGTERM');
    await once(child, 'exit');
    expect(recordFiles()).toEqual([]);
  });

  it('leaves a command that cannot start to fail as Node reports it (ENOENT), with no record', async () => {
    const child = spawnChild(join(directory.path, 'missing'), [], { stdio: ['ignore', 'pipe', 'pipe'] });
    const [error] = (await once(child, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ENOENT');
    expect(recordFiles()).toEqual([]);
  });

  it('starts a child that dies with its parent, even when the parent is killed with SIGKILL', async () => {
    const spawner = await startSpawningProcess('spawnChild', 'single', ['sleep', '60'], environment);
    leftPids.push(spawner.childPid);
    expect(await endsWithin(spawner.childPid, 300)).toBe(false);
    // The program runs under its own name: setpriv has put it in its own place.
    expect(readFileSync(`/proc/${spawner.childPid}/cmdline`, 'utf8').split('\0')[0]).toBe('sleep');

    spawner.process.kill('SIGKILL');
    await spawner.exited;
    expect(await endsWithin(spawner.childPid, 1_000)).toBe(true);
  });

  it('passes a terminal signal that the parent does not handle on to the group before the parent dies of it', async () => {
    const spawner = await startSpawningProcess(
      'spawnChild',
      'group',
      ['sh', '-c', 'sleep 60; true'],
      environment,
    );
    const group = spawner.childPid;
    const startTicks = readProcessStat(group)!.startTicks;
    await expect.poll(() => groupMembers(group, startTicks).length).toBe(2);
    const members = groupMembers(group, startTicks);
    leftPids.push(...members);

    spawner.process.kill('SIGINT');
    expect(await spawner.exited).toEqual({ code: null, signal: 'SIGINT' });
    for (const pid of members) expect(await endsWithin(pid, 1_000)).toBe(true);
  });

  it('leaves a signal the parent handles to the parent, and kills the group when the parent exits', async () => {
    const spawner = await startSpawningProcess(
      'spawnChild',
      'group',
      ['sh', '-c', 'trap "" TERM; sleep 60; true'],
      environment,
      'exit-on-sigterm',
    );
    const group = spawner.childPid;
    const startTicks = readProcessStat(group)!.startTicks;
    await expect.poll(() => groupMembers(group, startTicks).length).toBe(2);
    const members = groupMembers(group, startTicks);
    leftPids.push(...members);

    spawner.process.kill('SIGTERM');
    expect(await spawner.exited).toEqual({ code: 0, signal: null });
    for (const pid of members) expect(await endsWithin(pid, 1_000)).toBe(true);
  });
});
