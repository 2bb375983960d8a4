import type { SessionStore } from '../../store/sessionStore.ts';

/** A line of the meeting, with who said it when the test needs a speaker. */
export type MeetingLine = string | { text: string; speaker: string };

/**
 * Records a completed session ("Budget meeting" unless `session` names it otherwise), one segment
 * every 30 s lasting 25 s, as the AI jobs find a session once it is transcribed; returns its id.
 */
export function recordMeeting(
  store: SessionStore,
  lines: readonly MeetingLine[],
  session: { id?: string; title?: string; startedAt?: number } = {},
): string {
  const { id } = store.createSession({
    id: session.id,
    title: session.title ?? 'Budget meeting',
    providerId: 'groq',
    startedAt: session.startedAt,
  });
  lines.forEach((line, index) => {
    const { text, speaker } = typeof line === 'string' ? { text: line, speaker: null } : line;
    store.appendSegment(id, {
      text,
      startMs: index * 30_000,
      endMs: index * 30_000 + 25_000,
      speaker,
    });
  });
  store.setSessionStatus(id, 'completed');
  return id;
}
