import { join } from 'node:path';
import type { Segment } from '../../store/records.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { followJob, hasEnded } from './jobFollowing.ts';
import { JobService } from './jobService.ts';
import { stopService } from './stopService.ts';
import type { VendorSeries } from './vendorSeries.ts';

/** The job run once without a crash: what each crash trial is measured against. */
export interface ReferenceRun {
  /** From the job's start (POST /transcriptions answered) to the first status that says completed. */
  jobMs: number;
  chunkDurationsMs: number[];
  segments: Segment[];
  /** The key of each chunk's audio as the fake received it, by chunk index. */
  chunkKeys: string[];
}

/** A job that has not ended after this long is taken for stuck. */
export const referenceTimeoutMs = 10 * 60_000;

export async function runReference(series: VendorSeries, file: string): Promise<ReferenceRun> {
  const directory = temporaryDirectory(`file-job-crash-reference-${series.name}`);
  process.env.EARSHOT_CHILD_RECORDS = join(directory.path, 'child-records');
  const vendor = await series.start();
  const service = new JobService(join(directory.path, 'data'), series.providerId, vendor.config);
  const serve = await service.start();
  try {
    const jobId = await service.startJob(file, series.name);
    const startedAt = performance.now();
    const followed = await followJob(service, jobId, {
      until: hasEnded,
      intervalMs: 100,
      deadline: startedAt + referenceTimeoutMs,
    });
    const status = followed.last;
    if (followed.reachedAt === undefined || status?.state !== 'completed') {
      throw new Error(
        `The reference job did not complete (${status?.state ?? followed.error}: ${status?.error ?? ''}); ` +
          `the service said:\n${serve.stderr()}`,
      );
    }
    const segments = await service.segments(status.sessionId);
    await stopService(serve, 'SIGTERM');
    const stored = service.storedJob(jobId);
    const chunkKeys = [...new Set((await vendor.receivedAudio(0)).map((audio) => audio.key))];
    return {
      jobMs: followed.reachedAt - startedAt,
      chunkDurationsMs: stored?.chunkDurationsMs ?? [],
      segments,
      chunkKeys,
    };
  } finally {
    await stopService(serve, 'SIGKILL');
    await vendor.close();
    directory.remove();
  }
}
