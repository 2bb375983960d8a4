import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AppMessage } from '../../api/appChannel/appProtocol.ts';
import type { ChildRecord } from '../../actors/childProcesses/childRecords.ts';
import { commandName } from '../../actors/childProcesses/linuxProcesses.ts';
import { importBinary } from '../../actors/runtimeSetup/importBinary.ts';
import { importModel } from '../../actors/runtimeSetup/importModel.ts';
import { earshotProtocols } from '../../providers/live/proxyProtocol.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { fixture as openAiCompatible } from '../fakes/openai-compatible/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { closedPort } from '../support/closedPort.ts';
import { type ServeProcess, startServeProcess } from '../support/earshotProcess.ts';
import { requireBuiltWhisperServer, stubModel } from '../support/fixtures.ts';
import { endsWithin, startSpawningProcess } from '../support/spawningProcess.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';

/**
 * `earshot serve` killed with SIGKILL while its whisper-server runs and a live WebM capture's
 * ffmpeg decodes: both die with it (the parent death signal), and the next start finds nothing
 * listening on the old runtime's port. A child that did survive its owner is stopped by the next
 * start, which says so; actors/childProcesses/reapOrphans.test.ts tests that stopping in detail.
 */
let directory: ReturnType<typeof temporaryDirectory>;
let fake: ProviderFake;
const services: ServeProcess[] = [];
const leftPids: number[] = [];

beforeEach(async () => {
  directory = temporaryDirectory('child-orphans');
  fake = await openAiCompatible.start();
});
afterEach(async () => {
  for (const service of services.splice(0)) service.child.kill('SIGKILL');
  for (const pid of leftPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
  }
  await fake.close();
  directory.remove();
});

/** The running processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
}

function recordsIn(records: string): ChildRecord[] {
  return readdirSync(records)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(records, name), 'utf8')) as ChildRecord);
}

/**
 * Whether any socket listens on TCP `port`, as /proc/net/tcp tells. Not whether it can be bound:
 * a connection to whisper-server cut off by the kill lingers in TIME_WAIT for a minute, and until
 * then a plain bind of its port fails (EADDRINUSE), though no process holds it.
 */
function isListenedOn(port: number): boolean {
  const listening = '0A';
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .some((line) => {
      const [, localAddress, , state] = line.trim().split(/\s+/);
      return state === listening && Number.parseInt(localAddress?.split(':')[1] ?? '', 16) === port;
    });
}

function control(service: ServeProcess, dataDirectory: string) {
  const secret = readFileSync(join(dataDirectory, 'launch.secret'), 'utf8');
  return {
    secret,
    startRuntime: async () => {
      const answer = await fetch(`${service.baseUrl}/control/v1/runtime/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}` },
      });
      const panel = (await answer.json()) as { runtime: { pid: number | null; baseUrl: string | null } };
      expect(answer.status, JSON.stringify(panel)).toBe(200);
      return { pid: panel.runtime.pid!, port: Number(new URL(panel.runtime.baseUrl!).port) };
    },
  };
}

/** Starts a live P12 session that sends WebM/Opus: the service decodes it with one ffmpeg, at once. */
async function startWebmCapture(service: ServeProcess, secret: string): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${service.port}/ws/app`, earshotProtocols(secret));
  // The service is killed under it.
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('open', resolve));
  const answer = new Promise<AppMessage>((resolve) =>
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as AppMessage;
      if (message.type === 'live.started' || message.type === 'live.refused') resolve(message);
    }),
  );
  socket.send(JSON.stringify({ type: 'live.start', provider: 'P12', audioFormat: 'webm-opus' }));
  expect(await answer).toMatchObject({ type: 'live.started' });
  return socket;
}

it('a service killed with SIGKILL leaves no child running, and no process on the runtime port but the next runtime', async () => {
  const dataDirectory = join(directory.path, 'data');
  const records = join(directory.path, 'children');
  const environment = { ...process.env, EARSHOT_CHILD_RECORDS: records };
  const ownModel = join(directory.path, 'own-stub-model.bin');
  copyFileSync(stubModel, ownModel);
  const modelPath = (await importModel(ownModel, dataDirectory)).path;
  await importBinary(requireBuiltWhisperServer(), dataDirectory);
  // A port of this test's own, so no other test's runtime can be on it.
  const runtimePort = await closedPort();
  writeProviderConfig(dataDirectory, 'whisper-cpp', { modelPath, port: runtimePort });
  writeProviderConfig(dataDirectory, 'openai-compatible', openAiCompatible.config(fake));
  const serveArguments = ['--port', '0', '--data-dir', dataDirectory];

  const first = await startServeProcess(serveArguments, environment);
  services.push(first);
  const firstPid = first.child.pid!;
  const firstControl = control(first, dataDirectory);
  const firstRuntime = await firstControl.startRuntime();
  expect(firstRuntime.port).toBe(runtimePort);
  expect(isListenedOn(runtimePort)).toBe(true);
  await startWebmCapture(first, firstControl.secret);

  await expect.poll(() => childrenOf(firstPid).map(commandName).sort()).toEqual(['ffmpeg', 'whisper-server']);
  const children = childrenOf(firstPid);
  leftPids.push(...children);
  expect(children).toContain(firstRuntime.pid);
  // Every one is recorded, by the service that started it.
  const recorded = recordsIn(records);
  expect(recorded.map((record) => record.pid).sort()).toEqual([...children].sort());
  expect(recorded.every((record) => record.owner.pid === firstPid)).toBe(true);

  first.child.kill('SIGKILL');
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  for (const pid of [firstPid, ...children]) expect(await endsWithin(pid, 2_000)).toBe(true);

  const second = await startServeProcess(serveArguments, environment);
  services.push(second);
  // They died with the old service: the new one found their records and nothing to stop.
  expect(recordsIn(records).filter((record) => record.owner.pid === firstPid)).toEqual([]);
  expect(isListenedOn(runtimePort)).toBe(false);

  const secondRuntime = await control(second, dataDirectory).startRuntime();
  leftPids.push(secondRuntime.pid);
  expect(childrenOf(second.child.pid!)).toContain(secondRuntime.pid);
  // The port is the new runtime's, or nobody's while the old connections linger (see isListenedOn).
  if (secondRuntime.port !== runtimePort) expect(isListenedOn(runtimePort)).toBe(false);
  expect(children).not.toContain(secondRuntime.pid);
  expect(second.stderr()).not.toContain('left running');

  second.child.kill('SIGTERM');
  expect(await second.exited).toEqual({ code: 0, signal: null });
  expect(await endsWithin(secondRuntime.pid, 2_000)).toBe(true);
  expect(recordsIn(records)).toEqual([]);
});

it('a service stops, as it starts, a recorded child whose owner was killed, and says so', async () => {
  const records = join(directory.path, 'children');
  const environment = { ...process.env, EARSHOT_CHILD_RECORDS: records };
  // Started without the parent death signal, as where setpriv is missing, and recorded.
  const owner = await startSpawningProcess('recorded', 'single', ['sleep', '60'], environment);
  leftPids.push(owner.childPid);
  owner.process.kill('SIGKILL');
  await owner.exited;
  expect(await endsWithin(owner.childPid, 300)).toBe(false);

  const service = await startServeProcess(
    ['--port', '0', '--data-dir', join(directory.path, 'data')],
    environment,
  );
  services.push(service);
  // Written before the listening line, on the other pipe.
  await expect
    .poll(() => service.stderr())
    .toContain(`Stopped sleep (pid ${owner.childPid}), left running by an Earshot that ended.`);
  expect(await endsWithin(owner.childPid, 1_000)).toBe(true);
  expect(recordsIn(records)).toEqual([]);
});
