import type { Store } from 'tinybase';

/** Rows a transaction changed, by table: row id → whether the row still exists. */
export type TransactionRows = Record<string, Record<string, 'kept' | 'deleted'>>;

/**
 * The rows the current transaction of `store` changed. Read from the transaction log's changed
 * cells rather than `getTransactionChanges()`, which reports a table whose last row went as a
 * whole deleted table, without its row ids.
 */
export function transactionRows(store: Store): TransactionRows {
  const changedCells = store.getTransactionLog()[2];
  const rows: TransactionRows = {};
  for (const [tableId, changedRows] of Object.entries(changedCells)) {
    rows[tableId] = Object.fromEntries(
      Object.keys(changedRows).map((rowId) => [rowId, store.hasRow(tableId, rowId) ? 'kept' : 'deleted']),
    );
  }
  return rows;
}
