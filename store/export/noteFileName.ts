import { formatWithOffset } from '../offsetTimestamp.ts';
import type { SessionRecord } from '../records.ts';
import { safeFileName } from '../safeFileName.ts';

/**
 * The longest a note's title part may be in UTF-8 bytes: with the date, the id and `.md` the name
 * stays well under the 255 bytes every file system allows, in any script (emoji take 4 bytes each).
 */
const longestTitleBytes = 160;

/** How many characters of the session id a note's name carries: enough to tell sessions apart. */
const shortIdLength = 8;

/**
 * The file name of a session's note: `2026-11-26 Weekly sync (1f0c9a2b).md` — the local date it
 * started, its title made safe on every system, and the start of its id, which is how the note is
 * found again after the session is renamed. With `fullId` the whole id is used, for the rare
 * session whose short name another session's note already has.
 */
export function noteFileName(
  session: Pick<SessionRecord, 'id' | 'title' | 'startedAt'>,
  fullId = false,
): string {
  const date = formatWithOffset(session.startedAt).slice(0, 10);
  return `${date} ${titlePart(session.title)} ${idPart(session.id, fullId)}.md`;
}

/** Whether `fileName` is named as a note of the session `sessionId` (short or full id). */
export function isNoteFileNameOf(fileName: string, sessionId: string): boolean {
  return [false, true].some((fullId) => fileName.endsWith(` ${idPart(sessionId, fullId)}.md`));
}

function idPart(sessionId: string, fullId: boolean): string {
  const safe = sessionId.replace(/[^A-Za-z0-9_-]/g, '_');
  return `(${fullId ? safe : safe.slice(0, shortIdLength)})`;
}

/**
 * The title as safeFileName leaves it, without what breaks an Obsidian link to the note (`#`, `^`,
 * `[`, `]`), cut to whole characters within the byte limit.
 */
function titlePart(title: string): string {
  const safe = safeFileName(title.replace(/[#^[\]]/g, '_'), 'Session');
  let part = '';
  for (const character of safe) {
    if (Buffer.byteLength(part + character) > longestTitleBytes) break;
    part += character;
  }
  return part.trimEnd();
}
