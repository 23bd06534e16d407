// The few column types that differ between the engines, so each migration is written once.
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../schema.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
export type MigrationDb = Kysely<any>;

/** Epoch milliseconds and counters: 64-bit on both engines (PostgreSQL's integer is 32-bit). */
export const BIGINT = 'bigint';
export const DOUBLE = 'double precision';

/**
 * Adds `seq`, a monotonic auto-increment primary key: SQLite's rowid alias (`INTEGER PRIMARY KEY
 * AUTOINCREMENT`, never reused) or a PostgreSQL identity column.
 */
export function withSeq<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: Engine,
): CreateTableBuilder<T, 'seq'> {
  return engine === 'postgres'
    ? table.addColumn('seq', 'bigint', (column) =>
        column.primaryKey().generatedByDefaultAsIdentity(),
      )
    : table.addColumn('seq', 'integer', (column) => column.primaryKey().autoIncrement());
}

export const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
