import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { isNoteFileNameOf, noteFileName } from '../../store/export/noteFileName.ts';
import { sessionIdOfNote, userPartOf } from '../../store/export/sessionNote.ts';
import type { SessionRecord } from '../../store/records.ts';

/** The file operations a note is written with; tests put failing ones in place (a full disk). */
export interface NoteFileSystem {
  readdir(path: string): Promise<string[]>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  stat(path: string): Promise<{ mtimeMs: number; size: number; mode: number }>;
  writeFile(path: string, data: string, options: { flag: 'wx'; mode: number; flush: true }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
}

export const nodeFileSystem: NoteFileSystem = fs;

/** What a write did: made the note, changed it (perhaps under a new name), or found it as it was. */
export type NoteChange = 'created' | 'updated' | 'unchanged';

export interface NoteWrite {
  /** The note's file name in the folder. */
  file: string;
  change: NoteChange;
}

/** A note whose marker line is gone: Earshot cannot tell the user's text from its own. */
export class NoteWithoutMarkerError extends Error {
  readonly file: string;
  constructor(file: string) {
    super(`The note ${file} has no marker line`);
    this.file = file;
  }
}

interface FoundNote {
  name: string;
  content: string;
  mtimeMs: number;
  size: number;
  mode: number;
}

/** Tries again when the user saved the note while it was being written, at most this often. */
const attempts = 3;

/**
 * Writes a session's note into `folder`: `render` gets the user's part (what is below the marker
 * in the note as it is now, '' for a new one) and answers the whole note. The session's note is
 * found by its id, so a renamed session's note is moved to its new name, never doubled. The new
 * content goes to a hidden temporary file in the same folder, flushed, then renamed over the note:
 * a reader sees the old note or the new, and a failure (a full disk) leaves the old one as it was.
 * A note saved by its user meanwhile is read again, so their lines are never overwritten.
 */
export async function writeNoteFile(
  folder: string,
  session: Pick<SessionRecord, 'id' | 'title' | 'startedAt'>,
  render: (userPart: string) => string,
  files: NoteFileSystem = nodeFileSystem,
): Promise<NoteWrite> {
  for (let attempt = 1; ; attempt++) {
    const names = await files.readdir(folder);
    const notes = await notesOf(folder, session.id, names, files);
    const target = targetName(session, names, notes);
    const current = notes.find((note) => note.name === target) ?? newest(notes);
    const userPart = current === undefined ? '' : userPartOf(current.content);
    if (userPart === undefined) throw new NoteWithoutMarkerError(current?.name ?? target);
    const content = render(userPart);
    const leftovers = notes.filter((note) => note.name !== target && userPartOf(note.content) === userPart);
    if (current?.name === target && current.content === content && leftovers.length === 0) {
      return { file: target, change: 'unchanged' };
    }
    const temporary = join(folder, `.${target}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await files.writeFile(temporary, content, { flag: 'wx', mode: current?.mode ?? 0o600, flush: true });
      if (current !== undefined && !(await unchangedSince(folder, current, files))) {
        if (attempt < attempts) continue;
        throw new Error(`The note ${current.name} kept changing while Earshot wrote it`);
      }
      await files.rename(temporary, join(folder, target));
    } finally {
      await files.rm(temporary, { force: true });
    }
    // Only names the session had before that held the same user part: nothing of the user's goes.
    for (const note of leftovers) await files.rm(join(folder, note.name), { force: true });
    return { file: target, change: current === undefined ? 'created' : 'updated' };
  }
}

/** The notes in the folder named for the session whose front matter names it too. */
async function notesOf(
  folder: string,
  sessionId: string,
  names: string[],
  files: NoteFileSystem,
): Promise<FoundNote[]> {
  const found: FoundNote[] = [];
  for (const name of names.filter((candidate) => isNoteFileNameOf(candidate, sessionId))) {
    const path = join(folder, name);
    const [content, stat] = await Promise.all([files.readFile(path, 'utf8'), files.stat(path)]);
    if (sessionIdOfNote(content) !== sessionId) continue;
    found.push({ name, content, mtimeMs: stat.mtimeMs, size: stat.size, mode: stat.mode & 0o777 });
  }
  return found;
}

/**
 * The session's name for its note; the one with its whole id when another file (another session's
 * note, whose id starts alike) already has the short one. A file that is not the session's is
 * never written over.
 */
function targetName(
  session: Pick<SessionRecord, 'id' | 'title' | 'startedAt'>,
  names: string[],
  notes: FoundNote[],
): string {
  const ours = (name: string) => !names.includes(name) || notes.some((note) => note.name === name);
  const name = noteFileName(session);
  if (ours(name)) return name;
  const fullName = noteFileName(session, true);
  if (ours(fullName)) return fullName;
  throw new Error(`Files named ${name} and ${fullName} are there already, and are not this session's notes`);
}

function newest(notes: FoundNote[]): FoundNote | undefined {
  return notes.reduce<FoundNote | undefined>(
    (latest, note) => (latest === undefined || note.mtimeMs > latest.mtimeMs ? note : latest),
    undefined,
  );
}

async function unchangedSince(folder: string, note: FoundNote, files: NoteFileSystem): Promise<boolean> {
  const now = await files.stat(join(folder, note.name)).catch(() => undefined);
  return now !== undefined && now.mtimeMs === note.mtimeMs && now.size === note.size;
}
