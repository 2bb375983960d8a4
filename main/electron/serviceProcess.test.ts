import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../../test/support/earshotProcess.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { launchSecretFileName, serviceFileName, writeServiceFiles } from '../serviceFile.ts';
import {
  connectToService,
  earshotServeCommand,
  findProjectRoot,
  ServiceStartError,
  type ServiceCommand,
  type ServiceConnection,
} from './serviceProcess.ts';
import { isProcessAlive } from '../../actors/runtimeSetup/runtimeRecord.ts';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const standInScript = fileURLToPath(new URL('testing/standInService.ts', import.meta.url));

let directory: ReturnType<typeof temporaryDirectory>;
let connection: ServiceConnection | undefined;
let userService: ServeProcess | undefined;

beforeEach(() => {
  directory = temporaryDirectory('desktop-service');
});

afterEach(async () => {
  await connection?.stop();
  connection = undefined;
  if (userService !== undefined) {
    userService.child.kill('SIGTERM');
    await userService.exited;
    userService = undefined;
  }
  directory.remove();
});

function standIn(mode: 'ready' | 'stubborn' | 'failing' | 'silent'): ServiceCommand {
  return {
    executable: process.execPath,
    arguments: ['--disable-warning=ExperimentalWarning', standInScript, directory.path, mode],
  };
}

async function health(baseUrl: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/v1/health`)).status;
}

describe('starting a service when none runs', () => {
  it('spawns it, waits until it announces itself and answers, and reads its launch secret', async () => {
    connection = await connectToService({ dataDirectory: directory.path, command: standIn('ready') });

    expect(connection.exited).toBeDefined();
    expect(isProcessAlive(connection.info.pid)).toBe(true);
    expect(await health(connection.info.baseUrl)).toBe(200);
    expect(connection.launchSecret).toBe(readFileSync(join(directory.path, launchSecretFileName), 'utf8'));
  });

  it('on stop, sends SIGTERM and settles only once the service has finished stopping and exited', async () => {
    connection = await connectToService({ dataDirectory: directory.path, command: standIn('ready') });
    const { pid } = connection.info;

    await connection.stop();

    // The stand-in writes `stopped` only after a pause on SIGTERM, just before it exits.
    expect(existsSync(join(directory.path, 'stopped'))).toBe(true);
    expect(existsSync(join(directory.path, serviceFileName))).toBe(false);
    expect(isProcessAlive(pid)).toBe(false);
    expect(await connection.exited).toMatchObject({ code: 0, signal: null });
  });

  it('kills a service that does not exit within the stop timeout', async () => {
    connection = await connectToService({
      dataDirectory: directory.path,
      command: standIn('stubborn'),
      stopTimeoutMs: 200,
    });

    await connection.stop();

    expect(await connection.exited).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(isProcessAlive(connection.info.pid)).toBe(false);
  });

  it('fails with the exit code and the last stderr lines when the service exits before it is ready', async () => {
    const attempt = connectToService({ dataDirectory: directory.path, command: standIn('failing') });

    await expect(attempt).rejects.toThrow(ServiceStartError);
    await expect(attempt).rejects.toThrow(/exit code 1[\s\S]*the database is locked by another program/);
  });

  it('stops a service that never becomes ready and says how long it waited', async () => {
    const attempt = connectToService({
      dataDirectory: directory.path,
      command: standIn('silent'),
      readyTimeoutMs: 2_000,
    });

    await expect(attempt).rejects.toThrow('did not answer within 2 s, so it was stopped');
    expect(isProcessAlive(Number(readFileSync(join(directory.path, 'pid'), 'utf8')))).toBe(false);
  });

  it('tells the user to install dependencies when the Node to run it with is missing', async () => {
    const command = earshotServeCommand(join(directory.path, 'no-project'), directory.path);

    await expect(connectToService({ dataDirectory: directory.path, command })).rejects.toThrow(
      /Earshot's Node was not found at .*node_modules.node.bin.node\. Run npm install/,
    );
  });

  it('runs the real `earshot serve`, which removes service.json when stopped', async () => {
    connection = await connectToService({
      dataDirectory: directory.path,
      command: earshotServeCommand(projectRoot, directory.path),
    });
    expect(await health(connection.info.baseUrl)).toBe(200);

    await connection.stop();

    expect(await connection.exited).toMatchObject({ code: 0 });
    expect(existsSync(join(directory.path, serviceFileName))).toBe(false);
  });
});

describe('attaching to a service the user started', () => {
  it('uses it, and leaves it running on stop', async () => {
    userService = await startServeProcess(['--data-dir', directory.path, '--port', '0']);

    connection = await connectToService({ dataDirectory: directory.path, command: standIn('ready') });
    await connection.stop();

    expect(connection.exited).toBeUndefined();
    expect(connection.info.pid).toBe(userService.child.pid);
    expect(connection.launchSecret).toBe(readFileSync(join(directory.path, launchSecretFileName), 'utf8'));
    expect(isProcessAlive(connection.info.pid)).toBe(true);
    expect(await health(userService.baseUrl)).toBe(200);
  });

  it('refuses an announced service that does not answer, saying what to do', async () => {
    const info = {
      pid: process.pid,
      port: 9,
      baseUrl: 'http://127.0.0.1:9',
      startedAt: '2026-01-01T00:00:00Z',
    };
    writeServiceFiles(directory.path, info, 'secret');

    await expect(
      connectToService({ dataDirectory: directory.path, command: standIn('ready') }),
    ).rejects.toThrow(/does not answer\. Stop that process, or delete .*service\.json/);
  });
});

describe('the command that starts the service', () => {
  it("is the project's Node running the CLI's serve on the data directory", () => {
    expect(earshotServeCommand('/opt/earshot', '/data', 'linux')).toEqual({
      executable: '/opt/earshot/node_modules/node/bin/node',
      arguments: [
        '--disable-warning=ExperimentalWarning',
        '/opt/earshot/main/cli/earshot.ts',
        'serve',
        '--data-dir',
        '/data',
      ],
    });
  });

  it('uses node.exe on Windows, where the node package installs it', () => {
    expect(earshotServeCommand('/opt/earshot', '/data', 'win32').executable).toBe(
      join('/opt/earshot', 'node_modules', 'node', 'bin', 'node.exe'),
    );
  });
});

describe('findProjectRoot', () => {
  it('finds the Earshot folder from the built shell and from its sources', () => {
    expect(findProjectRoot(join(projectRoot, 'main', 'electron', 'dist'))).toBe(projectRoot);
    expect(findProjectRoot(join(projectRoot, 'main', 'electron'))).toBe(projectRoot);
  });

  it('says so when no Earshot folder holds the directory', () => {
    expect(() => findProjectRoot(directory.path)).toThrow(ServiceStartError);
  });
});
