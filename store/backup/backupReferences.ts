/**
 * Rules that relate one part of a backup to another: ids are unique where the store keys by them,
 * and a session's topic and tags exist. Without them a restore would silently merge two rows into
 * one or leave a session pointing at nothing.
 */

import type { BackupDocument } from './backupSchema.ts';

export interface KnownIds {
  /** Topics a session may refer to besides the file's own (the store's, when merging). */
  knownTopicIds?: ReadonlySet<string>;
  knownTagIds?: ReadonlySet<string>;
}

export interface ReferenceIssue {
  path: Array<string | number>;
  message: string;
}

function findDuplicateIds(
  items: ReadonlyArray<{ id: string }>,
  pathOf: (index: number) => Array<string | number>,
  describeFirst: (index: number) => string,
): ReferenceIssue[] {
  const firstIndexById = new Map<string, number>();
  const issues: ReferenceIssue[] = [];
  items.forEach((item, index) => {
    const firstIndex = firstIndexById.get(item.id);
    if (firstIndex === undefined) firstIndexById.set(item.id, index);
    else
      issues.push({
        path: pathOf(index),
        message: `duplicate id "${item.id}" (also at ${describeFirst(firstIndex)})`,
      });
  });
  return issues;
}

function listDuplicates(
  list: 'topics' | 'tags' | 'sessions',
  items: ReadonlyArray<{ id: string }>,
): ReferenceIssue[] {
  return findDuplicateIds(
    items,
    (index) => [list, index, 'id'],
    (index) => `${list}[${index}]`,
  );
}

export function findReferenceIssues(document: BackupDocument, known: KnownIds): ReferenceIssue[] {
  const issues = [
    ...listDuplicates('topics', document.topics),
    ...listDuplicates('tags', document.tags),
    ...listDuplicates('sessions', document.sessions),
  ];
  const topicIds = new Set(document.topics.map((topic) => topic.id));
  const tagIds = new Set(document.tags.map((tag) => tag.id));
  const knownTopicIds = known.knownTopicIds ?? new Set<string>();
  const knownTagIds = known.knownTagIds ?? new Set<string>();
  const where = (knownIds: ReadonlySet<string>) =>
    knownIds.size === 0 ? 'this backup does not contain' : 'neither this backup nor the store contains';

  document.sessions.forEach((session, sessionIndex) => {
    const sessionPath = ['sessions', sessionIndex];
    issues.push(
      ...findDuplicateIds(
        session.askHistory,
        (index) => [...sessionPath, 'askHistory', index, 'id'],
        (index) => `askHistory[${index}]`,
      ),
    );
    const { topicId } = session;
    if (topicId !== null && !topicIds.has(topicId) && !knownTopicIds.has(topicId)) {
      issues.push({
        path: [...sessionPath, 'topicId'],
        message: `refers to topic "${topicId}", which ${where(knownTopicIds)}`,
      });
    }
    const seenTagIds = new Set<string>();
    session.tagIds.forEach((tagId, tagIndex) => {
      const path = [...sessionPath, 'tagIds', tagIndex];
      if (seenTagIds.has(tagId)) issues.push({ path, message: `duplicate tag id "${tagId}"` });
      else if (!tagIds.has(tagId) && !knownTagIds.has(tagId)) {
        issues.push({ path, message: `refers to tag "${tagId}", which ${where(knownTagIds)}` });
      }
      seenTagIds.add(tagId);
    });
  });
  return issues;
}
