import { useLayoutEffect, useRef } from 'react';
import type { LiveSegment } from '../../api/appChannel/appProtocol.ts';

/** How close to the end counts as "reading the newest text" (pixels). */
const bottomSlack = 24;

/**
 * A transcript as it forms: committed segments (with speakers when the provider tells them), the
 * tentative tail styled apart, and the translation under the text. The box keeps its height as
 * text changes and follows new text only while the reader is at the bottom.
 */
export function TranscriptView(props: {
  segments: LiveSegment[];
  tentative: string;
  translation: { finalText: string; tentativeText: string } | undefined;
  placeholder: string;
}) {
  const { segments, tentative, translation } = props;
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const element = box.current;
    if (element !== null && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [segments.length, tentative, translation]);
  const empty = segments.length === 0 && tentative === '';
  return (
    <div
      className="live-transcript transcript"
      ref={box}
      tabIndex={0}
      role="log"
      aria-live="polite"
      aria-label="Transcript"
      data-testid="live-transcript"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < bottomSlack;
      }}
    >
      {empty && <p className="muted">{props.placeholder}</p>}
      {segments.map((segment, index) => (
        <p key={`${segment.startMs}:${index}`} className="live-segment">
          {segment.speaker !== null && segment.speaker !== '' && (
            <span className="speaker">{segment.speaker}: </span>
          )}
          {segment.text}
        </p>
      ))}
      <p className="transcript-tentative live-tentative" data-testid="live-tentative">
        {tentative}
      </p>
      {translation !== undefined && (translation.finalText !== '' || translation.tentativeText !== '') && (
        <p className="live-translation" lang="" data-testid="live-translation">
          {translation.finalText}
          {translation.tentativeText !== '' && (
            <span className="transcript-tentative"> {translation.tentativeText}</span>
          )}
        </p>
      )}
    </div>
  );
}
