import { digestArtefacts, type DigestArtefact } from '../../ai/artefacts/sessionDigest.ts';
import type { Chapter, SessionRecord } from '../../store/records.ts';
import { clockTime } from './clockTime.ts';

const headings: Record<DigestArtefact, string> = {
  summary: 'Summary',
  actionItems: 'Action items',
  keywords: 'Keywords',
  chapters: 'Chapters',
  mindMap: 'Mind map',
};

/**
 * What `earshot summarize` prints: a Markdown section for each artefact asked for, always in the
 * same order (whatever order `--only` named them in), read from what the session holds.
 */
export function summaryMarkdown(
  session: Pick<SessionRecord, 'postProcess' | 'mindMap'>,
  artefacts: readonly DigestArtefact[],
): string {
  const sections = digestArtefacts
    .filter((artefact) => artefacts.includes(artefact))
    .map((artefact) => `## ${headings[artefact]}\n\n${sectionBody(session, artefact)}`);
  return `${sections.join('\n\n')}\n`;
}

function sectionBody(
  session: Pick<SessionRecord, 'postProcess' | 'mindMap'>,
  artefact: DigestArtefact,
): string {
  const { postProcess, mindMap } = session;
  switch (artefact) {
    case 'summary':
      return orNone(postProcess.summary.trim());
    case 'actionItems':
      return orNone(postProcess.actionItems.map((item) => `- ${item}`).join('\n'));
    case 'keywords':
      return orNone(postProcess.keywords.join(', '));
    case 'chapters':
      return orNone(postProcess.chapters.map(chapterLine).join('\n'));
    case 'mindMap':
      return orNone(mindMap.markdown.trim());
  }
}

/** `- 0:00–4:12 Title — summary`: when it runs, then what it is. */
function chapterLine(chapter: Chapter): string {
  const summary = chapter.summary.trim() === '' ? '' : ` — ${chapter.summary.trim()}`;
  return `- ${clockTime(chapter.startMs)}–${clockTime(chapter.endMs)} ${chapter.title}${summary}`;
}

/** An artefact the model found nothing for (a talk without action items) says so. */
function orNone(text: string): string {
  return text === '' ? 'None.' : text;
}
