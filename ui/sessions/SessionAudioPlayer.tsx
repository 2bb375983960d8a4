import { type SyntheticEvent, useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import type { SessionPlayback } from './useSessionPlayback.ts';

/** Why a browser could not play the audio, in words (MediaError codes). */
const mediaProblems: Record<number, string> = {
  1: 'playing was stopped',
  2: 'the service stopped answering; check that Earshot is running, then reload the page',
  3: 'this browser could not decode it',
  4: 'this browser cannot play Opus audio, or the file is damaged',
};

/**
 * The session's recorded audio, with the browser's own player (its controls are keyboard-usable
 * and labelled); a quiet line instead when the session has none (recorded before Earshot kept
 * audio, or while audio retention was "never").
 * Nothing while the session records.
 */
export function SessionAudioPlayer(props: { playback: SessionPlayback }) {
  const { source, audio, onStateChange } = props.playback;
  const [playError, setPlayError] = useState<string>();
  switch (source.state) {
    case 'off':
    case 'asking':
      return null;
    case 'none':
      return (
        <p className="muted session-audio-none" data-testid="no-audio">
          No recording to play: Earshot kept no audio of this session.
        </p>
      );
    case 'failed':
      return <ErrorNotice error={source.error} />;
    case 'ready': {
      const failed = (event: SyntheticEvent<HTMLAudioElement>) => {
        const code = event.currentTarget.error?.code ?? 0;
        setPlayError(`The recording could not be played: ${mediaProblems[code] ?? 'unknown reason'}.`);
      };
      return (
        <section className="session-audio" aria-label="Recording">
          <audio
            ref={audio}
            src={source.url}
            controls
            preload="metadata"
            aria-label="Recording of the session"
            onPlay={onStateChange}
            onPause={onStateChange}
            onEnded={onStateChange}
            onSeeked={onStateChange}
            onLoadedMetadata={onStateChange}
            onError={failed}
            data-testid="session-audio"
          />
          <p className="muted session-audio-keys">
            Space plays or pauses, ← and → go 5 seconds back or on; a line’s time plays from there.
          </p>
          <ErrorNotice error={playError} onDismiss={() => setPlayError(undefined)} />
        </section>
      );
    }
  }
}
