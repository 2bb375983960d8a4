import type { Row } from 'tinybase';
import { useRow, useTable } from 'tinybase/ui-react';
import type { ReplicatedSession } from '../../api/appChannel/appProtocol.ts';
import type { AskEntry, Segment, Tag, Topic } from '../../store/records.ts';

function sessionFromRow(id: string, row: Row): ReplicatedSession {
  return { id, ...(row as unknown as Omit<ReplicatedSession, 'id'>) };
}

/** Every session of the replica, newest first. */
export function useSessions(): ReplicatedSession[] {
  const table = useTable('sessions');
  return Object.entries(table)
    .map(([id, row]) => sessionFromRow(id, row))
    .sort((a, b) => b.startedAt - a.startedAt || a.id.localeCompare(b.id));
}

/** One session of the replica; only a change to its own row renders again. */
export function useSession(id: string): ReplicatedSession | undefined {
  const row = useRow('sessions', id);
  return Object.keys(row).length === 0 ? undefined : sessionFromRow(id, row);
}

/** Topics by name. */
export function useTopics(): Topic[] {
  const table = useTable('topics');
  return Object.entries(table)
    .map(([id, row]) => ({ id, ...(row as unknown as Omit<Topic, 'id'>) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Tags by name. */
export function useTags(): Tag[] {
  const table = useTable('tags');
  return Object.entries(table)
    .map(([id, row]) => ({ id, ...(row as unknown as Omit<Tag, 'id'>) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The committed segments of a session that is recording, in order (empty once it has ended). */
export function useRecordingSegments(sessionId: string | undefined): Segment[] {
  const table = useTable('segments');
  if (sessionId === undefined) return [];
  return Object.values(table)
    .filter((row) => row.sessionId === sessionId)
    .map((row) => row as unknown as Segment & { sessionId: string })
    .sort((a, b) => a.seq - b.seq)
    .map(({ seq, text, startMs, endMs, speaker, language }) => ({
      seq,
      text,
      startMs,
      endMs,
      speaker,
      language,
    }));
}

/** A session's questions and answers in the order they were asked; an answer grows here as it is written. */
export function useAskHistory(sessionId: string): AskEntry[] {
  const table = useTable('askEntries');
  return Object.values(table)
    .filter((row) => row.sessionId === sessionId)
    .map((row) => {
      const {
        sessionId: _sessionId,
        entryId,
        ...cells
      } = row as unknown as Omit<AskEntry, 'id'> & {
        sessionId: string;
        entryId: string;
      };
      return { id: entryId, ...cells };
    })
    .sort(
      (first, second) => first.createdAt.localeCompare(second.createdAt) || first.id.localeCompare(second.id),
    );
}
