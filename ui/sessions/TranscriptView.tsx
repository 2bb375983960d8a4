import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { Segment } from '../../store/records.ts';
import { hashOf } from '../app/route.ts';
import { MarkedText, type TextMark } from './MarkedText.tsx';
import { spokenWordMark } from './playbackPosition.ts';
import { SpeakerName } from './SpeakerName.tsx';
import { TranscriptFind, useTranscriptFind } from './TranscriptFind.tsx';
import { transcriptTimestamp } from './transcriptTimestamp.ts';
import { useFollowPlayback } from './useFollowPlayback.ts';
import type { SessionPlayback } from './useSessionPlayback.ts';

/** What the transcript needs of the audio played beside it. */
export type TranscriptPlayback = Pick<SessionPlayback, 'position' | 'playing' | 'playFrom'>;

type TranscriptVersion = 'original' | 'translated' | 'corrected';

const versionLabels: Record<TranscriptVersion, string> = {
  original: 'As heard',
  translated: 'Translation',
  corrected: 'Corrected',
};

/** A translation kept segment by segment: each line's text by the segment's `seq`. */
export interface LineTranslation {
  language: string;
  lines: ReadonlyMap<number, string>;
}

/**
 * The transcript as timed segments, each with its speaker (by the name given to it, renamed in
 * place) and, when the session has a translation kept line by line, that line's translation beside
 * it; the corrected text (and a translation without lines, as a live provider writes it) as tabs. Find highlights what is typed in the shown
 * version. Each time links to its moment (`?t=` in the page's address) so it can be shared.
 * `revealed` (a chapter, a citation or a time chosen) brings the timed segments into view, scrolled
 * to that segment, marked and focused; each new object is a new request. With `playback` (the
 * session's audio), the line being played is marked and kept in view, and its word where the line
 * has timed `words`; a line's time, or a click on the line, plays from its start.
 */
export function TranscriptView(props: {
  sessionId: string;
  segments: Segment[];
  /** Names given to the segments' speaker labels, by label. */
  speakerNames: Readonly<Record<string, string>>;
  translated: string | null;
  translation: LineTranslation | undefined;
  corrected: string | null;
  recording: boolean;
  revealed?: { seq: number };
  onReveal: (segment: Segment) => void;
  playback?: TranscriptPlayback;
}) {
  const { revealed, translation, playback } = props;
  const [chosen, setChosen] = useState<TranscriptVersion>('original');
  const [revealRequest, setRevealRequest] = useState(revealed);
  if (revealed !== revealRequest) {
    setRevealRequest(revealed);
    setChosen('original');
  }
  const texts: Record<TranscriptVersion, string | null> = {
    original: null,
    // A translation shown line by line beside the transcript needs no tab of its own.
    translated: translation === undefined ? props.translated : null,
    corrected: props.corrected,
  };
  const versions = (['original', 'translated', 'corrected'] as const).filter(
    (version) => version === 'original' || (texts[version] ?? '') !== '',
  );
  const shown = versions.includes(chosen) ? chosen : 'original';

  const shownText = texts[shown] ?? '';

  // What find searches: each segment's text and its translation, or the one text of a tab.
  const findable = useMemo(
    () =>
      shown === 'original'
        ? props.segments.flatMap((segment) => [segment.text, translation?.lines.get(segment.seq) ?? ''])
        : [shownText],
    [shown, props.segments, translation, shownText],
  );
  const panel = useRef<HTMLDivElement>(null);
  const find = useTranscriptFind(findable, panel);
  useFollowPlayback(
    panel,
    shown === 'original' ? playback?.position?.seq : undefined,
    playback?.playing ?? false,
  );

  const scrolledTo = useRef<{ seq: number }>(undefined);
  useEffect(() => {
    if (revealed === undefined || revealed === scrolledTo.current || shown !== 'original') return;
    scrolledTo.current = revealed;
    const element = panel.current?.querySelector<HTMLElement>(`[data-seq="${revealed.seq}"]`);
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [revealed, shown]);

  return (
    <section className="card" aria-labelledby="transcript-heading">
      <div className="panel-heading">
        <h2 id="transcript-heading">Transcript</h2>
        <TranscriptFind find={find} />
      </div>
      {versions.length > 1 && (
        <div className="transcript-tabs" role="tablist" aria-label="Transcript versions">
          {versions.map((version) => (
            <button
              key={version}
              type="button"
              role="tab"
              id={`transcript-tab-${version}`}
              aria-selected={version === shown}
              aria-controls="transcript-panel"
              onClick={() => setChosen(version)}
            >
              {versionLabels[version]}
            </button>
          ))}
        </div>
      )}
      <div
        ref={panel}
        id="transcript-panel"
        className="transcript"
        role={versions.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={versions.length > 1 ? `transcript-tab-${shown}` : undefined}
        aria-live={props.recording ? 'polite' : undefined}
        data-testid="transcript"
      >
        {shown === 'original' ? (
          <Segments
            sessionId={props.sessionId}
            segments={props.segments}
            speakerNames={props.speakerNames}
            translation={translation}
            recording={props.recording}
            revealedSeq={revealed?.seq}
            onReveal={props.onReveal}
            found={find.found}
            playback={playback}
          />
        ) : (
          <p className="transcript-plain">
            <MarkedText text={shownText} marks={find.found.marksOf(0)} />
          </p>
        )}
      </div>
    </section>
  );
}

function Segments(props: {
  sessionId: string;
  segments: Segment[];
  speakerNames: Readonly<Record<string, string>>;
  translation: LineTranslation | undefined;
  recording: boolean;
  revealedSeq: number | undefined;
  onReveal: (segment: Segment) => void;
  found: ReturnType<typeof useTranscriptFind>['found'];
  playback: TranscriptPlayback | undefined;
}) {
  const { translation, found, playback } = props;
  if (props.segments.length === 0) {
    return (
      <p className="muted">
        {props.recording
          ? 'Listening… words appear here as they are recognised.'
          : 'This session has no words.'}
      </p>
    );
  }
  const className = translation === undefined ? 'transcript-lines' : 'transcript-lines transcript-translated';
  return (
    <div className={className}>
      {translation !== undefined && (
        <div className="transcript-columns muted" aria-hidden="true">
          <span />
          <span>As heard</span>
          <span>Translation into {translation.language}</span>
        </div>
      )}
      {props.segments.map((segment, index) => {
        const revealed = segment.seq === props.revealedSeq;
        const href = hashOf({ page: 'session', sessionId: props.sessionId, atMs: segment.startMs });
        const time = transcriptTimestamp(segment.startMs);
        // The address is already this moment's: no hash change follows, so show it from here.
        const revealAgain = (event: MouseEvent) => {
          playback?.playFrom(segment.startMs);
          if (location.hash !== href) return;
          event.preventDefault();
          props.onReveal(segment);
        };
        // A click on the words plays them, unless it selects text or presses the speaker's name.
        const playLine = (event: MouseEvent) => {
          const pressed = event.target instanceof Element && event.target.closest('button, a, input');
          if (pressed || (getSelection()?.toString() ?? '') !== '') return;
          playback?.playFrom(segment.startMs);
        };
        const played = playback?.position?.seq === segment.seq ? playback.position : undefined;
        const spoken =
          played?.word === undefined
            ? undefined
            : spokenWordMark(segment.text, segment.words ?? [], played.word);
        const marks: readonly TextMark[] = found.marksOf(index * 2);
        const translatedLine = translation?.lines.get(segment.seq);
        return (
          <div
            key={segment.seq}
            className={segmentClass(revealed, played !== undefined)}
            data-seq={segment.seq}
            data-testid="transcript-segment"
            aria-current={played !== undefined && playback?.playing === true ? 'time' : undefined}
            tabIndex={revealed ? -1 : undefined}
          >
            <a className="timestamp" href={href} title={`Link to ${time}`} onClick={revealAgain}>
              [{time}]
            </a>
            <p
              className={
                playback === undefined ? 'transcript-line' : 'transcript-line transcript-line-playable'
              }
              onClick={playback === undefined ? undefined : playLine}
            >
              {segment.speaker !== null && (
                <SpeakerName
                  sessionId={props.sessionId}
                  label={segment.speaker}
                  name={props.speakerNames[segment.speaker]}
                />
              )}
              <MarkedText text={segment.text} marks={spoken === undefined ? marks : [...marks, spoken]} />
            </p>
            {translation !== undefined && (
              <p className="transcript-line transcript-line-translated" data-testid="translated-line">
                {translatedLine !== undefined && (
                  <MarkedText text={translatedLine} marks={found.marksOf(index * 2 + 1)} />
                )}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

function segmentClass(revealed: boolean, played: boolean): string {
  return [
    'transcript-segment',
    revealed && 'transcript-segment-revealed',
    played && 'transcript-segment-playing',
  ]
    .filter(Boolean)
    .join(' ');
}
