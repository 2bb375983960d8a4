import { z } from 'zod';
import { correctTranscript } from '../../ai/artefacts/transcriptRewrite.ts';
import type { RevisedSegment } from '../../store/transcriptRevisionTable.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { revisionSteps } from './revisionSteps.ts';
import type { WorkSteps } from './workSteps.ts';

/** An AI job that proposes a corrected transcript: punctuation, casing, misheard words. */
export interface CorrectionWork {
  kind: 'correction';
}

/** A correction job's work as its store row keeps it. */
export const correctionWorkSchema = z.object({ kind: z.literal('correction') });

/**
 * The correction's steps: the session's correction shows `pending`, then `proposed` with every
 * segment's corrected text beside the original, for the user to keep (which sets
 * `correctedTranscript`) or discard. The transcript itself is never changed.
 */
export function correctionSteps(
  store: SessionStore,
  sessionId: string,
  job: { id: string; createdAt: number },
): WorkSteps<RevisedSegment[]> {
  return revisionSteps(store, sessionId, job, {
    kind: 'correction',
    language: null,
    rewrite: correctTranscript,
    save: (target, revision) => target.putTranscriptRevision({ ...revision, state: 'proposed' }),
  });
}
