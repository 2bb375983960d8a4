import { useEffect, useRef, useState } from 'react';
import type { Segment } from '../../store/records.ts';
import { transcriptTimestamp } from './transcriptTimestamp.ts';

type TranscriptVersion = 'original' | 'translated' | 'corrected';

const versionLabels: Record<TranscriptVersion, string> = {
  original: 'As heard',
  translated: 'Translation',
  corrected: 'Corrected',
};

/**
 * The transcript as timed segments with their speakers, and the translated and corrected texts as
 * tabs when the session has them. `revealed` (a chapter chosen) brings the timed segments into view,
 * scrolled to that segment, marked and focused; each new object is a new request.
 */
export function TranscriptView(props: {
  segments: Segment[];
  translated: string | null;
  corrected: string | null;
  recording: boolean;
  revealed?: { seq: number };
}) {
  const { revealed } = props;
  const [chosen, setChosen] = useState<TranscriptVersion>('original');
  const [revealRequest, setRevealRequest] = useState(revealed);
  if (revealed !== revealRequest) {
    setRevealRequest(revealed);
    setChosen('original');
  }
  const texts: Record<TranscriptVersion, string | null> = {
    original: null,
    translated: props.translated,
    corrected: props.corrected,
  };
  const versions = (['original', 'translated', 'corrected'] as const).filter(
    (version) => version === 'original' || (texts[version] ?? '') !== '',
  );
  const shown = versions.includes(chosen) ? chosen : 'original';
  const panel = useRef<HTMLDivElement>(null);
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
      <h2 id="transcript-heading">Transcript</h2>
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
          <Segments segments={props.segments} recording={props.recording} revealedSeq={revealed?.seq} />
        ) : (
          <p className="transcript-plain">{texts[shown]}</p>
        )}
      </div>
    </section>
  );
}

function Segments(props: { segments: Segment[]; recording: boolean; revealedSeq: number | undefined }) {
  if (props.segments.length === 0) {
    return (
      <p className="muted">
        {props.recording
          ? 'Listening… words appear here as they are recognised.'
          : 'This session has no words.'}
      </p>
    );
  }
  return props.segments.map((segment, index) => {
    const previousSpeaker = index === 0 ? null : props.segments[index - 1]?.speaker;
    const revealed = segment.seq === props.revealedSeq;
    return (
      <p
        key={segment.seq}
        className={revealed ? 'transcript-segment transcript-segment-revealed' : 'transcript-segment'}
        data-seq={segment.seq}
        tabIndex={revealed ? -1 : undefined}
      >
        <span className="timestamp">[{transcriptTimestamp(segment.startMs)}]</span>
        {segment.speaker !== null && segment.speaker !== previousSpeaker && (
          <span className="speaker">{segment.speaker}:</span>
        )}
        {segment.text}
      </p>
    );
  });
}
