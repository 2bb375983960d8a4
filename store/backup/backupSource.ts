/**
 * What exporting needs from the store: a narrow slice of SessionReader, so the exporter depends on
 * reading alone and tests can hand it a plain object.
 */

import type { SessionReader, Tag, Topic } from '../records.ts';
import type { StoredVocabulary } from '../vocabulary.ts';

export interface BackupSource extends Pick<
  SessionReader,
  'listSessions' | 'getSession' | 'getSegments' | 'getAskHistory' | 'getSpeakerNames'
> {
  /** Extra fields (the reader adds `sessionCount`) are not exported. */
  listTopics(): Topic[];
  listTags(): Tag[];
  /** The custom vocabulary, everyone's and each topic's. */
  getVocabulary(): StoredVocabulary;
}
