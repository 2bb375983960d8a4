import { ProviderError } from '../http/providerError.ts';
import { type StatusChecks, waitBeforeNextCheck } from './statusPolling.ts';

/** Each delete gets its own short deadline: the job's own signal may already be aborted. */
const deleteTimeoutMs = 10_000;
/** How long a background cleanup waits for a job the vendor will not delete while it runs. */
const unfinishedWaitLimitMs = 30 * 60_000;

export type DeleteOutcome = 'deleted' | 'busy' | 'failed';

/**
 * One best-effort DELETE of something created at the vendor: a failed delete never fails a
 * finished job. 404 means it is gone already; `busyStatus` is how the vendor refuses to delete a
 * job that is still running.
 */
export async function deleteRemoteObject(
  send: (signal: AbortSignal) => Promise<unknown>,
  busyStatus?: number,
): Promise<DeleteOutcome> {
  try {
    await send(AbortSignal.timeout(deleteTimeoutMs));
    return 'deleted';
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return 'deleted';
    if (error instanceof ProviderError && error.status === busyStatus) return 'busy';
    return 'failed';
  }
}

/**
 * Checks a job in the background until `hasEnded` says it has (true), or until the wait limit or a
 * failed check (false), so that a job the vendor refused to delete while running can be deleted
 * once it has ended, without keeping a cancelled caller waiting.
 */
export async function afterJobEnds(
  checks: StatusChecks,
  hasEnded: (signal: AbortSignal) => Promise<boolean>,
): Promise<boolean> {
  const deadline = AbortSignal.timeout(unfinishedWaitLimitMs);
  try {
    for (;;) {
      await waitBeforeNextCheck(checks, deadline, { inBackground: true });
      if (await hasEnded(deadline)) return true;
    }
  } catch {
    return false;
  }
}
