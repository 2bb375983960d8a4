import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endsWithin, startSpawningProcess } from '../../test/support/spawningProcess.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { type ChildRecord, writeChildRecord } from './childRecords.ts';
import { bootId, groupMembers, isRunning, readProcessStat } from './linuxProcesses.ts';
import { reapOrphans } from './reapOrphans.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let environment: NodeJS.ProcessEnv;
const started: ChildProcess[] = [];
const leftPids: number[] = [];

beforeEach(() => {
  directory = temporaryDirectory('reap-orphans');
  environment = { ...process.env, EARSHOT_CHILD_RECORDS: directory.path };
  process.env.EARSHOT_CHILD_RECORDS = directory.path;
});
afterEach(() => {
  delete process.env.EARSHOT_CHILD_RECORDS;
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const pid of leftPids.splice(0)) killQuietly(pid);
  directory.remove();
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

const records = () => readdirSync(directory.path).filter((name) => name.endsWith('.json'));

/** A process of this test's own, to point records at. */
function sleeper(): { pid: number; startTicks: number } {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  started.push(child);
  const pid = child.pid!;
  return { pid, startTicks: readProcessStat(pid)!.startTicks };
}

/** A record of `child` whose owner has ended: this process's pid with a start time it never had. */
function orphanRecord(child: { pid: number; startTicks: number }, changes: Partial<ChildRecord> = {}) {
  const ownTicks = readProcessStat(process.pid)!.startTicks;
  return writeChildRecord({
    ...child,
    processGroup: null,
    command: 'sleep',
    args: ['60'],
    owner: { pid: process.pid, startTicks: ownTicks + 1 },
    bootId: bootId(),
    startedAt: new Date().toISOString(),
    ...changes,
  });
}

describe.skipIf(process.platform !== 'linux')('reapOrphans', () => {
  it('stops a child whose owner was killed (SIGKILL) and removes its record', async () => {
    const spawner = await startSpawningProcess('recorded', 'single', ['sleep', '60'], environment);
    leftPids.push(spawner.childPid);
    expect(records()).toHaveLength(1);
    spawner.process.kill('SIGKILL');
    await spawner.exited;
    // Started without a parent death signal, it outlives its owner: an orphan.
    expect(await endsWithin(spawner.childPid, 300)).toBe(false);

    expect(await reapOrphans()).toEqual([{ pid: spawner.childPid, command: 'sleep' }]);
    expect(await endsWithin(spawner.childPid, 1_000)).toBe(true);
    expect(records()).toEqual([]);
  });

  it('stops the whole group of an orphaned group leader', async () => {
    const spawner = await startSpawningProcess(
      'recorded',
      'group',
      ['sh', '-c', 'sleep 60 & sleep 60 & wait'],
      environment,
    );
    const group = spawner.childPid;
    const startTicks = readProcessStat(group)!.startTicks;
    leftPids.push(group);
    await expect.poll(() => groupMembers(group, startTicks).length).toBe(3);
    const members = groupMembers(group, startTicks);
    leftPids.push(...members);
    spawner.process.kill('SIGKILL');
    await spawner.exited;

    expect(await reapOrphans()).toEqual([{ pid: group, command: 'sh' }]);
    for (const pid of members) expect(await endsWithin(pid, 1_000)).toBe(true);
    expect(records()).toEqual([]);
  });

  it('stops what is left of a group whose leader died with its owner', async () => {
    // The leader gets the parent death signal; the sleep it started does not.
    const spawner = await startSpawningProcess(
      'spawnChild',
      'group',
      ['sh', '-c', 'sleep 60; true'],
      environment,
    );
    const group = spawner.childPid;
    const startTicks = readProcessStat(group)!.startTicks;
    await expect.poll(() => groupMembers(group, startTicks).length).toBe(2);
    const [member] = groupMembers(group, startTicks).filter((pid) => pid !== group);
    leftPids.push(group, member!);
    spawner.process.kill('SIGKILL');
    await spawner.exited;
    expect(await endsWithin(group, 1_000)).toBe(true);
    expect(await endsWithin(member!, 300)).toBe(false);

    expect(await reapOrphans()).toEqual([{ pid: group, command: 'sh' }]);
    expect(await endsWithin(member!, 1_000)).toBe(true);
    expect(records()).toEqual([]);
  });

  it('never signals a process whose start time or program differs from the record: the pid was reused', async () => {
    const child = sleeper();
    orphanRecord({ pid: child.pid, startTicks: child.startTicks + 1 });
    orphanRecord({ pid: child.pid, startTicks: child.startTicks - 1 }, { processGroup: child.pid });
    orphanRecord(child, { command: '/usr/bin/ffmpeg' });

    expect(await reapOrphans()).toEqual([]);
    expect(isRunning(child.pid, child.startTicks)).toBe(true);
    expect(records()).toEqual([]);
  });

  it('keeps the records of an owner that still runs, and forgets those of an earlier boot', async () => {
    const child = sleeper();
    const ownTicks = readProcessStat(process.pid)!.startTicks;
    const kept = orphanRecord(child, { owner: { pid: process.pid, startTicks: ownTicks } });
    const otherBoot = writeChildRecord({
      ...child,
      pid: child.pid + 1,
      processGroup: null,
      command: 'sleep',
      args: ['60'],
      owner: { pid: process.pid, startTicks: ownTicks + 1 },
      bootId: '00000000-0000-0000-0000-000000000000',
      startedAt: new Date().toISOString(),
    });

    expect(await reapOrphans()).toEqual([]);
    expect(isRunning(child.pid, child.startTicks)).toBe(true);
    expect(existsSync(kept)).toBe(true);
    expect(existsSync(otherBoot)).toBe(false);
  });

  it('removes a record that does not parse', async () => {
    writeFileSync(join(directory.path, '4242-1.json'), '{"pid": 42');
    expect(await reapOrphans()).toEqual([]);
    expect(records()).toEqual([]);
  });

  it('sends SIGKILL to a child that outlasts the grace after SIGTERM', async () => {
    const spawner = await startSpawningProcess(
      'recorded',
      'single',
      ['sh', '-c', 'trap "" TERM; while :; do sleep 1; done'],
      environment,
    );
    leftPids.push(spawner.childPid);
    spawner.process.kill('SIGKILL');
    await spawner.exited;

    const reaping = reapOrphans({ graceMs: 300 });
    expect(await endsWithin(spawner.childPid, 200)).toBe(false);
    expect(await reaping).toEqual([{ pid: spawner.childPid, command: 'sh' }]);
    expect(await endsWithin(spawner.childPid, 1_000)).toBe(true);
  });
});
