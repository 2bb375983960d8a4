import type { Row } from 'tinybase';
import { textCell } from './cells.ts';
import type { MirroredTable } from './sqliteMirror.ts';

/**
 * The TinyBase tables of the store and their SQLite mirrors. Table and column names are the same on
 * both sides. `segments` in TinyBase holds only the transcripts of sessions that are recording; the
 * rest live in SQLite and are read on demand.
 */
export const storeTables = {
  sessions: {
    columns: [
      'title',
      'startedAt',
      'status',
      'durationMs',
      'providerId',
      'topicId',
      'tagIds',
      'transcriptLength',
      'translatedTranscript',
      'correctedTranscript',
      'postProcess',
      'mindMap',
      'updatedAt',
    ],
    jsonColumns: ['tagIds', 'postProcess', 'mindMap'],
    hasIdColumn: true,
    conflictKey: 'id',
    deletionIsEviction: false,
  },
  topics: {
    columns: ['name', 'emoji', 'description'],
    jsonColumns: [],
    hasIdColumn: true,
    conflictKey: 'id',
    deletionIsEviction: false,
  },
  tags: {
    columns: ['name', 'color'],
    jsonColumns: [],
    hasIdColumn: true,
    conflictKey: 'id',
    deletionIsEviction: false,
  },
  askEntries: {
    columns: ['sessionId', 'question', 'answer', 'citations', 'createdAt', 'status'],
    jsonColumns: ['citations'],
    hasIdColumn: true,
    conflictKey: 'id',
    deletionIsEviction: false,
  },
  segments: {
    columns: ['sessionId', 'seq', 'text', 'startMs', 'endMs', 'speaker', 'language'],
    jsonColumns: [],
    hasIdColumn: false,
    conflictKey: 'sessionId, seq',
    deletionIsEviction: true,
    rowIdOf: (row: Row) => segmentRowId(textCell(row, 'sessionId'), Number(row.seq)),
  },
} satisfies Record<string, MirroredTable>;

/** Unique because `seq` is all digits after the last '#'. */
export function segmentRowId(sessionId: string, seq: number): string {
  return `${sessionId}#${seq}`;
}
