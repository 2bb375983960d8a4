import type { SegmentText } from '../../ai/artefacts/artefactSchemas.ts';
import type { GenerationRun } from '../../ai/artefacts/generationRun.ts';
import type { TranscriptSegment } from '../../ai/longSessions/transcriptLines.ts';
import { promptSettingsOfSession } from '../../ai/artefacts/prompts/storedPromptSettings.ts';
import { GenerationError } from '../../ai/generationErrors.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type {
  RevisedSegment,
  TranscriptRevisionKind,
  TranscriptRevisionRecord,
} from '../../store/transcriptRevisionTable.ts';
import { generationRun } from './aiModel.ts';
import type { WorkSteps } from './workSteps.ts';

/** What a correction or a translation brings to the steps they share. */
export interface RevisionKind {
  kind: TranscriptRevisionKind;
  /** The language translated into; null for a correction. */
  language: string | null;
  /** The new text of every segment, from the model. */
  rewrite(segments: readonly TranscriptSegment[], run: GenerationRun): Promise<SegmentText[]>;
  /** Puts the finished revision (state `pending`, its segments made) into the session. */
  save(store: SessionStore, revision: TranscriptRevisionRecord): void;
}

/** The text a revision whose job was cancelled keeps as its error, when it had nothing to go back to. */
export const cancelledRevision = 'Cancelled.';

/**
 * The steps of a corrected or translated transcript, all in the session's revision of that kind:
 * `pending` with no segments from the moment the job exists (a restart starts over), then the
 * segments beside the originals as the kind saves them; `failed` with the reason if the job fails.
 * A cancel puts back the revision there was before the job, so a kept correction or a saved
 * translation is not lost to one asked for again and cancelled.
 */
export function revisionSteps(
  store: SessionStore,
  sessionId: string,
  job: { id: string; createdAt: number },
  revision: RevisionKind,
): WorkSteps<RevisedSegment[]> {
  const { kind, language } = revision;
  const found = store.getTranscriptRevision(sessionId, kind);
  // A job resumed after a restart finds its own pending row: there is nothing before it to put back.
  const before = found?.jobId === job.id ? undefined : found;
  const record = (changes: Partial<TranscriptRevisionRecord>): TranscriptRevisionRecord => ({
    sessionId,
    kind,
    language,
    state: 'pending',
    segments: [],
    error: null,
    jobId: job.id,
    createdAt: job.createdAt,
    updatedAt: Date.now(),
    ...changes,
  });

  return {
    begin: () => store.putTranscriptRevision(record({})),
    async generate(model, signal, onProgress) {
      const segments = store.getNamedSegments(sessionId);
      const texts = await revision.rewrite(
        segments,
        generationRun(model, promptSettingsOfSession(store, sessionId), signal, onProgress),
      );
      const revised = new Map(texts.map((entry) => [entry.seq, entry.text]));
      return segments.map(({ seq, startMs, endMs, text }) => ({
        seq,
        startMs,
        endMs,
        original: text,
        revised: revised.get(seq) ?? text,
      }));
    },
    save(segments) {
      if (store.getSession(sessionId) === undefined) {
        throw new GenerationError('The session was deleted while its AI job ran.');
      }
      revision.save(store, record({ segments }));
    },
    end(outcome) {
      if (outcome.state === 'cancelled' && before !== undefined) store.putTranscriptRevision(before);
      else
        store.putTranscriptRevision(
          record({ state: 'failed', error: outcome.state === 'failed' ? outcome.error : cancelledRevision }),
        );
    },
  };
}
