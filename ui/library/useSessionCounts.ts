import { useSessions } from '../store/replicaRecords.ts';

/** How many sessions each topic and each tag has, counted from the replica so they stay current. */
export function useSessionCounts(): { byTopic: Map<string, number>; byTag: Map<string, number> } {
  const sessions = useSessions();
  const byTopic = new Map<string, number>();
  const byTag = new Map<string, number>();
  for (const session of sessions) {
    if (session.topicId !== null) byTopic.set(session.topicId, (byTopic.get(session.topicId) ?? 0) + 1);
    for (const tagId of session.tagIds) byTag.set(tagId, (byTag.get(tagId) ?? 0) + 1);
  }
  return { byTopic, byTag };
}

export function sessionCountText(count: number): string {
  return count === 1 ? '1 session' : `${count} sessions`;
}
