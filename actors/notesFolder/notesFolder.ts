import type { ServiceEventFeed, PublishedEvent } from '../serviceEvents/serviceEventFeed.ts';
import { sessionExportOf } from '../../store/export/sessionExport.ts';
import { toSessionNote } from '../../store/export/sessionNote.ts';
import {
  notesFolderValueId,
  readNotesFolderSettings,
  storedNotesFolderSettings,
  type NotesFolderSettings,
} from '../../store/notesFolderSettings.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { NoteWithoutMarkerError, writeNoteFile, type NoteChange, type NoteFileSystem } from './noteFile.ts';
import { notesFolderProblem } from './notesFolderProblem.ts';

/** One note written. */
export interface WrittenNote {
  sessionId: string;
  /** The note's file name in the folder. */
  file: string;
  change: NoteChange;
  /** ISO 8601. */
  at: string;
}

/** A write that failed, as Settings shows it until a later write works. */
export interface NotesFolderProblem {
  message: string;
  /** The session whose note it was; null for a problem of the folder itself. */
  sessionId: string | null;
  /** ISO 8601. */
  at: string;
}

export interface NotesFolderState {
  lastWritten: WrittenNote | null;
  problem: NotesFolderProblem | null;
}

/** Why a note was not written; `message` says what to do. */
export class NoteNotWrittenError extends Error {
  readonly reason: 'no_folder' | 'no_session' | 'recording' | 'write_failed';
  constructor(reason: NoteNotWrittenError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** What writing every completed session's note did. */
export interface AllNotesWritten {
  created: number;
  updated: number;
  unchanged: number;
  /** One message per note not written; a problem of the folder itself ends the run at the first. */
  problems: string[];
}

/**
 * Sessions as Markdown notes in a folder the owner picked (an Obsidian vault works as it is).
 * Following the service's events, it writes a session's note when the session completes and again
 * when an AI artefact of it is ready, while the setting is on; `write` and `writeAll` write at
 * once, on or off. One write at a time, so two never race for one note. A failure is kept as the
 * problem Settings shows, and changes nothing else: the service goes on.
 */
export class NotesFolder {
  private readonly store: SessionStore;
  private readonly appAddress: () => string | null;
  private readonly files: NoteFileSystem | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly waiting = new Set<string>();
  private current: NotesFolderState = { lastWritten: null, problem: null };

  constructor(options: {
    store: SessionStore;
    /** The app's address, so the notes' times link to their moment in the app; null when unknown. */
    appAddress: () => string | null;
    files?: NoteFileSystem;
  }) {
    this.store = options.store;
    this.appAddress = options.appAddress;
    this.files = options.files;
  }

  settings(): NotesFolderSettings {
    return readNotesFolderSettings(this.store.getSetting(notesFolderValueId));
  }

  /** Stores the settings; a problem of the folder given up is forgotten with it. */
  changeSettings(settings: NotesFolderSettings): void {
    if (settings.folder !== this.settings().folder) this.current = { ...this.current, problem: null };
    this.store.setSetting(notesFolderValueId, storedNotesFolderSettings(settings));
  }

  state(): NotesFolderState {
    return this.current;
  }

  /** Writes notes as the feed tells of completed sessions and finished AI artefacts; returns stop. */
  follow(feed: ServiceEventFeed): () => void {
    return feed.subscribe((event) => {
      const sessionId = noteWorthy(event);
      if (sessionId === undefined || !this.settings().enabled || this.waiting.has(sessionId)) return;
      this.waiting.add(sessionId);
      void this.enqueue(async () => {
        this.waiting.delete(sessionId);
        if (!this.settings().enabled || this.store.getSession(sessionId)?.status !== 'completed') return;
        // Settings shows the problem; the log says it too, and the service goes on.
        await this.writeNow(sessionId).catch((error: unknown) => {
          console.error(`earshot: ${error instanceof Error ? error.message : String(error)}`);
        });
      });
    });
  }

  /** Writes the note of a session that is not recording, whether the setting is on or not. */
  write(sessionId: string): Promise<WrittenNote> {
    return this.enqueue(() => this.writeNow(sessionId));
  }

  /** Writes the note of every completed session, oldest first. */
  writeAll(): Promise<AllNotesWritten> {
    return this.enqueue(async () => {
      this.chosenFolder();
      const done: AllNotesWritten = { created: 0, updated: 0, unchanged: 0, problems: [] };
      const { sessions } = this.store.listSessions({
        status: 'completed',
        limit: Number.MAX_SAFE_INTEGER,
        offset: 0,
      });
      for (const session of sessions.reverse()) {
        try {
          done[(await this.writeNow(session.id)).change] += 1;
        } catch (error) {
          if (!(error instanceof NoteNotWrittenError)) throw error;
          done.problems.push(error.message);
          // The folder's problem would be every note's: one message says it.
          if (this.current.problem?.sessionId === null) break;
        }
      }
      return done;
    });
  }

  /** Settles once every write asked for so far has ended. */
  async idle(): Promise<void> {
    await this.queue;
  }

  private enqueue<Result>(task: () => Promise<Result>): Promise<Result> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private chosenFolder(): string {
    const { folder } = this.settings();
    if (folder !== null) return folder;
    throw new NoteNotWrittenError(
      'no_folder',
      'No notes folder is chosen. Choose one in Settings → Integrations, or with `earshot notes folder PATH`.',
    );
  }

  private async writeNow(sessionId: string): Promise<WrittenNote> {
    const folder = this.chosenFolder();
    const session = this.store.getSession(sessionId);
    if (session === undefined) {
      throw new NoteNotWrittenError(
        'no_session',
        `There is no session ${sessionId}; it may have been deleted.`,
      );
    }
    if (session.status === 'recording') {
      throw new NoteNotWrittenError(
        'recording',
        'The session is still recording; its note is written once it ends.',
      );
    }
    const input = sessionExportOf(this.store, session, this.appAddress());
    try {
      const { file, change } = await writeNoteFile(
        folder,
        session,
        (userPart) => toSessionNote(input, userPart),
        this.files,
      );
      const written = { sessionId, file, change, at: new Date().toISOString() };
      this.current = { lastWritten: written, problem: null };
      return written;
    } catch (error) {
      const message = notesFolderProblem(folder, error);
      const ofTheNote = error instanceof NoteWithoutMarkerError;
      this.current = {
        ...this.current,
        problem: { message, sessionId: ofTheNote ? sessionId : null, at: new Date().toISOString() },
      };
      throw new NoteNotWrittenError('write_failed', message);
    }
  }
}

/**
 * The session whose note an event changes: its completion, a new title, topic or tags (the note's
 * name and properties), or an AI artefact a note shows.
 */
function noteWorthy(event: PublishedEvent): string | undefined {
  if (event.type === 'session.stopped' && event.status === 'completed') return event.sessionId;
  if (event.type === 'session.updated') return event.sessionId;
  // Q&A is not in the note; every other artefact may change what it shows.
  if (event.type === 'ai.updated' && event.artefacts.some((artefact) => artefact !== 'askHistory')) {
    return event.sessionId;
  }
  return undefined;
}
