import { createStore, type Row, type Store } from 'tinybase';
import type { AppMessage } from '../../api/appChannel/appProtocol.ts';

/**
 * The UI's replica of the service's working set (sessions, topics, tags, and the segments of
 * recordings in progress). It is only ever written from `sync.*` messages; the UI changes data by
 * asking the service, and sees the result come back here.
 */
export function createReplica(): Store {
  return createStore();
}

/** Applies a sync message; other messages are ignored. */
export function applySyncMessage(replica: Store, message: AppMessage): void {
  if (message.type === 'sync.snapshot') {
    replica.setTables(message.tables as Record<string, Record<string, Row>>);
  } else if (message.type === 'sync.changes') {
    replica.transaction(() => {
      for (const [tableId, rows] of Object.entries(message.changes)) {
        for (const [rowId, row] of Object.entries(rows ?? {})) {
          if (row === null) replica.delRow(tableId, rowId);
          else replica.setRow(tableId, rowId, row as Row);
        }
      }
    });
  }
}
