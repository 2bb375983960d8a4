import { type RefObject, useEffect, useId, useMemo, useState } from 'react';
import type { TextMark } from './MarkedText.tsx';
import { type FoundMatch, findMatches, foldForFind, steppedMatch } from './transcriptFind.ts';

export interface TranscriptFindState {
  query: string;
  setQuery: (query: string) => void;
  count: number;
  /** The match find is on, from 0; 0 when there is none. */
  current: number;
  step: (step: 1 | -1) => void;
  found: { marksOf: (textIndex: number) => TextMark[] };
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

function marksByText(matches: readonly FoundMatch[], current: number): Map<number, TextMark[]> {
  const marks = new Map<number, TextMark[]>();
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
