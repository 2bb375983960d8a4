import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultMaxChunkMs } from '../../actors/fileJob/chunkLimits.ts';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import type { FileJobRecord } from '../../store/fileJobTable.ts';
import type { ServeProcess } from '../../test/support/earshotProcess.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { type ChunkComparison, compareChunks } from './chunkComparison.ts';
import { followJob, hasEnded, isTranscribing } from './jobFollowing.ts';
import { JobService } from './jobService.ts';
import type { ReferenceRun } from './referenceRun.ts';
import { type ProcessIdentity, serviceChildren, stillRunning } from './serviceChildren.ts';
import { stopService } from './stopService.ts';
import type { ReceivedAudio, RunningVendor, VendorSeries } from './vendorSeries.ts';

/** How long the kernel gets to end the killed service's children (their parent death signal). */
const leftoverGraceMs = 1_000;

/** One job killed mid-way and resumed by the next start, and what that cost. */
export interface CrashTrial {
  trial: number;
  /** When the service was killed, as a fraction of the reference job's time. */
  killFraction: number;
  /** The last status polled before the kill. */
  statusAtKill: FileJobStatus | undefined;
  /** The job's row right after the kill. */
  storedAtKill: FileJobRecord | undefined;
  /** What the service ran besides itself as it was killed. */
  childrenAtKill: ProcessIdentity[];
  /** Those still running a second after the kill, before the next start could reap them. */
  leftAfterKill: ProcessIdentity[];
  /** Those still running once the next service had started. */
  leftAfterRestart: ProcessIdentity[];
  /** Audio the fake received after the restart that it had received, whole or in part, before the kill. */
  retranscribedMs: number;
  /** Async vendors: whether the next service asked about the vendor job submitted before the kill (undefined: none was). */
  submittedJobPolled: boolean | undefined;
  /** From spawning the next service to the job transcribing again (undefined: it never did). */
  restartToTranscribingMs: number | undefined;
  /** From the job's start to its end, the time without a service included. */
  totalMs: number | undefined;
  comparison: ChunkComparison;
  finalStatus: FileJobStatus | undefined;
  /** What went wrong, in words; empty when the trial met every target. */
  defects: string[];
  /** Kept for a trial with defects: where its data directory is, its job's row and the services' stderr. */
  evidence?: {
    dataDirectory: string;
    storedAtEnd: FileJobRecord | undefined;
    stderrBeforeKill: string;
    stderrAfterRestart: string;
  };
}

export interface CrashTrialInput {
  trial: number;
  series: VendorSeries;
  file: string;
  reference: ReferenceRun;
  killFraction: number;
}

export async function runCrashTrial(input: CrashTrialInput): Promise<CrashTrial> {
  const { series, reference, killFraction } = input;
  const directory = temporaryDirectory(`file-job-crash-${series.name}-${input.trial}`);
  // The services inherit it: their children are recorded where this trial alone reads them.
  process.env.EARSHOT_CHILD_RECORDS = join(directory.path, 'child-records');
  const vendor = await series.start();
  const service = new JobService(join(directory.path, 'data'), series.providerId, vendor.config);
  const serves: ServeProcess[] = [];
  let keepDirectory = true;
  try {
    const first = await service.start();
    serves.push(first);
    const jobId = await service.startJob(input.file, series.name);
    const startedAt = performance.now();
    const beforeKill = await followJob(service, jobId, {
      until: hasEnded,
      intervalMs: 100,
      deadline: startedAt + killFraction * reference.jobMs,
    });
    const servicePid = first.child.pid;
    if (servicePid === undefined) throw new Error('The service has no pid.');
    const childrenAtKill = serviceChildren(servicePid);
    await stopService(first, 'SIGKILL');
    await sleep(leftoverGraceMs);
    const leftAfterKill = stillRunning(childrenAtKill);
    const storedAtKill = service.storedJob(jobId);
    // Everything the killed service sent has been read by now: the log splits at this index.
    const requestsBeforeRestart = vendor.requestCount();
    const heardBefore = await audioHeardBefore(vendor, reference, beforeKill.last);

    const restartedAt = performance.now();
    const second = await service.start();
    serves.push(second);
    const leftAfterRestart = stillRunning(leftAfterKill);
    const deadline = performance.now() + 3 * reference.jobMs + 60_000;
    const transcribing = await followJob(service, jobId, { until: isTranscribing, intervalMs: 50, deadline });
    const ended = await followJob(service, jobId, { until: hasEnded, intervalMs: 100, deadline });
    const finalStatus = ended.last;
    const segments = finalStatus === undefined ? [] : await service.segments(finalStatus.sessionId);
    await stopService(second, 'SIGTERM');

    const heardAfter = await vendor.receivedAudio(requestsBeforeRestart);
    const retranscribedMs = heardAfter
      .filter((audio) => heardBefore.has(audio.key))
      .reduce((sum, audio) => sum + audio.audioMs, 0);
    const submitted = storedAtKill?.submitted ?? null;
    const submittedJobPolled =
      submitted === null ? undefined : vendor.asksAbout(submitted.vendorJobId, requestsBeforeRestart);
    const comparison = compareChunks(reference.segments, reference.chunkDurationsMs, segments);
    const outcome: CrashTrial = {
      trial: input.trial,
      killFraction,
      statusAtKill: beforeKill.last,
      storedAtKill,
      childrenAtKill,
      leftAfterKill,
      leftAfterRestart,
      retranscribedMs,
      submittedJobPolled,
      restartToTranscribingMs:
        transcribing.reachedAt === undefined ? undefined : transcribing.reachedAt - restartedAt,
      totalMs: ended.reachedAt === undefined ? undefined : ended.reachedAt - startedAt,
      comparison,
      finalStatus,
      defects: [],
    };
    outcome.defects = defectsOf(outcome, ended.error);
    if (outcome.defects.length > 0) {
      outcome.evidence = {
        dataDirectory: directory.path,
        storedAtEnd: service.storedJob(jobId),
        stderrBeforeKill: first.stderr(),
        stderrAfterRestart: second.stderr(),
      };
    }
    keepDirectory = outcome.defects.length > 0;
    return outcome;
  } catch (error) {
    throw new Error(
      `Trial ${input.trial} could not run: ${error instanceof Error ? error.message : String(error)} ` +
        `(its data directory is kept: ${directory.path}; the services said:\n` +
        `${serves.map((serve) => serve.stderr()).join('\n---\n')})`,
      { cause: error },
    );
  } finally {
    for (const serve of serves) await stopService(serve, 'SIGKILL');
    await vendor.close();
    // Kept only as evidence of a defect or of a trial that could not run.
    if (!keepDirectory) directory.remove();
  }
}

/** The keys of the audio the fake had received, whole or in part, by the time of the kill. */
async function audioHeardBefore(
  vendor: RunningVendor,
  reference: ReferenceRun,
  statusAtKill: FileJobStatus | undefined,
): Promise<Set<string>> {
  const whole: ReceivedAudio[] = await vendor.receivedAudio(0);
  const keys = new Set(whole.map((audio) => audio.key));
  // An upload the kill cut off is recorded nowhere whole: it was of the chunk the job was on.
  if (vendor.audioRequestsBegun() > whole.length && statusAtKill !== undefined) {
    const key = reference.chunkKeys[statusAtKill.chunkIndex];
    if (key !== undefined) keys.add(key);
  }
  return keys;
}

function defectsOf(trial: CrashTrial, lastError: string | undefined): string[] {
  const defects: string[] = [];
  const { finalStatus, comparison } = trial;
  if (finalStatus?.state !== 'completed') {
    defects.push(
      finalStatus === undefined || !['completed', 'failed', 'cancelled'].includes(finalStatus.state)
        ? `the job had not ended in time (last status: ${finalStatus?.state ?? lastError ?? 'none'})`
        : `the job ended ${finalStatus.state}: ${finalStatus.error ?? 'no error given'}`,
    );
  }
  if (trial.restartToTranscribingMs === undefined)
    defects.push('the job never transcribed again after the restart');
  const chunkNames = (indexes: number[]) => indexes.map((index) => index + 1).join(', ');
  if (comparison.lost.length > 0) defects.push(`chunk(s) ${chunkNames(comparison.lost)} lost`);
  if (comparison.duplicated.length > 0)
    defects.push(`chunk(s) ${chunkNames(comparison.duplicated)} duplicated`);
  if (comparison.unexpectedSegments > 0) {
    defects.push(`${comparison.unexpectedSegments} segment(s) that the uninterrupted run does not have`);
  }
  if (trial.leftAfterKill.length > 0) {
    defects.push(
      `${trial.leftAfterKill.length} process(es) still running ${leftoverGraceMs} ms after the kill ` +
        `(${processNames(trial.leftAfterKill)}); after the restart: ${trial.leftAfterRestart.length}`,
    );
  }
  if (trial.retranscribedMs > defaultMaxChunkMs) {
    defects.push(`${Math.round(trial.retranscribedMs / 1000)} s re-transcribed: more than one chunk`);
  }
  if (trial.submittedJobPolled === false) {
    defects.push('the vendor job submitted before the kill was not polled after the restart');
  }
  if (trial.storedAtKill?.submitted != null && trial.retranscribedMs > 0) {
    defects.push('audio sent again although its vendor job had been submitted');
  }
  return defects;
}

export function processNames(processes: readonly ProcessIdentity[]): string {
  return processes.map(({ command, pid }) => `${command.split('/').at(-1)} ${pid}`).join(', ');
}
