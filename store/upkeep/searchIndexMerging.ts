import type { DatabaseSync } from 'node:sqlite';

/**
 * The FTS5 indexes the searches read. Each write adds a segment to an index, and FTS5 merges them
 * only now and then, so a library built a session at a time reads several segments per word: the
 * word search's lookup took twice as long on the bench:api fixture as after a full merge.
 */
const searchIndexes = ['sessionWords', 'sessionSuffixes', 'transcriptSearch', 'cjkSearch'] as const;

/**
 * Pages one step may write: a step holds the database's write lock, and this many took at most
 * 36–59 ms on two cores at 10,000 sessions, where merging a whole index at once took 2–5 s.
 */
const pagesPerStep = 500;

/**
 * Merges one step's worth of the first search index that is not yet one segment; false when none
 * had anything to merge. A negative page count asks FTS5 to merge toward a single segment, as
 * 'optimize' does, a step at a time; a step that changed fewer than two rows found nothing to do.
 */
export function mergeSearchIndexStep(database: DatabaseSync): boolean {
  const totalChanges = database.prepare('SELECT total_changes() AS changes');
  for (const table of searchIndexes) {
    const before = Number(totalChanges.get()?.changes);
    database.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', -${pagesPerStep})`);
    if (Number(totalChanges.get()?.changes) - before >= 2) return true;
  }
  return false;
}
