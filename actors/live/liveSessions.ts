import { openBatchWindowStream } from '../batch/batchWindowStream.ts';
import { decodingWebm } from '../batch/webmDecoding.ts';
import { startSessionAudioWriter } from '../sessionAudio/sessionAudioWriter.ts';
import { audioRetentionValueId, readAudioRetention } from '../../store/audio/audioRetention.ts';
import { type LiveSession, type LiveSessionUpdate, startLiveSession } from './liveSession.ts';
import type { LiveStatus } from './liveStatus.ts';
import { checkProviderConfig } from '../../providers/configuration/configCheck.ts';
import type {
  AudioInputMode,
  LiveEvent,
  LiveStream,
  ProviderDefinition,
  ResolveBaseUrl,
} from '../../providers/contract.ts';
import { openProxyStream, type ProxyAddress } from '../../providers/live/proxyStream.ts';
import { unreachableAdvice } from '../../providers/providerAddress.ts';
import { findProvider } from '../../providers/registry.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { ActorInspection } from '../inspection/actorInspection.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';
import { vocabularyOfSession } from '../../store/vocabulary.ts';
import { managedRuntimeProblem } from '../runtimeSetup/storedRuntimeProblem.ts';

/** How long a shutdown waits for live sessions to finish transcribing before abandoning them. */
export const shutdownGraceMs = 10_000;

export interface LiveSessionRequest {
  /** Id or label, case-insensitive. */
  provider: string;
  title?: string;
  /** ISO 639-1 codes for this session; default: the provider's configured hints. */
  languageHints?: string[];
  /** The capture's audio format; default: the provider's input mode. */
  audioFormat?: AudioInputMode;
  /**
   * Records more audio into this interrupted session, with any provider; the session keeps its
   * title, topic, tags and first provider, and `title` is not used.
   */
  resumeSessionId?: string;
}

/** A session recording in the service; its title and the rest are in the store. */
export interface RunningSession {
  sessionId: string;
  providerId: string;
}

/** A live request that cannot start (unknown provider, missing settings, audio it cannot take…). */
export class LiveRequestError extends Error {}

export interface LiveSessionsOptions {
  store: SessionStore;
  dataDirectory: string;
  /** The service's own proxy, known once the server listens. */
  proxyAddress(): ProxyAddress;
  /** Where a windowed-batch provider's requests go (P14: a lease on the managed runtime). */
  resolveBaseUrl: ResolveBaseUrl;
  finishTimeoutMs?: number;
  reconnectBackoffMs?: number;
  /** Where the actors' machines are watched from (the visualizer); none in most tests. */
  inspection?: ActorInspection;
}

const languageCode = /^[a-z]{2}$/;

/** The live sessions of the service process: started, followed and stopped here. */
export class LiveSessions {
  private readonly options: LiveSessionsOptions;
  private readonly sessions = new Map<string, LiveSession>();
  private readonly detachedStops = new Map<string, NodeJS.Timeout>();
  private readonly runningListeners = new Set<(running: RunningSession[]) => void>();
  private readonly updateListeners = new Set<(update: LiveSessionUpdate) => void>();

  constructor(options: LiveSessionsOptions) {
    this.options = options;
  }

  /** Starts or resumes a session; throws LiveRequestError with what to do when it cannot. */
  start(request: LiveSessionRequest): LiveSession {
    if (request.resumeSessionId !== undefined) this.checkResumable(request.resumeSessionId);
    const definition = findProvider(request.provider);
    if (definition === undefined) {
      throw new LiveRequestError(
        `There is no provider "${request.provider}"; name one by id or label, such as deepgram or P06.`,
      );
    }
    const { metadata } = definition;
    const runtimeProblem = managedRuntimeProblem(this.options.dataDirectory, definition);
    if (runtimeProblem !== undefined) throw new LiveRequestError(runtimeProblem);
    const checked = checkProviderConfig(
      definition,
      readProviderConfig(this.options.dataDirectory, metadata.id),
    );
    if (!checked.ok) throw new LiveRequestError(checked.message);
    const audioFormat = request.audioFormat ?? captureFormat(definition);
    if (audioFormat !== captureFormat(definition) && metadata.audioInput !== 'webm-opus') {
      throw new LiveRequestError(
        `${metadata.name} takes ${captureFormat(definition)} audio, not ${audioFormat}.`,
      );
    }
    const hints = request.languageHints ?? configuredHints(checked.config);
    const wrong = hints.find((code) => !languageCode.test(code));
    if (wrong !== undefined) {
      throw new LiveRequestError(
        `"${wrong}" is not a two-letter ISO 639-1 language code; use codes such as en or zh.`,
      );
    }
    const title = request.title?.trim() || `Live ${new Date().toLocaleString()}`;
    const session = startLiveSession({
      store: this.options.store,
      providerId: metadata.id,
      title,
      resumeSessionId: request.resumeSessionId,
      audioFormat,
      openStream: (onEvent, sessionId) =>
        this.openStream(definition, checked.config, hints, audioFormat, onEvent, sessionId),
      finishTimeoutMs: this.options.finishTimeoutMs,
      reconnectBackoffMs: this.options.reconnectBackoffMs,
      keepAudio: recordsAudio(this.options.store)
        ? (sessionId, startMs, onProblem) =>
            startSessionAudioWriter({
              dataDirectory: this.options.dataDirectory,
              sessionId,
              audioFormat,
              startMs,
              onProblem,
            })
        : undefined,
      inspect: this.options.inspection?.observe({
        machine: 'liveSession',
        label: `${metadata.name} · ${request.resumeSessionId === undefined ? title : 'resumed session'}`,
      }),
    });
    this.sessions.set(session.id, session);
    const stopForwarding = session.subscribe((update) => {
      for (const listener of this.updateListeners) listener(update);
    });
    this.tellRunning();
    void session.ended.then(() => {
      stopForwarding();
      // A resumed session has its earlier run's id: that run's end must not drop the new one.
      if (this.sessions.get(session.id) !== session) return;
      this.sessions.delete(session.id);
      this.cancelDetachedStop(session.id);
      this.tellRunning();
    });
    return session;
  }

  /** The sessions recording now, whichever client captures them. */
  running(): RunningSession[] {
    return [...this.sessions.values()].map((session) => ({
      sessionId: session.id,
      providerId: session.providerId,
    }));
  }

  /** Calls `listener` with `running()` whenever a session starts or ends; returns the unsubscribe function. */
  watchRunning(listener: (running: RunningSession[]) => void): () => void {
    this.runningListeners.add(listener);
    return () => this.runningListeners.delete(listener);
  }

  /** Calls `listener` with every update of every live session; returns the unsubscribe function. */
  watchUpdates(listener: (update: LiveSessionUpdate) => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  get(sessionId: string): LiveSession | undefined {
    return this.sessions.get(sessionId);
  }

  /**
   * Stops a running session as its own Stop does, whichever client asks (another tab, the session
   * page); false when no session with that id is recording live.
   */
  stop(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    if (session === undefined) return false;
    void session.stop();
    return true;
  }

  /** Stops the session after `graceMs` unless a client attaches again (its capture has gone). */
  stopWhenDetached(sessionId: string, graceMs: number): void {
    const session = this.sessions.get(sessionId);
    if (session === undefined || this.detachedStops.has(sessionId)) return;
    this.detachedStops.set(
      sessionId,
      setTimeout(() => {
        this.detachedStops.delete(sessionId);
        void session.stop();
      }, graceMs),
    );
  }

  cancelDetachedStop(sessionId: string): void {
    clearTimeout(this.detachedStops.get(sessionId));
    this.detachedStops.delete(sessionId);
  }

  status(): LiveStatus {
    const [current] = this.sessions.values();
    return {
      recording: current !== undefined,
      currentSessionId: current?.id ?? null,
      currentProvider: current?.providerId ?? null,
    };
  }

  /** Stops every session the way the user would, so their last words are kept, before the store closes. */
  /**
   * Stops every session and waits for each to finish transcribing, but at most `graceMs`: then the
   * ones still finishing (a slow provider with a backlog) are abandoned, kept `interrupted` with
   * their committed text, so shutting down never hangs on a provider.
   */
  async close(graceMs = shutdownGraceMs): Promise<void> {
    await Promise.all(
      [...this.sessions.values()].map(async (session) => {
        const timer = setTimeout(() => void session.abandon(), graceMs);
        await session.stop();
        clearTimeout(timer);
      }),
    );
  }

  private tellRunning(): void {
    const running = this.running();
    for (const listener of this.runningListeners) listener(running);
  }

  /** Only an interrupted session takes more audio; the store's status machine enforces it too. */
  private checkResumable(sessionId: string): void {
    const status = this.options.store.getSession(sessionId)?.status;
    if (status === undefined) {
      throw new LiveRequestError(
        `There is no session ${sessionId} to resume; pick an interrupted session, or start a new one without resumeSessionId.`,
      );
    }
    if (status === 'recording') {
      throw new LiveRequestError(
        `Session ${sessionId} is already recording; attach to it (live.attach) or stop it first.`,
      );
    }
    if (status === 'completed') {
      throw new LiveRequestError(
        `Session ${sessionId} is completed, and completed sessions cannot be resumed; start a new session instead.`,
      );
    }
  }

  private openStream(
    definition: ProviderDefinition<unknown>,
    config: unknown,
    languageHints: readonly string[],
    audioFormat: AudioInputMode,
    reportEvent: (event: LiveEvent) => void,
    sessionId: string,
  ): LiveStream {
    const { metadata, live } = definition;
    // Read at each (re)connection, so terms added or a topic given mid-session apply from then on.
    const vocabulary = vocabularyOfSession(this.options.store, sessionId);
    // Whichever way the stream goes, a provider that cannot be reached is told with what to do about it.
    const onEvent = (event: LiveEvent) =>
      reportEvent(
        event.type === 'error' && event.code === 'unreachable'
          ? {
              ...event,
              message: `${event.message} ${unreachableAdvice(metadata, live?.address?.(config).field)}`,
            }
          : event,
      );
    if (live === undefined) {
      const window = openBatchWindowStream({
        definition,
        config,
        languageHints,
        vocabulary,
        resolveBaseUrl: this.options.resolveBaseUrl,
        onEvent,
        inspect: this.options.inspection?.observe({
          machine: 'batchWindow',
          id: sessionId,
          label: `${metadata.name} windows of session ${sessionId.slice(0, 8)}`,
        }),
      });
      if (audioFormat === 'pcm16') return window;
      return decodingWebm(window, (message) =>
        onEvent({ type: 'error', code: 'bad_request', permanent: true, message }),
      );
    }
    if (metadata.transport === 'websocket-direct')
      return live.open({ config, languageHints, vocabulary, audioFormat, onEvent });
    return openProxyStream(this.options.proxyAddress(), {
      providerId: metadata.id,
      languageHints,
      sessionId,
      onEvent,
    });
  }
}

/**
 * The audio a live session captures for a provider unless the client says otherwise: its own
 * input mode when it streams; PCM16 for the windowed-batch providers, whose windows are sent as
 * WAV files (P12/P13 also take the WebM/Opus of their input mode, decoded as it arrives).
 */
export function captureFormat(definition: ProviderDefinition<unknown>): AudioInputMode {
  return definition.live === undefined ? 'pcm16' : definition.metadata.audioInput;
}

/** Whether live sessions keep their audio: unless the retention setting says `never`. */
function recordsAudio(store: SessionStore): boolean {
  return readAudioRetention(store.getSetting(audioRetentionValueId)) !== 'never';
}

function configuredHints(config: unknown): string[] {
  const hints = (config as { languageHints?: unknown }).languageHints;
  return Array.isArray(hints) ? (hints as string[]) : [];
}
