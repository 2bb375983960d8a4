import { listedSessionCells } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { type SyncChanges, type SyncedTableName, type SyncRow, syncedTableNames } from './appProtocol.ts';

type SyncMessage =
  | { type: 'sync.snapshot'; tables: Record<SyncedTableName, Record<string, SyncRow>> }
  | { type: 'sync.changes'; changes: SyncChanges };

/**
 * Keeps app clients' replicas of the store's working set (sessions, topics, tags, the segments
 * of recording sessions and the Q&A entries) in step: a snapshot on subscribing, then the rows each transaction touched.
 * Changes made in one turn of the event loop go out as one message. While no client subscribes,
 * the store is not watched at all.
 */
export class StoreSync {
  private readonly store: SessionStore;
  private readonly subscribers = new Set<(message: SyncMessage) => void>();
  private unwatch: (() => void) | undefined;
  private pending: Map<SyncedTableName, Set<string>> | undefined;

  constructor(store: SessionStore) {
    this.store = store;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Sends `send` the snapshot now and every change after it; returns the unsubscribe function. */
  subscribe(send: (message: SyncMessage) => void): () => void {
    const tables = Object.fromEntries(
      syncedTableNames.map((name) => [
        name,
        name === 'sessions'
          ? this.store.readTableCells(name, listedSessionCells)
          : this.store.readTable(name),
      ]),
    ) as Record<SyncedTableName, Record<string, SyncRow>>;
    send({ type: 'sync.snapshot', tables });
    this.subscribers.add(send);
    this.unwatch ??= this.store.watchRows((touched) => this.collect(touched));
    return () => {
      this.subscribers.delete(send);
      if (this.subscribers.size === 0) {
        this.unwatch?.();
        this.unwatch = undefined;
      }
    };
  }

  private collect(touched: Record<string, string[]>): void {
    const firstInTurn = this.pending === undefined;
    this.pending ??= new Map();
    for (const name of syncedTableNames) {
      const rowIds = touched[name];
      if (rowIds === undefined) continue;
      const collected = this.pending.get(name) ?? new Set<string>();
      for (const rowId of rowIds) collected.add(rowId);
      this.pending.set(name, collected);
    }
    if (firstInTurn) setImmediate(() => this.flush());
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending === undefined || pending.size === 0) return;
    const changes: SyncChanges = {};
    for (const [name, rowIds] of pending) {
      changes[name] = Object.fromEntries(
        [...rowIds].map((rowId) => {
          const row = this.store.readRow(name, rowId);
          return [rowId, row === undefined ? null : name === 'sessions' ? replicated(row) : row];
        }),
      );
    }
    for (const send of this.subscribers) send({ type: 'sync.changes', changes });
  }
}

/** A session row as the replica holds it (see `ReplicatedSession`). */
function replicated(row: SyncRow): SyncRow {
  return Object.fromEntries(listedSessionCells.flatMap((cell) => (cell in row ? [[cell, row[cell]]] : [])));
}
