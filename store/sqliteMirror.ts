import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Cell, Row, Table, Value } from 'tinybase';
import type { TransactionRows } from './transactionRows.ts';

type SqlValue = string | number | null;

/**
 * How one TinyBase table is kept in SQLite. Rows are written whole on any change; columns missing
 * from a row are NULL. A table whose deletions are evictions (hot transcript segments leave memory
 * when their session stops recording) keeps its SQL rows when TinyBase lets go of them.
 */
export interface MirroredTable {
  /** Columns besides the row id. */
  columns: readonly string[];
  /** False for tables whose key is made of their own columns rather than the TinyBase row id. */
  hasIdColumn: boolean;
  /** The columns of the SQL primary key, comma-separated. */
  conflictKey: string;
  deletionIsEviction: boolean;
  /** Columns holding arrays or objects, kept as JSON text in SQLite. */
  jsonColumns: readonly string[];
  /** The TinyBase row id of a row read back from SQLite (tables without an id column). */
  rowIdOf?: (row: Row) => string;
  /**
   * The `conflictKey` values of a TinyBase row id, for deleting the SQL row (tables without an id
   * column whose deletions are written): the TinyBase row is gone by then.
   */
  keyOfRowId?: (rowId: string) => SqlValue[];
}

interface TableStatements {
  upsert: StatementSync;
  remove: StatementSync | undefined;
  table: MirroredTable;
}

/**
 * Writes the net changes of TinyBase transactions to SQLite, one row per statement, so saves of any
 * size stay clear of SQLite's bound-parameter limit.
 */
export class SqliteMirror {
  private readonly statements = new Map<string, TableStatements>();
  private readonly upsertSetting: StatementSync;
  private readonly removeSetting: StatementSync;
  private readonly database: DatabaseSync;

  constructor(database: DatabaseSync, tables: Record<string, MirroredTable>) {
    this.database = database;
    for (const [tableId, table] of Object.entries(tables)) {
      if (!table.hasIdColumn && !table.deletionIsEviction && table.keyOfRowId === undefined) {
        throw new Error(`${tableId} needs keyOfRowId to delete its rows`);
      }
      const columns = table.hasIdColumn ? ['id', ...table.columns] : [...table.columns];
      const keyPlaceholders = table.conflictKey.split(',').map(() => '?');
      const updates = columns.map((column) => `${column} = excluded.${column}`).join(', ');
      this.statements.set(tableId, {
        table,
        upsert: database.prepare(
          `INSERT INTO ${tableId} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
           ON CONFLICT(${table.conflictKey}) DO UPDATE SET ${updates}`,
        ),
        remove: table.deletionIsEviction
          ? undefined
          : database.prepare(
              `DELETE FROM ${tableId} WHERE (${table.conflictKey}) = (${keyPlaceholders.join(', ')})`,
            ),
      });
    }
    this.upsertSetting = database.prepare(
      'INSERT INTO settings (id, value) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET value = excluded.value',
    );
    this.removeSetting = database.prepare('DELETE FROM settings WHERE id = ?');
  }

  /** Applies `changes` in table order; `getRow` reads the row as it stands after the transaction. */
  write(
    rows: TransactionRows,
    changedValues: Record<string, Value | undefined>,
    getRow: (tableId: string, rowId: string) => Row,
  ): void {
    for (const [tableId, { table, upsert, remove }] of this.statements) {
      for (const [rowId, change] of Object.entries(rows[tableId] ?? {})) {
        if (change === 'deleted') {
          remove?.run(...(table.keyOfRowId?.(rowId) ?? [rowId]));
          continue;
        }
        const row = getRow(tableId, rowId);
        const values: SqlValue[] = table.columns.map((column) => toSqlValue(row[column]));
        upsert.run(...(table.hasIdColumn ? [rowId, ...values] : values));
      }
    }
    for (const [valueId, value] of Object.entries(changedValues)) {
      if (value === undefined) this.removeSetting.run(valueId);
      else this.upsertSetting.run(valueId, JSON.stringify(value));
    }
  }

  /** Reads SQL rows (`SELECT * FROM <table> <filter>`) back into a TinyBase table. */
  read(tableId: string, filter = '', ...parameters: SqlValue[]): Table {
    const table = this.statements.get(tableId)?.table;
    if (table === undefined) throw new Error(`${tableId} is not a mirrored table`);
    const rows: Table = {};
    const query = this.database.prepare(`SELECT * FROM ${tableId} ${filter}`);
    for (const sqlRow of query.iterate(...parameters) as Iterable<Record<string, SqlValue>>) {
      const row: Row = {};
      for (const column of table.columns) {
        const value = sqlRow[column] ?? null;
        row[column] =
          table.jsonColumns.includes(column) && typeof value === 'string'
            ? (JSON.parse(value) as Cell)
            : value;
      }
      const rowId = table.hasIdColumn ? String(sqlRow.id) : (table.rowIdOf?.(row) ?? '');
      rows[rowId] = row;
    }
    return rows;
  }

  /** Runs `work` in one SQLite transaction, rolled back if it throws. */
  inTransaction(work: () => void): void {
    this.database.exec('BEGIN IMMEDIATE');
    try {
      work();
      this.database.exec('COMMIT');
    } catch (error) {
      this.database.exec('ROLLBACK');
      throw error;
    }
  }
}

function toSqlValue(cell: Cell | undefined): SqlValue {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === 'boolean') return cell ? 1 : 0;
  if (typeof cell === 'object') return JSON.stringify(cell);
  return cell;
}
