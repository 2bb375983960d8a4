import type { ReactNode } from 'react';

/** A span of a text to mark, as UTF-16 offsets: `text.slice(start, end)`. */
export interface TextMark {
  start: number;
  end: number;
  /** The one match a find is on, set apart from the others (`mark.find-current`). */
  current?: boolean;
  /** The word the audio is playing (`mark.spoken-word`), rather than a match of a find. */
  spoken?: boolean;
}

/**
 * `text` with each of `marks` in a `<mark>`. Built from React nodes so titles and transcripts are
 * never read as HTML; marks out of order, overlapping an earlier one or empty are skipped.
 */
export function MarkedText(props: { text: string; marks: readonly TextMark[] }) {
  const { text } = props;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const mark of [...props.marks].sort((a, b) => a.start - b.start)) {
    if (mark.start < last || mark.end <= mark.start || mark.end > text.length) continue;
    if (mark.start > last) parts.push(text.slice(last, mark.start));
    parts.push(
      <mark key={mark.start} className={markClass(mark)}>
        {text.slice(mark.start, mark.end)}
      </mark>,
    );
    last = mark.end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

function markClass(mark: TextMark): string | undefined {
  if (mark.current === true) return 'find-current';
  return mark.spoken === true ? 'spoken-word' : undefined;
}
