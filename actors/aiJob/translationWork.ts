import { z } from 'zod';
import { translateTranscript } from '../../ai/artefacts/transcriptRewrite.ts';
import type { RevisedSegment } from '../../store/transcriptRevisionTable.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { revisionSteps } from './revisionSteps.ts';
import type { WorkSteps } from './workSteps.ts';

/** An AI job that translates the session's transcript into `targetLanguage`. */
export interface TranslationWork {
  kind: 'translation';
  /** As the user named it: a code (`de`) or a name (`German`); the model is told it as given. */
  targetLanguage: string;
}

/** The longest language name taken: "Brazilian Portuguese" fits, a sentence does not. */
export const targetLanguageMaxLength = 40;

/** A translation job's work as its store row keeps it. */
export const translationWorkSchema = z.object({
  kind: z.literal('translation'),
  targetLanguage: z.string().trim().min(1).max(targetLanguageMaxLength),
});

/**
 * The translation's steps: the session's translation shows `pending`, then is saved at once:
 * `translatedTranscript` becomes the translated segments joined, and the revision keeps them one by
 * one beside the originals for a segment-aligned view.
 */
export function translationSteps(
  store: SessionStore,
  sessionId: string,
  job: { id: string; createdAt: number },
  work: TranslationWork,
): WorkSteps<RevisedSegment[]> {
  return revisionSteps(store, sessionId, job, {
    kind: 'translation',
    language: work.targetLanguage,
    rewrite: (segments, run) => translateTranscript(segments, work.targetLanguage, run),
    save: (target, revision) => target.saveTranslation(revision),
  });
}
