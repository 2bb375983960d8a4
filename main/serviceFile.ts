import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../store/privateFile.ts';

/** `<dataDir>/service.json`: how other programs find the running service. */
export interface ServiceInfo {
  pid: number;
  port: number;
  baseUrl: string;
  startedAt: string;
}

export const serviceFileName = 'service.json';
/** The per-launch secret that the CLI and the UI present to the service; never in service.json. */
export const launchSecretFileName = 'launch.secret';

export function writeServiceFiles(dataDirectory: string, info: ServiceInfo, launchSecret: string): void {
  writePrivateFile(join(dataDirectory, launchSecretFileName), launchSecret);
  writePrivateFile(join(dataDirectory, serviceFileName), `${JSON.stringify(info, null, 2)}\n`);
}

export function removeServiceFiles(dataDirectory: string): void {
  rmSync(join(dataDirectory, serviceFileName), { force: true });
  rmSync(join(dataDirectory, launchSecretFileName), { force: true });
}

/** The service that last announced itself in `dataDirectory`, if its process is still alive. */
export function readRunningService(
  dataDirectory: string,
): { info: ServiceInfo; launchSecret: string } | undefined {
  try {
    const info = JSON.parse(readFileSync(join(dataDirectory, serviceFileName), 'utf8')) as ServiceInfo;
    const launchSecret = readFileSync(join(dataDirectory, launchSecretFileName), 'utf8').trim();
    process.kill(info.pid, 0);
    return { info, launchSecret };
  } catch {
    return undefined;
  }
}
