/**
 * The messages of `/ws/app`, the channel between the service and its own clients (the UI, the
 * `earshot live` and `earshot inspect` CLI). Types only, so the browser UI can share them.
 */

import type { InspectedActor, InspectionStep } from '../../actors/inspection/inspectionRecords.ts';
import type { MachineDrawing, MachinePathsDescription } from '../../machines/analysis/machineDescription.ts';
import type { ListedSession } from '../../store/records.ts';

export type { InspectedActor, InspectionStep };

export type AudioFormat = 'pcm16' | 'webm-opus';

export type LiveState =
  'connecting' | 'streaming' | 'reconnecting' | 'stopping' | 'completed' | 'interrupted';

export interface LiveSegment {
  text: string;
  startMs: number;
  endMs: number;
  speaker: string | null;
  language: string | null;
}

/** Everything a live session's client needs after each change. */
export interface LiveUpdate {
  sessionId: string;
  state: LiveState;
  /** Segments committed by this change, already stored. */
  committed: LiveSegment[];
  /** The tentative tail: shown, never stored, replaced by the next update. */
  tentative: string;
  /** P01's translated line, when the change touched it. */
  translation?: { finalText: string; tentativeText: string };
  error: string | null;
  /** Audio captured so far. */
  audioMs: number;
  /**
   * Windowed providers (P09–P14): `speed`, seconds of audio transcribed per second (below 1 the
   * provider is slower than real time; null before its first pass), and `untranscribedMs`, the
   * audio not yet committed; while `stopping`, what is left before the session completes; and
   * `passAudioMs`, the audio of the pass under way (null between passes).
   */
  pace?: { speed: number | null; untranscribedMs: number; passAudioMs: number | null };
  /** While the provider stream is being reopened: which reconnect this is (1 for the first). */
  reconnectAttempt?: number;
  /** Why the session's audio stopped being saved (full disk, encoder failure); the transcript goes on. */
  audioProblem?: string;
}

/** A live session the service is recording, whichever client captures it. */
export interface RunningLiveSession {
  sessionId: string;
  providerId: string;
}

/** A row of a synced table: cell name → JSON value (tag ids are JSON too). */
export type SyncRow = Record<string, unknown>;

/**
 * A session as the replica holds it: what lists, counts and the live view show. What the AI made
 * and the translated and corrected transcripts (kilobytes a session, tens of megabytes for a
 * library) stay in the service: the session page reads them from `GET /control/v1/sessions/{id}`,
 * and again whenever `updatedAt` changes.
 */
export type ReplicatedSession = Omit<ListedSession, 'summary'>;

/**
 * The tables the UI keeps a replica of. `segments` holds only the sessions still recording;
 * `askEntries` is there so an answer shows as it grows without the page asking for it.
 */
export const syncedTableNames = ['sessions', 'topics', 'tags', 'segments', 'askEntries'] as const;
export type SyncedTableName = (typeof syncedTableNames)[number];

/** Whole rows changed since the last message, by table and row id; `null` means the row is gone. */
export type SyncChanges = Partial<Record<SyncedTableName, Record<string, SyncRow | null>>>;

/** What a client sends as text; binary frames are audio for its live session. */
export type ClientMessage =
  | {
      type: 'live.start';
      provider: string;
      title?: string;
      languageHints?: string[];
      audioFormat?: AudioFormat;
      /** Continue an interrupted session instead of starting a new one. */
      resumeSessionId?: string;
    }
  | { type: 'live.stop' }
  | { type: 'live.attach'; sessionId: string }
  /**
   * Follow a session another client captures (its updates and end) without taking over its audio:
   * closing this connection does not stop it. Stop it with `POST /control/v1/sessions/{id}/stop`.
   */
  | { type: 'live.watch'; sessionId: string }
  | { type: 'sync.start' }
  /** Start receiving inspection: an `inspect.snapshot`, then `inspect.actor` and `inspect.step` as they happen. */
  | { type: 'inspect.start' }
  | { type: 'inspect.stop' }
  /** The recorded steps of one actor, running or finished. */
  | { type: 'inspect.history'; actorId: string }
  /** A machine's generated test paths. */
  | { type: 'inspect.paths'; machine: string };

/** What the service sends a client. */
export type AppMessage =
  | { type: 'live.started'; sessionId: string; providerId: string; audioFormat: AudioFormat }
  | { type: 'live.refused'; message: string }
  | ({ type: 'live.update' } & LiveUpdate)
  | { type: 'live.ended'; sessionId: string; state: string; error: string | null }
  /** After `sync.start` and at every change: the live sessions running in the service. */
  | { type: 'live.running'; sessions: RunningLiveSession[] }
  | { type: 'sync.snapshot'; tables: Record<SyncedTableName, Record<string, SyncRow>> }
  | { type: 'sync.changes'; changes: SyncChanges }
  | { type: 'inspect.snapshot'; machines: MachineDrawing[]; actors: InspectedActor[] }
  /** An actor started or ended (its current state arrives in `inspect.step`). */
  | { type: 'inspect.actor'; actor: InspectedActor }
  /** A step of a running actor; a step with a `seq` already sent replaces it (a folded repeat). */
  | { type: 'inspect.step'; actorId: string; step: InspectionStep }
  | { type: 'inspect.history'; actorId: string; steps: InspectionStep[]; dropped: number }
  | { type: 'inspect.paths'; paths: MachinePathsDescription }
  | { type: 'inspect.refused'; message: string };
