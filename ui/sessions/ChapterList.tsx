import type { Chapter, Segment } from '../../store/records.ts';
import { chapterSegment } from './chapterSegment.ts';
import { transcriptTimestamp } from './transcriptTimestamp.ts';

/**
 * The chapters with their times; choosing one shows the transcript where it begins. A chapter no
 * segment reaches (the transcript is not loaded, or was cut) keeps its time as plain text.
 */
export function ChapterList(props: {
  chapters: Chapter[];
  segments: Segment[];
  onReveal: (segment: Segment) => void;
}) {
  return (
    <ol className="chapter-list">
      {props.chapters.map((chapter, index) => {
        const segment = chapterSegment(props.segments, chapter.startMs);
        const heading = (
          <>
            <span className="timestamp">
              {transcriptTimestamp(chapter.startMs)}–{transcriptTimestamp(chapter.endMs)}
            </span>{' '}
            <strong>{chapter.title}</strong>
          </>
        );
        return (
          <li key={index}>
            {segment === undefined ? (
              heading
            ) : (
              <button
                type="button"
                className="chapter-link"
                title="Show in the transcript"
                onClick={() => props.onReveal(segment)}
              >
                {heading}
              </button>
            )}
            {chapter.summary !== '' && <div className="muted">{chapter.summary}</div>}
          </li>
        );
      })}
    </ol>
  );
}
