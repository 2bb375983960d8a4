/** From a validated backup document to the store's records. */

import type { BackupDocument } from './backupSchema.ts';
import type { ImportData, ImportedSession } from './importData.ts';

type BackupSession = BackupDocument['sessions'][number];

function toImportedSession(session: BackupSession, importedAt: number): ImportedSession {
  return {
    record: {
      id: session.id,
      title: session.title,
      startedAt: session.startedAt,
      status: session.status,
      durationMs: session.durationMs,
      providerId: session.providerId,
      topicId: session.topicId,
      tagIds: session.tagIds,
      // Derived data is not in backups; the store recomputes the length from the segments.
      transcriptLength: 0,
      translatedTranscript: session.translatedTranscript,
      correctedTranscript: session.correctedTranscript,
      postProcess: session.postProcess,
      mindMap: session.mindMap,
      updatedAt: importedAt,
    },
    // The file has no seq: the array order is the transcript order.
    segments: session.segments.map((segment, seq) => ({ seq, ...segment })),
    askHistory: session.askHistory,
    // Most sessions name no speaker; they read back as they were made, without the field.
    ...(Object.keys(session.speakerNames).length === 0 ? {} : { speakerNames: session.speakerNames }),
  };
}

export function toImportData(document: BackupDocument, importedAt: number): ImportData {
  return {
    topics: document.topics,
    tags: document.tags,
    sessions: document.sessions.map((session) => toImportedSession(session, importedAt)),
    ...(document.vocabulary === undefined ? {} : { vocabulary: document.vocabulary }),
  };
}
