/** The two answers to a proposed transcript (a correction, a new transcription): Keep or Discard. */
export function KeepOrDiscard(props: { sending: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <div className="toolbar">
      <button type="button" className="button-primary" disabled={props.sending} onClick={props.onKeep}>
        Keep
      </button>
      <button type="button" disabled={props.sending} onClick={props.onDiscard}>
        Discard
      </button>
    </div>
  );
}
