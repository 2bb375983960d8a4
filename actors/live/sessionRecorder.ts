import type { ProviderId } from '../../providers/contract.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { changeSessionStatus } from '../sessionStatusChange.ts';
import type { CommittedSegment } from './transcriptAssembler.ts';

export type RecordResult = { ok: true } | { ok: false; message: string };

/**
 * Writes a live session to the store as it happens: the session when it starts, every committed
 * segment the moment it is committed (the store writes it through to SQLite before returning),
 * the translated line as it grows, and the final status with the audio length.
 */
export class SessionRecorder {
  private readonly store: SessionStore;
  private readonly sessionId: string;
  private translated = '';

  constructor(
    store: SessionStore,
    session: {
      id: string;
      title: string;
      providerId: ProviderId;
      topicId?: string | null;
      tagIds?: string[];
    },
  ) {
    this.store = store;
    this.sessionId = session.id;
    store.createSession(session);
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
      this.store.updateSession(this.sessionId, { translatedTranscript: this.translated.trim() });
    });
  }

  /** Stores the end: `completed`, or `interrupted` with why (which stays visible in the session). */
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
