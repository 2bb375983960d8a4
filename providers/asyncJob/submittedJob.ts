import { ProviderError } from '../http/providerError.ts';

/** How most vendors say they do not know a job (any more): it expired, or it was deleted. */
const isNotFound = (error: ProviderError) => error.status === 404;

/**
 * Looks up the job a chunk submitted before the service stopped (`submittedJobId`), so that it is
 * polled rather than uploaded and paid for again. Resolves with the vendor's answer, or with
 * undefined when the vendor no longer knows the job (`isUnknown`, a 404 by default): then the chunk
 * is submitted afresh rather than failed. Any other failure is the chunk's, as for a new job.
 */
export async function lookUpSubmittedJob<Answer>(
  lookUp: () => Promise<Answer>,
  isUnknown: (error: ProviderError) => boolean = isNotFound,
): Promise<Answer | undefined> {
  try {
    return await lookUp();
  } catch (error) {
    if (error instanceof ProviderError && isUnknown(error)) return undefined;
    throw error;
  }
}
