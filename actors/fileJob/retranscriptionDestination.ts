import type { NewSegment } from '../../store/sessionStore.ts';
import { StoreError } from '../../store/storeError.ts';
import type { VersionSegment } from '../../store/transcriptVersionTable.ts';
import type { DestinationOfJob } from './fileJobDestination.ts';

/**
 * A re-transcription's destination: the pending version `versionId` of the job's session, which
 * the job's chunks fill and its end settles (completed: `proposed`, or kept at once when asked;
 * failed: `failed` with the reason; cancelled: `discarded`). The session's transcript is not touched
 * until the user keeps the version.
 */
export function retranscriptionDestination(versionId: string): DestinationOfJob {
  return ({ store, jobId }) => ({
    open() {
      const version = store.getTranscriptVersion(versionId);
      if (version?.state !== 'pending') {
        throw new Error(
          `The new transcript it was making is ${version?.state ?? 'gone'}; transcribe the session again.`,
        );
      }
    },
    save(chunksDone, _chunkEndMs, segments) {
      store.commitTranscriptVersionChunk(jobId, chunksDone, segments.map(versionSegment));
    },
    close(closing) {
      const version = store.getTranscriptVersion(versionId);
      if (version?.state !== 'pending') return;
      if (closing.type === 'FAIL') {
        store.updateTranscriptVersion(versionId, { state: 'failed', error: closing.reason });
      } else if (closing.type === 'QUIT') {
        store.updateTranscriptVersion(versionId, { state: 'discarded', segments: [] });
      } else {
        store.updateTranscriptVersion(versionId, { state: 'proposed' });
        if (version.keepWhenDone) keepOrSayWhy(version.sessionId);
      }
      function keepOrSayWhy(sessionId: string): void {
        try {
          store.keepTranscriptVersion(sessionId);
        } catch (error) {
          // Left proposed, for the user to keep once the session allows it (it records again now).
          if (!(error instanceof StoreError)) throw error;
          store.updateTranscriptVersion(versionId, { error: `It could not be kept: ${error.message}` });
        }
      }
    },
  });
}

function versionSegment(segment: NewSegment): VersionSegment {
  return {
    text: segment.text,
    startMs: segment.startMs,
    endMs: segment.endMs,
    speaker: segment.speaker ?? null,
    language: segment.language ?? null,
    ...(segment.words === undefined || segment.words.length === 0 ? {} : { words: [...segment.words] }),
  };
}
