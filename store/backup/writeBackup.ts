/**
 * Writes a backup document as a stream of chunks, one session at a time: a session's transcript
 * is read, serialized, handed to the sink and dropped before the next is read, so beyond the list
 * of session records, memory holds one transcript at a time however large the library is.
 */

import { wordFields, type AskEntry, type Segment, type SessionRecord } from '../records.ts';
import type { BackupSource } from './backupSource.ts';
import { backupFormatName, backupFormatVersion } from './backupFormat.ts';
import type { BackupSessionInput } from './backupSchema.ts';
import { formatWithOffset } from '../offsetTimestamp.ts';
import { hasTerms } from '../vocabulary.ts';
import type { SpeakerNames } from '../speakerNames.ts';

/** Receives the document in order; a returned promise is awaited before the next chunk. */
export type BackupSink = (chunk: string) => void | Promise<void>;

type BackupSegmentInput = BackupSessionInput['segments'][number];

function toBackupSegment(segment: Segment): BackupSegmentInput {
  const written: BackupSegmentInput = { text: segment.text, startMs: segment.startMs, endMs: segment.endMs };
  // Unknown speaker and language are left out rather than written as null: they repeat on every
  // segment, and absent reads back as null.
  if (segment.speaker !== null) written.speaker = segment.speaker;
  if (segment.language !== null) written.language = segment.language;
  // Only where the provider timed them, as the store keeps them.
  if (segment.words !== undefined) written.words = segment.words.map(wordFields);
  return written;
}

/**
 * Fields are listed one by one, never spread, so nothing derived (transcriptLength, updatedAt) or
 * added to the records later reaches a file without a decision about the format.
 */
function toBackupSession(
  record: SessionRecord,
  segments: Segment[],
  askHistory: AskEntry[],
  speakerNames: SpeakerNames,
): BackupSessionInput {
  const { postProcess, mindMap } = record;
  const written: BackupSessionInput = {
    id: record.id,
    title: record.title,
    startedAt: formatWithOffset(record.startedAt),
    status: record.status,
    durationMs: record.durationMs,
    providerId: record.providerId,
    topicId: record.topicId,
    tagIds: record.tagIds,
    segments: segments.map(toBackupSegment),
    translatedTranscript: record.translatedTranscript,
    correctedTranscript: record.correctedTranscript,
    postProcess: {
      summary: postProcess.summary,
      actionItems: postProcess.actionItems,
      keywords: postProcess.keywords,
      chapters: postProcess.chapters.map(({ title, startMs, endMs, summary }) => ({
        title,
        startMs,
        endMs,
        summary,
      })),
      status: postProcess.status,
    },
    mindMap: { markdown: mindMap.markdown, status: mindMap.status },
    askHistory: askHistory.map((entry) => ({
      id: entry.id,
      question: entry.question,
      answer: entry.answer,
      citations: entry.citations.map(({ quote, speaker }) => ({ quote, speaker })),
      createdAt: entry.createdAt,
      status: entry.status,
    })),
  };
  // Left out when no speaker has a name, as most sessions have none; absent reads back as none.
  if (Object.keys(speakerNames).length > 0) written.speakerNames = { ...speakerNames };
  return written;
}

/**
 * The session list is one snapshot taken at the start; a session deleted while the export runs is
 * written with the transcript the store then returns (empty).
 */
export async function writeBackup(
  source: BackupSource,
  sink: BackupSink,
  now: Date = new Date(),
): Promise<void> {
  const topics = source
    .listTopics()
    .map(({ id, name, emoji, description }) => ({ id, name, emoji, description }));
  const tags = source.listTags().map(({ id, name, color }) => ({ id, name, color }));
  const { sessions } = source.listSessions({ limit: Number.MAX_SAFE_INTEGER, offset: 0 });
  const vocabulary = source.getVocabulary();

  // Serialized with an empty sessions array, which ends it in `[]}`; cutting the `]}` leaves the
  // array open for the sessions.
  const header = JSON.stringify({
    format: backupFormatName,
    version: backupFormatVersion,
    exportedAt: formatWithOffset(now.getTime()),
    topics,
    tags,
    ...(hasTerms(vocabulary) ? { vocabulary } : {}),
    sessions: [],
  });
  await sink(header.slice(0, -']}'.length));
  let written = 0;
  for (const listed of sessions) {
    // A list leaves out the long texts and what the AI made; a backup keeps all of it.
    const record = source.getSession(listed.id);
    if (record === undefined) continue;
    const session = toBackupSession(
      record,
      source.getSegments(record.id),
      source.getAskHistory(record.id),
      source.getSpeakerNames(record.id),
    );
    await sink(`${written === 0 ? '' : ','}\n${JSON.stringify(session)}`);
    written++;
  }
  await sink(`${written === 0 ? '' : '\n'}]}\n`);
}
