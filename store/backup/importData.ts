/**
 * What a restore hands to the store: everything a backup holds, already validated and converted to
 * the store's records. The store applies it in one transaction.
 */

import type { AskEntry, Segment, SessionRecord, Tag, Topic } from '../records.ts';
import type { SpeakerNames } from '../speakerNames.ts';
import type { StoredVocabulary } from '../vocabulary.ts';

/**
 * `replace` wipes everything first; `merge` upserts by id (the incoming row wins) and deletes
 * nothing.
 */
export type ImportMode = 'merge' | 'replace';

export interface ImportedSession {
  /**
   * `transcriptLength` and `updatedAt` are placeholders (0 and the import time): backups carry no
   * derived data, so the store recomputes the length from the segments.
   */
  record: SessionRecord;
  /** In transcript order, `seq` renumbered from 0. */
  segments: Segment[];
  askHistory: AskEntry[];
  /** The names given to its speakers, by label; absent for none. */
  speakerNames?: SpeakerNames;
}

export interface ImportData {
  topics: Topic[];
  tags: Tag[];
  sessions: ImportedSession[];
  /** The custom vocabulary; absent in files without one, which leave the store's as it is. */
  vocabulary?: StoredVocabulary;
}
