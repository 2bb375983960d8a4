import type { SessionRecord } from '../records.ts';
import type { SessionStore } from '../sessionStore.ts';
import type { SessionExport } from './transcriptExport.ts';

/**
 * What an export of `session` shows, read from the store: its topic and tags resolved from their
 * ids (one the library no longer has is left out), its segments and its speakers' names.
 */
export function sessionExportOf(
  store: SessionStore,
  session: SessionRecord,
  appAddress: string | null,
): SessionExport {
  const topic = store.listTopics().find((candidate) => candidate.id === session.topicId);
  const tags = new Map(store.listTags().map((tag) => [tag.id, tag]));
  return {
    session,
    topic:
      topic === undefined
        ? null
        : { id: topic.id, name: topic.name, emoji: topic.emoji, description: topic.description },
    tags: session.tagIds.flatMap((tagId) => {
      const tag = tags.get(tagId);
      return tag === undefined ? [] : [{ id: tag.id, name: tag.name, color: tag.color }];
    }),
    segments: store.getSegments(session.id),
    speakerNames: store.getSpeakerNames(session.id),
    appAddress,
  };
}
