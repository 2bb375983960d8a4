import type { ReactNode } from 'react';

/**
 * `text` with every case-insensitive occurrence of `term` in a `<mark>`. Built from React nodes so
 * titles and transcripts are never read as HTML.
 */
export function HighlightedText(props: { text: string; term: string }) {
  const term = props.term.trim();
  if (term === '') return <>{props.text}</>;
  const pattern = new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of props.text.matchAll(pattern)) {
    if (match.index > last) parts.push(props.text.slice(last, match.index));
    parts.push(<mark key={match.index}>{match[0]}</mark>);
    last = match.index + match[0].length;
  }
  if (last < props.text.length) parts.push(props.text.slice(last));
  return <>{parts}</>;
}
