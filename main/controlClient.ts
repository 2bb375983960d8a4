import { readRunningService, type ServiceInfo } from './serviceFile.ts';
import { controlBasePath } from '../api/control/controlBasePath.ts';

/**
 * The service did not answer at all (connection refused or reset), as opposed to answering with an
 * error: a caller following a job tells the two apart, since only the first means the service went away.
 */
export class ServiceUnreachableError extends Error {}

export type ControlMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Talks to the service running for a data directory, as its user (with the launch secret). */
export class ControlClient {
  readonly info: ServiceInfo;
  private readonly launchSecret: string;

  constructor(info: ServiceInfo, launchSecret: string) {
    this.info = info;
    this.launchSecret = launchSecret;
  }

  /** A client for the service running on `dataDirectory`, or undefined when none runs. */
  static forDataDirectory(dataDirectory: string): ControlClient | undefined {
    const running = readRunningService(dataDirectory);
    return running === undefined ? undefined : new ControlClient(running.info, running.launchSecret);
  }

  async call<Answer>(method: ControlMethod, path: string, body?: unknown): Promise<Answer> {
    return this.send(method, path, 'application/json', body === undefined ? undefined : JSON.stringify(body));
  }

  /** A fresh one-time login URL for a browser (`earshot open`, the desktop shell). */
  async mintLoginUrl(): Promise<string> {
    const { url } = await this.call<{ url: string }>('POST', '/login-tokens');
    return url;
  }

  /**
   * Posts a file's bytes as the body, read from disk as they are sent: the service never opens a
   * path of ours, so what it is to read reaches it this way. `signal` aborts the upload.
   */
  async upload<Answer>(path: string, file: Blob, signal?: AbortSignal): Promise<Answer> {
    return this.send('POST', path, 'application/octet-stream', file, signal);
  }

  private async send<Answer>(
    method: ControlMethod,
    path: string,
    contentType: string,
    body: string | Blob | undefined,
    signal?: AbortSignal,
  ): Promise<Answer> {
    const response = await fetch(`${this.info.baseUrl}${controlBasePath}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.launchSecret}`, 'content-type': contentType },
      body,
      signal,
    }).catch((error: Error) => {
      if (signal?.aborted === true) throw error;
      throw new ServiceUnreachableError(
        `Cannot reach the Earshot service at ${this.info.baseUrl} (${error.message}).`,
        { cause: error },
      );
    });
    const answer = (await response.json().catch(() => ({}))) as Answer & { error?: string };
    if (!response.ok) throw new Error(answer.error ?? `The service answered ${response.status}.`);
    return answer;
  }
}
