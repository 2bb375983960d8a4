/**
 * Restores a backup into the store: validate everything first, then hand the store one import it
 * applies in a single transaction, so a rejected file changes nothing.
 */

import type { Tag, Topic } from '../records.ts';
import type { ImportData, ImportMode } from './importData.ts';
import { parseBackup } from './parseBackup.ts';

/** What restoring needs from the store. */
export interface BackupTarget {
  listTopics(): Topic[];
  listTags(): Tag[];
  importData(data: ImportData, mode: ImportMode): void;
}

export interface ImportSummary {
  topics: number;
  tags: number;
  sessions: number;
}

/**
 * Merging keeps the store's topics and tags, so the file's sessions may refer to them; replacing
 * wipes them, so every reference must resolve within the file. Throws BackupFormatError.
 */
export function importBackup(
  text: string,
  target: BackupTarget,
  mode: ImportMode,
  now?: Date,
): ImportSummary {
  const isMerge = mode === 'merge';
  const data = parseBackup(text, {
    knownTopicIds: new Set(isMerge ? target.listTopics().map((topic) => topic.id) : []),
    knownTagIds: new Set(isMerge ? target.listTags().map((tag) => tag.id) : []),
    now,
  });
  target.importData(data, mode);
  return { topics: data.topics.length, tags: data.tags.length, sessions: data.sessions.length };
}
