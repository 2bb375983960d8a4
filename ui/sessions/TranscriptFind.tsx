import { type ReactNode, type RefObject, useEffect, useId, useMemo, useState } from 'react';
import { type FoundMatch, findMatches, foldForFind, steppedMatch } from './transcriptFind.ts';

/** A stretch of a text to mark, and whether it is the match find is on. */
export interface FoundMark {
  start: number;
  end: number;
  current: boolean;
}

export interface TranscriptFindState {
  query: string;
  setQuery: (query: string) => void;
  count: number;
  /** The match find is on, from 0; 0 when there is none. */
  current: number;
  step: (step: 1 | -1) => void;
  found: { marksOf: (textIndex: number) => FoundMark[] };
}

/**
 * Find over `texts` (what the transcript shows, in reading order): every match of the query,
 * ignoring case and accents, and the one it is on, which is scrolled into view inside `container`
 * as the query changes and as Next or Previous moves it.
 */
export function useTranscriptFind(
  texts: readonly string[],
  container: RefObject<HTMLElement | null>,
): TranscriptFindState {
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  // Counts every Next and Previous, so a press scrolls back to the match even when it stays the one.
  const [steps, setSteps] = useState(0);
  const folded = useMemo(() => texts.map(foldForFind), [texts]);
  const matches = useMemo(() => findMatches(folded, query), [folded, query]);
  // A live transcript can change under find; the match it was on may be gone.
  const shownCurrent = Math.min(current, Math.max(0, matches.length - 1));
  const marks = useMemo(() => marksByText(matches, shownCurrent), [matches, shownCurrent]);

  useEffect(() => {
    if (query.trim() === '') return;
    container.current?.querySelector('.find-current')?.scrollIntoView({ block: 'center' });
  }, [container, query, shownCurrent, steps]);

  return {
    query,
    setQuery: (next) => {
      setQuery(next);
      setCurrent(0);
    },
    count: matches.length,
    current: shownCurrent,
    step: (step) => {
      setCurrent(steppedMatch(shownCurrent, step, matches.length));
      setSteps(steps + 1);
    },
    found: { marksOf: (textIndex) => marks.get(textIndex) ?? [] },
  };
}

function marksByText(matches: readonly FoundMatch[], current: number): Map<number, FoundMark[]> {
  const marks = new Map<number, FoundMark[]>();
  matches.forEach(({ textIndex, start, end }, index) => {
    const mark = { start, end, current: index === current };
    const ofText = marks.get(textIndex);
    if (ofText === undefined) marks.set(textIndex, [mark]);
    else ofText.push(mark);
  });
  return marks;
}

/**
 * The find box: "3 of 12", Previous and Next (Shift+Enter and Enter in the box); Escape empties
 * it.
 */
export function TranscriptFind(props: { find: TranscriptFindState }) {
  const { query, setQuery, count, current, step } = props.find;
  const countId = useId();
  const searching = query.trim() !== '';
  return (
    <div className="transcript-find" role="search" aria-label="Transcript">
      <input
        type="search"
        aria-label="Find in transcript"
        aria-describedby={countId}
        placeholder="Find in transcript"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape' && query !== '') {
            event.preventDefault();
            setQuery('');
          }
        }}
      />
      <span id={countId} className="transcript-find-count muted" role="status" data-testid="find-count">
        {searching && (count === 0 ? 'No matches' : `${current + 1} of ${count}`)}
      </span>
      <button type="button" aria-label="Previous match" disabled={count === 0} onClick={() => step(-1)}>
        Previous
      </button>
      <button type="button" aria-label="Next match" disabled={count === 0} onClick={() => step(1)}>
        Next
      </button>
    </div>
  );
}

/** `text` with its found stretches in `<mark>`, the current one set apart. */
export function FoundText(props: { text: string; marks: readonly FoundMark[] }) {
  if (props.marks.length === 0) return <>{props.text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const mark of props.marks) {
    if (mark.start > last) parts.push(props.text.slice(last, mark.start));
    parts.push(
      <mark key={mark.start} className={mark.current ? 'find-match find-current' : 'find-match'}>
        {props.text.slice(mark.start, mark.end)}
      </mark>,
    );
    last = mark.end;
  }
  if (last < props.text.length) parts.push(props.text.slice(last));
  return <>{parts}</>;
}
