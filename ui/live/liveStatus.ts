import type { StateValue } from 'xstate';
import type { LiveState, LiveUpdate } from '../../api/appChannel/appProtocol.ts';
import { formatDuration } from '../format/time.ts';

/** Where a live recording is, as the pages show it. */
export type LiveStage =
  'form' | 'connecting' | 'capturing' | 'watching' | 'needsSource' | 'stopping' | 'finished';

/** The capture machine's state (captureMachine.ts) as a stage. */
export function liveStageOf(value: StateValue): LiveStage {
  const top = typeof value === 'string' ? value : (Object.keys(value)[0] ?? '');
  switch (top) {
    case 'capturing':
    case 'watching':
    case 'needsSource':
    case 'stopping':
    case 'finished':
      return top;
    case 'choosingSource':
    case 'starting':
    case 'attaching':
      return 'connecting';
    default:
      return 'form';
  }
}

/** A recording is under way (the indicator shows, the tab title says so). */
export function isRecordingStage(stage: LiveStage): boolean {
  return stage !== 'form' && stage !== 'finished';
}

export interface LiveStatusInput {
  stage: LiveStage;
  /** This page's own link to the service is down (it reconnects by itself). */
  serviceLinkLost: boolean;
  /** The session's state in the service, from its last update. */
  serviceState: LiveState | undefined;
  reconnectAttempt: number | undefined;
  serviceError: string | null;
  pace: LiveUpdate['pace'];
  endedState: string | undefined;
  /** The provider by its vendor's name ("Deepgram"). */
  vendor: string;
}

export type StatusTone = 'neutral' | 'warning' | 'danger' | 'success';

export interface LiveStatus {
  /** The state in a word or two, for the badge. */
  label: string;
  tone: StatusTone;
  /** What is going on in a sentence, and the test id it is found by; none when all is well. */
  detail?: { text: string; testId: string };
}

/** Audio below a second left to transcribe is "the last words", not a countdown. */
const countdownFromMs = 1000;

/**
 * What the Live page and the indicator say about a recording: the connection (connecting,
 * reconnecting with the attempt, this page's own link down) and, for a windowed provider (P09–P14),
 * how the passes keep up: audio waiting for the next pass, falling behind real time, and after
 * Stop how much audio is left — the same facts `earshot live` prints.
 */
export function liveStatus(input: LiveStatusInput): LiveStatus {
  const { stage, serviceState, pace, vendor } = input;
  switch (stage) {
    case 'form':
      return { label: 'Ready', tone: 'neutral' };
    case 'connecting':
      return { label: 'Connecting', tone: 'neutral', detail: connectingTo(vendor) };
    case 'needsSource':
      return { label: 'Waiting for a source', tone: 'warning' };
    case 'finished':
      return input.endedState === 'completed'
        ? { label: 'Completed', tone: 'success' }
        : {
            label: 'Interrupted',
            tone: 'danger',
            detail: {
              text: input.serviceError ?? 'The recording stopped early.',
              testId: 'live-ended-reason',
            },
          };
    case 'stopping':
      return { label: 'Stopping', tone: 'neutral', detail: finishing(pace) };
    case 'capturing':
    case 'watching':
  }
  if (input.serviceLinkLost) {
    return {
      label: 'Reconnecting',
      tone: 'warning',
      detail: {
        text: 'The connection to the Earshot service dropped. The recording goes on; this page reconnects by itself.',
        testId: 'live-connection',
      },
    };
  }
  if (serviceState === 'stopping') return { label: 'Stopping', tone: 'neutral', detail: finishing(pace) };
  if (input.reconnectAttempt !== undefined) {
    const reason = input.serviceError === null ? '' : ` ${input.serviceError}`;
    return {
      label: `Reconnecting (attempt ${input.reconnectAttempt})`,
      tone: 'warning',
      detail: {
        text: `Reconnecting to ${vendor}, attempt ${input.reconnectAttempt}.${reason} The audio is kept and sent once the connection is back.`,
        testId: 'live-connection',
      },
    };
  }
  if (serviceState === undefined || serviceState === 'connecting') {
    return { label: 'Connecting', tone: 'neutral', detail: connectingTo(vendor) };
  }
  return { label: 'Recording', tone: 'danger', detail: windowedPace(pace) };
}

function connectingTo(vendor: string): LiveStatus['detail'] {
  return { text: `Connecting to ${vendor}…`, testId: 'live-connection' };
}

function finishing(pace: LiveUpdate['pace']): LiveStatus['detail'] {
  const leftMs = pace?.untranscribedMs ?? 0;
  if (leftMs < countdownFromMs) return { text: 'Saving the last words…', testId: 'live-finishing' };
  return {
    text:
      `Finishing: ${formatDuration(leftMs)} of audio left to transcribe. Every word is kept; the ` +
      'session completes by itself, even if you leave this page.',
    testId: 'live-finishing',
  };
}

/** A windowed provider's passes: behind real time, or the audio waiting for the next pass. */
function windowedPace(pace: LiveUpdate['pace']): LiveStatus['detail'] {
  if (pace === undefined) return undefined;
  if (pace.speed !== null && pace.speed < 1) {
    return {
      text:
        `Slower than real time (${pace.speed.toFixed(1)}×): the text is ${formatDuration(pace.untranscribedMs)} ` +
        'behind. Every word is kept, but it comes late; a smaller model or another provider keeps up.',
      testId: 'live-behind',
    };
  }
  if (pace.passAudioMs !== null) {
    return {
      text: `Transcribing the last ${formatDuration(pace.passAudioMs)} of audio…`,
      testId: 'live-pass',
    };
  }
  if (pace.untranscribedMs < countdownFromMs) return undefined;
  return {
    text: `Transcribing in passes of a few seconds: ${formatDuration(pace.untranscribedMs)} of audio wait for the next one.`,
    testId: 'live-pass',
  };
}

/** The browser tab's title while a recording runs: "● Recording 3:12 — Earshot". */
export function recordingTabTitle(pageTitle: string, stage: LiveStage, elapsedMs: number): string {
  const plain = withoutRecordingMark(pageTitle);
  if (stage === 'stopping') return `● Finishing — ${plain}`;
  if (!isRecordingStage(stage)) return plain;
  return `● Recording ${formatDuration(elapsedMs)} — ${plain}`;
}

/** The page's own title, without what recordingTabTitle put before it. */
export function withoutRecordingMark(title: string): string {
  return title.replace(/^● [^—]* — /, '');
}

/**
 * The elapsed time to show between the service's updates, which come only when something changes:
 * while the recording runs, the last reported audio length plus the time since it was reported,
 * never less than what was shown before (a late update must not make the clock jump back).
 */
export function shownElapsedMs(options: {
  audioMs: number;
  reportedAt: number;
  now: number;
  running: boolean;
  shownBefore: number;
}): number {
  if (!options.running) return options.audioMs;
  return Math.max(options.shownBefore, options.audioMs + Math.max(0, options.now - options.reportedAt));
}
