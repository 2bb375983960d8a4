import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { fileBlob } from '../../main/cli/fileBlob.ts';
import { ControlClient } from '../../main/controlClient.ts';
import { databaseFileName } from '../../store/database.ts';
import { FileJobTable, type FileJobRecord } from '../../store/fileJobTable.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import type { Segment } from '../../store/records.ts';
import { startServeProcess, type ServeProcess } from '../../test/support/earshotProcess.ts';

/**
 * One data directory and the `earshot serve` processes run on it in turn, driven as the app's
 * Files page drives a job: through the control API, with the launch secret.
 */
export class JobService {
  readonly dataDirectory: string;

  constructor(dataDirectory: string, providerId: string, config: Record<string, unknown>) {
    this.dataDirectory = dataDirectory;
    mkdirSync(dataDirectory, { recursive: true, mode: 0o700 });
    writeProviderConfig(dataDirectory, providerId, config);
  }

  /** Spawns `earshot serve` on the data directory; resolves once it listens. */
  start(): Promise<ServeProcess> {
    return startServeProcess(['--port', '0', '--data-dir', this.dataDirectory]);
  }

  /** Uploads `file` and starts its transcription with `provider`; resolves with the job's id. */
  async startJob(file: string, provider: string): Promise<string> {
    const client = this.client();
    const { upload } = await client.upload<{ upload: string }>(
      `/uploads?name=${encodeURIComponent(basename(file))}`,
      await fileBlob(file),
    );
    const { jobId } = await client.call<{ jobId: string }>('POST', '/transcriptions', { upload, provider });
    return jobId;
  }

  status(jobId: string): Promise<FileJobStatus> {
    return this.client().call<FileJobStatus>('GET', `/transcriptions/${encodeURIComponent(jobId)}`);
  }

  /**
   * The job's row as the store holds it, read-only, so that it can be read between a kill and the
   * next start. The file is opened as it is, without the store's schema check: the services run
   * the tree's code as it is when they start, which may have migrated the database past what this
   * process loaded when the benchmark began.
   */
  storedJob(jobId: string): FileJobRecord | undefined {
    const database = new DatabaseSync(join(this.dataDirectory, databaseFileName), { readOnly: true });
    try {
      return new FileJobTable(database).get(jobId);
    } finally {
      database.close();
    }
  }

  /** The session's transcript, as the running service answers it. */
  async segments(sessionId: string): Promise<Segment[]> {
    const { segments } = await this.client().call<{ segments: Segment[] }>(
      'GET',
      `/sessions/${encodeURIComponent(sessionId)}`,
    );
    return segments;
  }

  private client(): ControlClient {
    const client = ControlClient.forDataDirectory(this.dataDirectory);
    if (client === undefined) throw new Error(`No service runs on ${this.dataDirectory}.`);
    return client;
  }
}
