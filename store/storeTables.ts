import type { Row } from 'tinybase';
import { textCell } from './cells.ts';
import { listedSessionCells } from './records.ts';
import type { MirroredTable } from './sqliteMirror.ts';

/**
 * The TinyBase tables of the store and their SQLite mirrors. Table and column names are the same on
 * both sides. `segments` in TinyBase holds only the transcripts of sessions that are recording; the
 * rest live in SQLite and are read on demand.
 */
export const storeTables = {
  sessions: {
    // The cells lists show, and the long texts and what the AI made.
    columns: [...listedSessionCells, 'translatedTranscript', 'correctedTranscript', 'postProcess', 'mindMap'],
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
    columns: ['sessionId', 'entryId', 'question', 'answer', 'citations', 'createdAt', 'status'],
    jsonColumns: ['citations'],
    hasIdColumn: false,
    conflictKey: 'sessionId, entryId',
    deletionIsEviction: false,
    rowIdOf: (row: Row) => askEntryRowId(textCell(row, 'sessionId'), textCell(row, 'entryId')),
    keyOfRowId: askEntryKey,
  },
  segments: {
    columns: ['sessionId', 'seq', 'text', 'startMs', 'endMs', 'speaker', 'language', 'words'],
    jsonColumns: ['words'],
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

/**
 * A Q&A entry's id is unique only within its session, so its row id holds both. Both are free
 * text: a JSON pair keeps them apart where any separator could also occur inside them, and reads
 * back into the SQL key when the row is deleted.
 */
export function askEntryRowId(sessionId: string, entryId: string): string {
  return JSON.stringify([sessionId, entryId]);
}

function askEntryKey(rowId: string): [sessionId: string, entryId: string] {
  return JSON.parse(rowId) as [string, string];
}
