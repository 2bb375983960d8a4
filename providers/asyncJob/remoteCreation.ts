import { ProviderError } from '../http/providerError.ts';

/** How long a cancelled job still waits for the answer to a request the vendor has fully received. */
const answerWaitAfterCancelMs = 10_000;

export interface RemoteCreation<Created> {
  /** Names the vendor in the cancel's message, e.g. "Soniox". */
  vendor: string;
  /** The user's cancel. */
  cancel: AbortSignal;
  /** Sends the creating request; it must be aborted through the signal it is given. */
  create(signal: AbortSignal): Promise<Created>;
  /** Whether the vendor may already hold the whole request, so that it may have created the object. */
  fullySent(): boolean;
  remove(created: Created): Promise<void>;
}

/**
 * Creates something at the vendor (an upload, a job) without ever losing track of it. A cancel
 * before the request is fully sent aborts it, so the vendor never sees a complete request. A cancel
 * after that waits briefly for the answer, because only the answer names what the vendor created,
 * and then removes it: aborting there would leave an object nobody knows about.
 */
export async function createRemotely<Created>(creation: RemoteCreation<Created>): Promise<Created> {
  if (creation.cancel.aborted) throw cancelledJob(creation.vendor);
  const controller = new AbortController();
  let lastWait: NodeJS.Timeout | undefined;
  const onCancel = () => {
    if (creation.fullySent()) lastWait = setTimeout(() => controller.abort(), answerWaitAfterCancelMs);
    else controller.abort();
  };
  creation.cancel.addEventListener('abort', onCancel, { once: true });
  try {
    const created = await creation.create(controller.signal);
    if (creation.cancel.aborted) {
      await creation.remove(created);
      throw cancelledJob(creation.vendor);
    }
    return created;
  } catch (error) {
    throw creation.cancel.aborted ? cancelledJob(creation.vendor) : error;
  } finally {
    creation.cancel.removeEventListener('abort', onCancel);
    clearTimeout(lastWait);
  }
}

export function cancelledJob(vendor: string): ProviderError {
  return new ProviderError('cancelled', `The ${vendor} job was cancelled.`);
}
