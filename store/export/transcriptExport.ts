import { formatWithOffset } from '../offsetTimestamp.ts';
import type { Segment, SessionRecord, Tag, Topic } from '../records.ts';
import { shownSpeaker, withSpeakerNames, type SpeakerNames } from '../speakerNames.ts';
import { clockTime } from './clockTime.ts';
import { toSrt, toVtt } from './subtitles.ts';

/** One session with what its export names: the topic and tags are resolved, not ids. */
export interface SessionExport {
  session: SessionRecord;
  topic: Topic | null;
  tags: Tag[];
  /** With their speaker labels; the exports show each label's name from `speakerNames`. */
  segments: Segment[];
  speakerNames: SpeakerNames;
  /**
   * The app's address (`http://127.0.0.1:23456`), so a Markdown transcript's times link to their
   * moment in the app; null when none is known, and the times are plain text.
   */
  appAddress: string | null;
}

export const transcriptExportFormats = ['txt', 'md', 'srt', 'vtt', 'json'] as const;
export type TranscriptExportFormat = (typeof transcriptExportFormats)[number];

export interface TranscriptFileFormat {
  extension: string;
  contentType: string;
  render: (input: SessionExport) => string;
}

export const transcriptFileFormats: Record<TranscriptExportFormat, TranscriptFileFormat> = {
  txt: { extension: 'txt', contentType: 'text/plain; charset=utf-8', render: toText },
  md: { extension: 'md', contentType: 'text/markdown; charset=utf-8', render: toMarkdown },
  srt: {
    extension: 'srt',
    contentType: 'application/x-subrip; charset=utf-8',
    render: ({ segments, speakerNames }) => toSrt(withSpeakerNames(segments, speakerNames)),
  },
  vtt: {
    extension: 'vtt',
    contentType: 'text/vtt; charset=utf-8',
    render: ({ segments, speakerNames }) => toVtt(withSpeakerNames(segments, speakerNames)),
  },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8', render: toJson },
};

export function isTranscriptExportFormat(value: string): value is TranscriptExportFormat {
  return (transcriptExportFormats as readonly string[]).includes(value);
}

/** Plain text: the title, a blank line, then `[hh:mm:ss] Speaker: text` per segment. */
export function toText({ session, segments, speakerNames }: SessionExport): string {
  const lines = withSpeakerNames(segments, speakerNames).map((segment) => {
    const speaker = speakerOf(segment);
    return `[${clockTime(segment.startMs)}] ${speaker === null ? '' : `${speaker}: `}${oneLine(segment.text)}`;
  });
  return `${oneLine(session.title)}\n\n${lines.join('\n')}\n`;
}

/**
 * Markdown: the title, the session's facts, the transcript and whatever else the session has
 * (translation, corrected transcript, the AI summary's parts); empty parts are left out. Each line
 * of the transcript is `[hh:mm:ss] **Speaker:** text`; with the app's address, its time links to
 * that moment of the session in the app (`#/sessions/ID?t=SECONDS`, the app's own time links).
 */
export function toMarkdown(input: SessionExport): string {
  const { session, topic, tags } = input;
  const facts = [
    `- Date: ${formatWithOffset(session.startedAt)}`,
    `- Duration: ${clockTime(session.durationMs)}`,
    `- Provider: ${session.providerId}`,
    ...(topic === null ? [] : [`- Topic: ${oneLine(topic.name)}`]),
    ...(tags.length === 0 ? [] : [`- Tags: ${tags.map((tag) => oneLine(tag.name)).join(', ')}`]),
    `- Status: ${session.status}`,
  ];
  const { summary, actionItems, keywords, chapters } = session.postProcess;
  const sections: Array<[heading: string, body: string]> = [
    ['Transcript', markdownTranscriptLines(input).join('\n\n')],
    ['Translation', session.translatedTranscript?.trim() ?? ''],
    ['Corrected transcript', session.correctedTranscript?.trim() ?? ''],
    ['Summary', summary.trim()],
    ['Action items', actionItems.map((item) => `- ${oneLine(item)}`).join('\n')],
    ['Keywords', keywords.map(oneLine).join(', ')],
    [
      'Chapters',
      chapters
        .map(
          (chapter) =>
            `- ${clockTime(chapter.startMs)}–${clockTime(chapter.endMs)} **${oneLine(chapter.title)}**` +
            (chapter.summary.trim() === '' ? '' : `: ${oneLine(chapter.summary)}`),
        )
        .join('\n'),
    ],
  ];
  const shown = sections.filter(([heading, body]) => heading === 'Transcript' || body !== '');
  return [
    `# ${oneLine(session.title)}`,
    facts.join('\n'),
    ...shown.map(([heading, body]) => (body === '' ? `## ${heading}` : `## ${heading}\n\n${body}`)),
  ]
    .join('\n\n')
    .concat('\n');
}

/**
 * The session record with its topic, tags, speaker names and segments, for programs. Each segment
 * keeps its speaker label and adds `speakerName`, the name shown for it (the label when unnamed);
 * a segment whose words the provider timed lists them (`words`), each labelled word named the same way.
 */
export function toJson(input: SessionExport): string {
  return `${JSON.stringify(sessionDocument(input), null, 2)}\n`;
}

/** What the JSON export holds, as an object: for programs that send it inside a larger document. */
export function sessionDocument({ session, topic, tags, segments, speakerNames }: SessionExport) {
  const named = segments.map(({ words, ...segment }) => ({
    ...segment,
    speakerName: shownSpeaker(segment.speaker, speakerNames),
    ...(words === undefined
      ? {}
      : {
          words: words.map((word) =>
            word.speaker === undefined
              ? word
              : { ...word, speakerName: shownSpeaker(word.speaker, speakerNames) },
          ),
        }),
  }));
  return { session, topic, tags, speakerNames, segments: named };
}

/** Each segment as `[hh:mm:ss] **Speaker:** text`, its time a link to it when the app's address is known. */
export function markdownTranscriptLines(input: SessionExport): string[] {
  return withSpeakerNames(input.segments, input.speakerNames).map((segment) => {
    const speaker = speakerOf(segment);
    return (
      `${timeLink(input, segment.startMs)} ` +
      `${speaker === null ? '' : `**${escapeMarkdown(speaker)}:** `}${oneLine(segment.text)}`
    );
  });
}

/**
 * `[hh:mm:ss]`, and with the app's address a link to that moment of the session in the app
 * (`#/sessions/ID?t=SECONDS`, the app's own time links).
 */
export function timeLink({ session, appAddress }: SessionExport, milliseconds: number): string {
  const time = `[${clockTime(milliseconds)}]`;
  if (appAddress === null) return time;
  return `${time}(${appAddress}/#/sessions/${encodeURIComponent(session.id)}?t=${milliseconds / 1000})`;
}

/** The segment's speaker on one line, or null for a segment without one. */
function speakerOf(segment: Segment): string | null {
  const speaker = segment.speaker?.trim();
  return speaker ? oneLine(speaker) : null;
}

/** A name set in bold stays one bold name whatever it holds: markup characters are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, '\\$&');
}

/** A heading or list item ends at a line break, so texts shown as one line are kept on one. */
export function oneLine(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
