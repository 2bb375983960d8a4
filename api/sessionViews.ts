/**
 * Projections from store records to the response bodies. Every field is copied by name, so a
 * field the store adds later never leaks into the API unannounced.
 */
import {
  listedSession,
  wordFields,
  type AskEntry,
  type ListedSession,
  type MindMap,
  type PostProcess,
  type Segment,
  type SessionReader,
  type SessionRecord,
} from '../store/records.ts';
import { shownSpeaker, type SpeakerNames } from '../store/speakerNames.ts';
import type { SessionDetail, SessionListItem, SummaryView, TranscriptView } from './schemas.ts';
import type { ZonedClock } from './zonedTime.ts';

export function toSessionListItem(session: ListedSession, clock: ZonedClock): SessionListItem {
  const started = clock(session.startedAt);
  return {
    id: session.id,
    title: session.title,
    date: started.date,
    time: started.time,
    status: session.status,
    duration: session.durationMs,
    providerId: session.providerId,
    transcriptLength: session.transcriptLength,
    hasSummary: session.summary.trim() !== '',
    topicId: session.topicId,
    tagIds: [...session.tagIds],
  };
}

export function toSessionDetail(
  session: SessionRecord,
  store: SessionReader,
  clock: ZonedClock,
): SessionDetail {
  const names = store.getSpeakerNames(session.id);
  return {
    ...toSessionListItem(listedSession(session), clock),
    startedAt: clock(session.startedAt).timestamp,
    updatedAt: clock(session.updatedAt).timestamp,
    ...transcriptFields(session, store),
    segments: store.getSegments(session.id).map((segment) => toSegment(segment, names)),
    postProcess: toPostProcess(session.postProcess),
    mindMap: toMindMap(session.mindMap),
    askHistory: store.getAskHistory(session.id).map(toAskEntry),
  };
}

export function toTranscriptView(session: SessionRecord, store: SessionReader): TranscriptView {
  return { sessionId: session.id, ...transcriptFields(session, store) };
}

export function toSummaryView(session: SessionRecord): SummaryView {
  return {
    id: session.id,
    title: session.title,
    postProcess: toPostProcess(session.postProcess),
    mindMap: toMindMap(session.mindMap),
  };
}

function transcriptFields(session: SessionRecord, store: SessionReader) {
  return {
    transcript: store.getTranscript(session.id),
    translatedTranscript: session.translatedTranscript,
    correctedTranscript: session.correctedTranscript,
    speakerNames: { ...store.getSpeakerNames(session.id) },
  };
}

function toSegment(segment: Segment, names: SpeakerNames): SessionDetail['segments'][number] {
  const view: SessionDetail['segments'][number] = {
    seq: segment.seq,
    text: segment.text,
    startMs: segment.startMs,
    endMs: segment.endMs,
    speaker: segment.speaker,
    language: segment.language,
    speakerName: shownSpeaker(segment.speaker, names),
  };
  // Only where the provider timed words: a segment without them has no field, as before.
  if (segment.words !== undefined) view.words = segment.words.map(wordFields);
  return view;
}

function toPostProcess(postProcess: PostProcess): SummaryView['postProcess'] {
  return {
    summary: postProcess.summary,
    actionItems: [...postProcess.actionItems],
    keywords: [...postProcess.keywords],
    chapters: postProcess.chapters.map((chapter) => ({
      title: chapter.title,
      startMs: chapter.startMs,
      endMs: chapter.endMs,
      summary: chapter.summary,
    })),
    status: postProcess.status,
  };
}

function toMindMap(mindMap: MindMap): SummaryView['mindMap'] {
  return { markdown: mindMap.markdown, status: mindMap.status };
}

export function toAskEntry(entry: AskEntry): SessionDetail['askHistory'][number] {
  return {
    id: entry.id,
    question: entry.question,
    answer: entry.answer,
    citations: entry.citations.map((citation) => ({ quote: citation.quote, speaker: citation.speaker })),
    createdAt: entry.createdAt,
    status: entry.status,
  };
}
