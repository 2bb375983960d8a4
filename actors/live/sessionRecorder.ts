import type { ProviderId } from '../../providers/contract.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { joinSegmentTexts } from '../../store/transcriptText.ts';
import { changeSessionStatus } from '../sessionStatusChange.ts';
import type { CommittedSegment } from './transcriptAssembler.ts';

export type RecordResult = { ok: true } | { ok: false; message: string };

/**
 * Writes a live session to the store as it happens: the session when it starts, every committed
 * segment the moment it is committed (the store writes it through to SQLite before returning),
 * the translated line as it grows, and the final status with the audio length.
 *
 * A resumed session keeps what it had: segments are appended after the stored ones and the
 * translated line after the stored line. Times given to the recorder are already in the session's
 * audio (see `startMs`).
 */
export class SessionRecorder {
  private readonly store: SessionStore;
  private readonly sessionId: string;
  /** Where this recording starts in the session's audio: 0 when new, the stored length when resumed. */
  readonly startMs: number;
  private readonly translatedBefore: string;
  private translated = '';

  /** Creates the session, `recording`. */
  static create(
    store: SessionStore,
    session: {
      id: string;
      title: string;
      providerId: ProviderId;
      topicId?: string | null;
      tagIds?: string[];
    },
  ): SessionRecorder {
    store.createSession(session);
    return new SessionRecorder(store, session.id, 0, '');
  }

  /**
   * Takes an interrupted session back to `recording` (the status machine's RESUME; anything else is
   * refused with a StoreError and changes nothing). Its transcript is left as it is.
   */
  static resume(store: SessionStore, sessionId: string): SessionRecorder {
    const session = changeSessionStatus(store, sessionId, { type: 'RESUME' });
    return new SessionRecorder(store, sessionId, session.durationMs, session.translatedTranscript ?? '');
  }

  private constructor(store: SessionStore, sessionId: string, startMs: number, translatedBefore: string) {
    this.store = store;
    this.sessionId = sessionId;
    this.startMs = startMs;
    this.translatedBefore = translatedBefore;
  }

  record(segments: readonly CommittedSegment[]): RecordResult {
    return this.attempt(() => {
      for (const segment of segments) this.store.appendSegment(this.sessionId, segment);
    });
  }

  recordTranslation(finalText: string): RecordResult {
    if (finalText === '') return { ok: true };
    this.translated += finalText;
    return this.attempt(() => {
      this.store.updateSession(this.sessionId, {
        translatedTranscript: joinSegmentTexts([this.translatedBefore, this.translated.trim()]),
      });
    });
  }

  /**
   * Stores the end: `completed`, or `interrupted` with why (which stays visible in the session).
   * `audioMs` is the session's audio, this recording's and any before it.
   */
  end(status: 'completed' | 'interrupted', audioMs: number, error?: string | null): RecordResult {
    return this.attempt(() => {
      const session = this.store.getSession(this.sessionId);
      if (session !== undefined && audioMs > session.durationMs) {
        this.store.updateSession(this.sessionId, { durationMs: Math.round(audioMs) });
      }
      changeSessionStatus(
        this.store,
        this.sessionId,
        status === 'completed' ? { type: 'STOP' } : { type: 'FAIL', reason: error ?? 'The provider failed.' },
      );
    });
  }

  private attempt(write: () => void): RecordResult {
    try {
      write();
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        message: `The transcript could not be saved: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
}
