import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createActor, type InspectionEvent } from 'xstate';
import { type BatchWindowMode, batchWindowMachine } from '../../machines/batchWindow.ts';
import type {
  LiveErrorCode,
  LiveEvent,
  LiveStream,
  ProviderAddressLease,
  ProviderDefinition,
  ResolveBaseUrl,
} from '../../providers/contract.ts';
import { probeEndpoint, unreachableReason } from '../../providers/http/endpointReachability.ts';
import { ProviderError } from '../../providers/http/providerError.ts';
import { liveErrorCodeForStatus } from '../../providers/live/liveErrors.ts';
import { cannotReachMessage } from '../../providers/providerAddress.ts';
import { AudioWindow } from './audioWindow.ts';
import { filterHallucinations } from './hallucinationFilter.ts';
import { windowSpeech } from './speechGate.ts';
import { TranscriptStabilizer } from './transcriptStabilizer.ts';
import type { StabilizerUpdate, WindowPass } from './windowTranscript.ts';

/** One pass never covers more than this (spec: 45 s); audio beyond it waits for the next pass. */
export const maxWindowMs = 45_000;
/**
 * Past this, a pass commits what it heard more than `settledAfterMs` before its end without waiting
 * for the next pass to agree, so the window, each pass's cost and the lag stay short however slow
 * the recogniser (see TranscriptStabilizer's `windowTargetMs`). Measured with bench:stabilizer --real.
 */
export const windowTargetMs = 10_000;
export const settledAfterMs = 3_000;
/** Committed audio each pass hears again before the open words (see TranscriptStabilizer's `heardContextMs`). */
export const heardContextMs = 4_000;
/** How much each new pass moves the measured speed: enough to follow a change, not one odd pass. */
const speedSmoothing = 0.5;

export interface BatchWindowStreamOptions {
  definition: ProviderDefinition<unknown>;
  /** Validated config. */
  config: unknown;
  languageHints: readonly string[];
  /** The session's custom vocabulary, sent with every pass. */
  vocabulary?: readonly string[];
  resolveBaseUrl: ResolveBaseUrl;
  onEvent: (event: LiveEvent) => void;
  /** Observes the actor's machine (the visualizer); the actor works the same without it. */
  inspect?: (event: InspectionEvent) => void;
}

/**
 * Live capture on a REST-only provider (P09–P14) as a LiveStream, so the live session treats it
 * like any streaming provider: audio goes into a rolling window, the batch window machine says
 * when to retranscribe it (as a self-contained WAV, through the provider's own file client), the
 * stabilizer turns successive passes into committed finals and a tentative partial, and the
 * window is trimmed at what was committed so passes stay short however long the session runs.
 *
 * Transient failures (429, 5xx, timeouts) are retried at the next pass and never reported; a
 * permanent one ends the stream with an error. The window opens only once the provider's address
 * accepts a connection, and a pass that could not connect ends it: both are reported as
 * `unreachable` at once, so the session says so rather than listening on while nothing is heard.
 */
export function openBatchWindowStream(options: BatchWindowStreamOptions): LiveStream {
  const { definition, onEvent } = options;
  const mode: BatchWindowMode =
    definition.metadata.executionMode === 'windowed-debounce' ? 'debounce' : 'interval';
  const window = new AudioWindow();
  const stabilizer = new TranscriptStabilizer({ windowTargetMs, settledAfterMs, heardContextMs });
  const lifetime = new AbortController();
  let lease: ProviderAddressLease | undefined;
  let baseUrl: string | undefined;
  let ended = false;
  let settleFinish: (() => void) | undefined;
  let permanentFailure: { code: LiveErrorCode; message: string } | undefined;
  /** Stop was asked for: no more audio comes, and whatever is not transcribed now is missing. */
  let finishing = false;
  /** Seconds of audio the provider transcribes per second of waiting, smoothed over the passes. */
  let speed: number | undefined;

  const end = (event: LiveEvent) => {
    if (ended) return;
    ended = true;
    onEvent(event);
    lifetime.abort();
    actor.stop();
    void lease?.release();
    settleFinish?.();
  };
  const fail = (code: LiveErrorCode, message: string) =>
    end({ type: 'error', code, permanent: true, message });
  const cannotReach = (reason: string) =>
    cannotReachMessage(definition.metadata, baseUrl ?? definition.metadata.defaultBaseUrl, reason);
  const report = (update: StabilizerUpdate) => {
    for (const segment of update.committed) onEvent({ type: 'final', ...segment });
    onEvent({ type: 'partial', text: update.tentative });
    if (update.trimBeforeMs !== undefined) window.trimBefore(update.trimBeforeMs);
  };

  const reportPace = (passAudioMs: number | null = null) =>
    onEvent({
      type: 'pace',
      speed: speed ?? null,
      untranscribedMs: Math.round(window.durationMs),
      passAudioMs: passAudioMs === null ? null : Math.round(passAudioMs),
    });

  /** Transcribes the window's head (at most the cap); true once it was the end of the audio. */
  const transcribeHead = async (final: boolean): Promise<boolean> => {
    const started = performance.now();
    const passStartMs = window.startMs;
    // Audio that arrives while the pass is out is not in it, nor audio past the cap: the next pass
    // covers them.
    const heardUpToMs = Math.min(window.endMs, passStartMs + maxWindowMs);
    const heardMs = heardUpToMs - passStartMs;
    const endOfAudio = final && heardUpToMs >= window.endMs;
    // A window without speech is not sent: no cost, and no "Thank you." invented on silence.
    const speech = windowSpeech(window.pcm(heardMs), passStartMs);
    if (speech.lastSpeechEndMs !== undefined && baseUrl !== undefined) {
      // Said as it goes out, so the user sees the pass at work rather than waiting audio.
      reportPace(heardMs);
      const pass = await transcribeWindow(
        options,
        window,
        heardMs,
        baseUrl,
        stabilizer.promptText(),
        lifetime.signal,
      );
      const passSpeed = heardMs / Math.max(1, performance.now() - started);
      speed = speed === undefined ? passSpeed : speed + speedSmoothing * (passSpeed - speed);
      report(stabilizer.accept(filterHallucinations(pass, (from, to) => speech.hasSpeechBetween(from, to))));
    }
    if (endOfAudio) {
      report(stabilizer.flush());
      window.trimBefore(window.endMs);
    }
    // A full pass that left the window as long as it was (its text untimed, or no speech in it) is
    // committed as it heard it, and the window starts again after that audio.
    else if (heardMs >= maxWindowMs && heardUpToMs - window.startMs > windowTargetMs) {
      report(stabilizer.flush());
      window.trimBefore(heardUpToMs);
    }
    return endOfAudio;
  };

  const runPass = async (final: boolean): Promise<void> => {
    const started = performance.now();
    if (!final) await transcribeHead(false);
    // After Stop: pass after pass until every captured second is transcribed, however long it takes.
    else
      while (!ended) {
        reportPace();
        if (await transcribeHead(true)) break;
      }
    // A stream closed while the pass was out has stopped its actor; there is nobody to tell.
    if (ended) return;
    reportPace();
    actor.send({ type: 'PASS_DONE', durationMs: performance.now() - started });
  };
  const passOutcome = (final: boolean) => {
    // Started a tick later: a pass that finds nothing to send reports at once, and an actor must not
    // be sent events from inside its own entry action.
    Promise.resolve()
      .then(() => runPass(final))
      .catch((error: unknown) => {
        if (ended || lifetime.signal.aborted) return;
        // After Stop, the session will say exactly what is missing from its end.
        const missing = finishing
          ? ` The last ${Math.ceil(window.durationMs / 1000)} s of audio were not transcribed.`
          : '';
        const unreachable = unreachableReason(error);
        if (unreachable !== undefined) {
          actor.send({ type: 'ENDPOINT_UNREACHABLE', message: cannotReach(unreachable) + missing });
          return;
        }
        const permanent = !(error instanceof ProviderError) || error.kind !== 'retryable';
        const message = describe(error) + missing;
        if (permanent) permanentFailure = { code: failureCode(error), message };
        actor.send({ type: 'PASS_FAILED', permanent, message });
      });
  };

  const actor = createActor(
    batchWindowMachine.provide({
      actions: {
        startPass: () => passOutcome(false),
        startFinalPass: () => passOutcome(true),
      },
    }),
    { inspect: options.inspect },
  );
  actor.subscribe((snapshot) => {
    if (snapshot.value === 'finished') end({ type: 'finished' });
    if (snapshot.value === 'unfinished') {
      // Retryable: the live session reopens a window and replays the audio nothing committed yet.
      end({
        type: 'error',
        code: 'upstream_error',
        permanent: false,
        message: snapshot.context.error ?? 'The last pass failed.',
      });
    }
    if (snapshot.value === 'unreachable') {
      end({
        type: 'error',
        code: 'unreachable',
        permanent: false,
        message: snapshot.context.error ?? cannotReach('no answer'),
      });
    }
    if (snapshot.value === 'failed') {
      fail(
        permanentFailure?.code ?? 'bad_request',
        permanentFailure?.message ?? 'The provider refused the audio.',
      );
    }
  });
  actor.start();

  options
    .resolveBaseUrl(definition, options.config, lifetime.signal)
    .then(async (address) => {
      if (typeof address === 'string') baseUrl = address;
      else {
        lease = address;
        baseUrl = address.baseUrl;
      }
      if (ended) {
        void lease?.release();
        return;
      }
      // Before anything is promised: the first pass would only find out seconds of audio later.
      const reachability = await probeEndpoint(baseUrl, { signal: lifetime.signal }).catch(() => undefined);
      if (ended || reachability === undefined) return;
      if (!reachability.reachable) {
        actor.send({ type: 'ENDPOINT_UNREACHABLE', message: cannotReach(reachability.reason) });
        return;
      }
      actor.send({ type: 'OPEN', mode });
      onEvent({ type: 'ready' });
    })
    .catch((error: unknown) => fail('not_configured', describe(error)));

  return {
    sendAudio: (frame) => {
      if (ended) return;
      window.append(frame);
      actor.send({ type: 'AUDIO', durationMs: frame.byteLength / 32 });
    },
    // No time limit: the passes after Stop run until every captured second is transcribed, each
    // bounded by the provider's own request timeout; a failure ends the stream with an error.
    finish: () => {
      if (ended) return Promise.resolve();
      finishing = true;
      // Said at once: a pass still out may keep the next report waiting for a while.
      reportPace();
      return new Promise<void>((resolve) => {
        settleFinish = resolve;
        actor.send({ type: 'STOP' });
      });
    },
    close: () => {
      ended = true;
      lifetime.abort();
      actor.stop();
      void lease?.release();
      settleFinish?.();
    },
    bufferedBytes: () => 0,
  };
}

/** Transcribes the window's first `durationMs`. */
async function transcribeWindow(
  options: BatchWindowStreamOptions,
  window: AudioWindow,
  durationMs: number,
  baseUrl: string,
  prompt: string,
  signal: AbortSignal,
): Promise<WindowPass> {
  const windowStartMs = window.startMs;
  const windowEndMs = windowStartMs + durationMs;
  const wav = window.toWav(durationMs);
  const wavPath = join(tmpdir(), `earshot-window-${randomUUID()}.wav`);
  await writeFile(wavPath, wav);
  try {
    const result = await options.definition.transcribeFile({
      wavPath,
      wavBytes: wav.length,
      durationMs: windowEndMs - windowStartMs,
      languageHints: options.languageHints,
      config: options.config,
      baseUrl,
      signal,
      onProgress: () => {},
      prompt,
      vocabulary: options.vocabulary,
    });
    return {
      windowStartMs,
      windowEndMs,
      language: result.language ?? options.languageHints[0] ?? null,
      segments: result.segments.map((segment) => ({
        text: segment.text,
        startMs: windowStartMs + segment.startMs,
        endMs: windowStartMs + segment.endMs,
        words: segment.words?.map((word) => ({
          ...word,
          startMs: windowStartMs + word.startMs,
          endMs: windowStartMs + word.endMs,
        })),
      })),
    };
  } finally {
    await rm(wavPath, { force: true });
  }
}

function failureCode(error: unknown): LiveErrorCode {
  if (!(error instanceof ProviderError)) return 'upstream_error';
  if (error.kind === 'configuration') return 'not_configured';
  return error.status === undefined ? 'bad_request' : liveErrorCodeForStatus(error.status);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
