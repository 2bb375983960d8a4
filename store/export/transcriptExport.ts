import { formatWithOffset } from '../offsetTimestamp.ts';
import type { Segment, SessionRecord, Tag, Topic } from '../records.ts';
import { clockTime } from './clockTime.ts';
import { toSrt, toVtt } from './subtitles.ts';

/** One session with what its export names: the topic and tags are resolved, not ids. */
export interface SessionExport {
  session: SessionRecord;
  topic: Topic | null;
  tags: Tag[];
  segments: Segment[];
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
    render: ({ segments }) => toSrt(segments),
  },
  vtt: {
    extension: 'vtt',
    contentType: 'text/vtt; charset=utf-8',
    render: ({ segments }) => toVtt(segments),
  },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8', render: toJson },
};

export function isTranscriptExportFormat(value: string): value is TranscriptExportFormat {
  return (transcriptExportFormats as readonly string[]).includes(value);
}

/** Plain text: the title, a blank line, then `[hh:mm:ss] Speaker: text` per segment. */
export function toText({ session, segments }: SessionExport): string {
  return `${oneLine(session.title)}\n\n${transcriptLines(segments).join('\n')}\n`;
}

/**
 * Markdown: the title, the session's facts, the transcript and whatever else the session has
 * (translation, corrected transcript, the AI summary's parts); empty parts are left out.
 */
export function toMarkdown({ session, topic, tags, segments }: SessionExport): string {
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
    ['Transcript', transcriptLines(segments).join('\n\n')],
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

/** The session record with its topic, tags and segments, for programs. */
export function toJson({ session, topic, tags, segments }: SessionExport): string {
  return `${JSON.stringify({ session, topic, tags, segments }, null, 2)}\n`;
}

function transcriptLines(segments: readonly Segment[]): string[] {
  return segments.map((segment) => {
    const speaker = segment.speaker?.trim();
    return `[${clockTime(segment.startMs)}] ${speaker ? `${oneLine(speaker)}: ` : ''}${oneLine(segment.text)}`;
  });
}

/** A heading or list item ends at a line break, so texts shown as one line are kept on one. */
function oneLine(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
