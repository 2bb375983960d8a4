import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { control } from '../connection/control.ts';
import type { Segment } from '../../store/records.ts';
import { type PlaybackPosition, playbackPosition } from './playbackPosition.ts';

/** Whether the session's audio can be played: asked of the service once the session has ended. */
export type PlaybackSource =
  | { state: 'off' }
  | { state: 'asking' }
  | { state: 'none' }
  | { state: 'failed'; error: unknown }
  | { state: 'ready'; url: string };

export interface SessionPlayback {
  source: PlaybackSource;
  /** The page's one `<audio>` element (SessionAudioPlayer renders it). */
  audio: RefObject<HTMLAudioElement | null>;
  /** The line, and word, the audio is at; undefined before the first line or without audio. */
  position: PlaybackPosition | undefined;
  playing: boolean;
  playFrom: (ms: number) => void;
  toggle: () => void;
  seekBy: (ms: number) => void;
  /** For the element's events: follows play, pause and seeks. */
  onStateChange: () => void;
}

/**
 * The playback of a session's audio beside its transcript. `enabled` is false while it records
 * (its audio is still being written). While the audio plays, each animation frame reads its time,
 * and the page re-renders only when that moves to another line or word.
 */
export function useSessionPlayback(
  sessionId: string,
  segments: readonly Segment[],
  enabled: boolean,
): SessionPlayback {
  const [source, setSource] = useState<PlaybackSource>({ state: enabled ? 'asking' : 'off' });
  const [position, setPosition] = useState<PlaybackPosition>();
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const shownSegments = useRef(segments);
  shownSegments.current = segments;

  useEffect(() => {
    if (!enabled) {
      setSource({ state: 'off' });
      return;
    }
    let current = true;
    setSource({ state: 'asking' });
    control<{ url: string | null }>('POST', `/sessions/${encodeURIComponent(sessionId)}/audio/player`).then(
      ({ url }) => current && setSource(url === null ? { state: 'none' } : { state: 'ready', url }),
      (error: unknown) => current && setSource({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [sessionId, enabled]);

  const follow = useCallback(() => {
    const element = audio.current;
    if (element === null) return;
    const next = playbackPosition(shownSegments.current, element.currentTime * 1000);
    setPosition((shown) => (shown?.seq === next?.seq && shown?.word === next?.word ? shown : next));
  }, []);

  useEffect(() => {
    follow();
    if (!playing) return;
    let frame = requestAnimationFrame(function step() {
      follow();
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, follow, segments]);

  const onStateChange = useCallback(() => {
    const element = audio.current;
    setPlaying(element !== null && !element.paused && !element.ended);
    follow();
  }, [follow]);

  const playFrom = useCallback((ms: number) => {
    const element = audio.current;
    if (element === null) return;
    element.currentTime = ms / 1000;
    void element.play().catch(() => undefined);
  }, []);

  const toggle = useCallback(() => {
    const element = audio.current;
    if (element === null) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  }, []);

  const seekBy = useCallback((ms: number) => {
    const element = audio.current;
    if (element === null) return;
    const end = Number.isFinite(element.duration) ? element.duration : Infinity;
    element.currentTime = Math.min(end, Math.max(0, element.currentTime + ms / 1000));
  }, []);

  return { source, audio, position, playing, playFrom, toggle, seekBy, onStateChange };
}
