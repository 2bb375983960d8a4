import { parse, stringify } from 'yaml';
import { formatWithOffset } from '../offsetTimestamp.ts';
import { shownSpeaker } from '../speakerNames.ts';
import { clockTime } from './clockTime.ts';
import { markdownTranscriptLines, oneLine, timeLink, type SessionExport } from './transcriptExport.ts';

/**
 * The line that divides a note: Earshot writes everything above it again whenever the session
 * changes, and keeps whatever the user wrote below it exactly. An HTML comment, so Obsidian and
 * other Markdown readers do not show it.
 */
export const noteMarker =
  '<!-- Earshot writes everything above this line again when the session changes; your notes below this line are kept. -->';

/**
 * A session as a note for a notes folder (an Obsidian vault): YAML front matter (title, date,
 * duration, provider, topic, tags, speakers, keywords, the session's id and status), then the
 * summary, the action items as task boxes, the chapters and the transcript with their time links,
 * then the marker line and `userPart`, the user's own text below it ('' for a new note).
 */
export function toSessionNote(input: SessionExport, userPart: string): string {
  const { session } = input;
  const { summary, actionItems, chapters } = session.postProcess;
  const sections: Array<[heading: string, body: string]> = [
    ['Summary', summary.trim()],
    ['Action items', actionItems.map((item) => `- [ ] ${oneLine(item)}`).join('\n')],
    [
      'Chapters',
      chapters
        .map(
          (chapter) =>
            `- ${timeLink(input, chapter.startMs)} **${oneLine(chapter.title)}**` +
            (chapter.summary.trim() === '' ? '' : `: ${oneLine(chapter.summary)}`),
        )
        .join('\n'),
    ],
    ['Transcript', markdownTranscriptLines(input).join('\n\n')],
  ];
  const body = [
    `# ${oneLine(session.title)}`,
    ...sections
      .filter(([heading, text]) => heading === 'Transcript' || text !== '')
      .map(([heading, text]) => (text === '' ? `## ${heading}` : `## ${heading}\n\n${text}`)),
  ]
    .join('\n\n')
    // The marker is the first line that is exactly it; a summary cannot move it by holding one.
    .split('\n')
    .map((line) => (line.trim() === noteMarker ? `\\${line}` : line))
    .join('\n');
  return `---\n${frontMatter(input)}---\n\n${body}\n\n${noteMarker}\n${userPart}`;
}

/**
 * What the user wrote below the marker line, exactly as it is (line endings included), or
 * undefined when the note has no marker line any more: then nothing in it can be told apart as the
 * user's, and the note must be left as it is.
 */
export function userPartOf(note: string): string | undefined {
  const pattern = /^[ \t]*<!--.*-->[ \t]*(\r?\n|$)/gm;
  for (let match = pattern.exec(note); match !== null; match = pattern.exec(note)) {
    if (match[0].trim() === noteMarker) return note.slice(match.index + match[0].length);
  }
  return undefined;
}

/** The session id a note's front matter names, or undefined for a file that is not such a note. */
export function sessionIdOfNote(note: string): string | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(note);
  if (match === null) return undefined;
  try {
    const fields: unknown = parse(match[1] ?? '');
    const session = (fields as { session?: unknown } | null)?.session;
    return typeof session === 'string' ? session : undefined;
  } catch {
    return undefined;
  }
}

function frontMatter({ session, topic, tags, segments, speakerNames }: SessionExport): string {
  const speakers = [
    ...new Set(segments.flatMap((segment) => shownSpeaker(segment.speaker, speakerNames) ?? [])),
  ];
  const fields = {
    title: session.title,
    date: formatWithOffset(session.startedAt).replace(/\.\d{3}(?=[+-])/, ''),
    duration: clockTime(session.durationMs),
    provider: session.providerId,
    topic: topic?.name ?? null,
    tags: tags.map((tag) => tagOf(tag.name)).filter((tag) => tag !== ''),
    speakers,
    keywords: session.postProcess.keywords,
    session: session.id,
    status: session.status,
  };
  // Every string double-quoted: whatever a title holds (`---`, `: `, `#`, `yes`, line breaks) reads
  // back as the same string in any YAML reader, 1.1 or 1.2.
  return stringify(fields, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 });
}

/**
 * A tag as Obsidian takes one: letters, digits, `_`, `-` and `/`, no spaces (`Q3 planning` becomes
 * `Q3-planning`); a tag of digits only is not a tag there, so it gets a leading `_`.
 */
function tagOf(name: string): string {
  const tag = name
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}_/-]/gu, '');
  return /^[\d/-]*$/.test(tag) && tag !== '' ? `_${tag}` : tag;
}
