// The migrations give both engines the same schema: tables, columns (type family, nullability,
// defaults), primary keys, unique constraints, check constraints and indexes. And a SQLite file from
// before the Kysely migrations is adopted in place, its rows kept.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { testDatabase } from '../helpers/test-database.ts';

interface TableShape {
  columns: Record<string, { type: string; nullable: boolean; hasDefault: boolean }>;
  primaryKey: string[];
  unique: string[];
  checks: number;
  indexes: Record<string, string[]>;
}

/** integer and bigint, text, real and double precision: what a value of the column can hold. */
function typeFamily(type: string): string {
  const lower = type.toLowerCase();
  if (/int/.test(lower)) return 'integer';
  if (/char|text|clob/.test(lower)) return 'text';
  if (/real|floa|doub/.test(lower)) return 'real';
  if (lower === 'blob' || lower === 'bytea') return 'bytes';
  return lower;
}

const isOwnTable = (name: string) => !name.startsWith('sqlite_') && !name.startsWith('kysely_');

/** Each engine's own full-text structures (050-relay-search.ts), compared by a test of their own. */
const isSearchTable = (name: string) => name.startsWith('relay_events_search');
const SEARCH_COLUMN = 'search_vector';
const SEARCH_INDEX = 'relay_events_search';
/** PostgreSQL's BRIN index on seq for the search's windows (080-relay-search-speed.ts): SQLite reads FTS5 by rowid. */
const SEARCH_WINDOW_INDEX = 'relay_events_seq';

async function sqliteShape(store: ConsoleStore): Promise<Record<string, TableShape>> {
  const tables = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`.execute(store.db);
  const out: Record<string, TableShape> = {};
  for (const { name, sql: ddl } of tables.rows.filter(
    (table) => isOwnTable(table.name) && !isSearchTable(table.name),
  )) {
    const columns = await sql<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`SELECT * FROM pragma_table_info(${name})`.execute(store.db);
    const indexList = await sql<{ name: string; unique: number; origin: string }>`
      SELECT * FROM pragma_index_list(${name})`.execute(store.db);
    const shape: TableShape = { columns: {}, primaryKey: [], unique: [], checks: 0, indexes: {} };
    for (const column of columns.rows)
      shape.columns[column.name] = {
        type: typeFamily(column.type),
        nullable: column.notnull === 0 && column.pk === 0,
        hasDefault: column.dflt_value !== null,
      };
    shape.primaryKey = columns.rows
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    for (const index of indexList.rows) {
      const info = await sql<{ name: string }>`
        SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(store.db);
      const names = info.rows.map((row) => row.name);
      if (index.origin === 'pk') continue;
      if (index.origin === 'u') shape.unique.push(names.join(','));
      else shape.indexes[index.name] = names;
    }
    shape.checks = (ddl.match(/\bCHECK\s*\(/gi) ?? []).length;
    shape.unique.sort();
    out[name] = shape;
  }
  return out;
}

async function postgresShape(store: ConsoleStore): Promise<Record<string, TableShape>> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>`SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
     FROM information_schema.columns WHERE table_schema = 'public'`.execute(store.db);
  const indexes = await sql<{
    table_name: string;
    index_name: string;
    is_unique: boolean;
    is_primary: boolean;
    is_constraint: boolean;
    columns: string[];
  }>`SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS is_unique,
       x.indisprimary AS is_primary,
       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) AS is_constraint,
       ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(attnum, n)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[]
         AS columns
     FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_namespace ns ON ns.oid = t.relnamespace WHERE ns.nspname = 'public'`.execute(store.db);
  const checks = await sql<{ table_name: string; n: number }>`
    SELECT t.relname AS table_name, COUNT(*)::int AS n FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
    WHERE ns.nspname = 'public' AND c.contype = 'c' GROUP BY t.relname`.execute(store.db);
  const out: Record<string, TableShape> = {};
  const table = (name: string) =>
    (out[name] ??= { columns: {}, primaryKey: [], unique: [], checks: 0, indexes: {} });
  for (const column of columns.rows.filter(
    (row) => isOwnTable(row.table_name) && row.column_name !== SEARCH_COLUMN,
  ))
    table(column.table_name).columns[column.column_name] = {
      type: typeFamily(column.data_type),
      nullable: column.is_nullable === 'YES',
      // An identity column is the engine's auto-increment, as SQLite's rowid alias (no default).
      hasDefault: column.column_default !== null,
    };
  for (const index of indexes.rows.filter(
    (row) =>
      isOwnTable(row.table_name) &&
      row.index_name !== SEARCH_INDEX &&
      row.index_name !== SEARCH_WINDOW_INDEX,
  )) {
    const shape = table(index.table_name);
    if (index.is_primary) shape.primaryKey = index.columns;
    else if (index.is_unique && index.is_constraint) shape.unique.push(index.columns.join(','));
    else shape.indexes[index.index_name] = index.columns;
  }
  for (const row of checks.rows.filter((check) => isOwnTable(check.table_name)))
    table(row.table_name).checks = row.n;
  for (const shape of Object.values(out)) shape.unique.sort();
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe('console schema', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-schema-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the same on SQLite and PostgreSQL', async () => {
    const sqlite = await openConsoleStore({ engine: 'sqlite', file: ':memory:' });
    const postgres = await openConsoleStore(await testDatabase('postgres'));
    try {
      const [left, right] = [await sqliteShape(sqlite), await postgresShape(postgres)];
      expect(Object.keys(left)).toEqual([
        'alert_deliveries',
        'alert_delivery_attempts',
        'alert_reads',
        'alert_rules',
        'alerts',
        'audit_log',
        'course_check_runs',
        'course_nodes',
        'course_versions',
        'edit_leases',
        'editor_presence',
        'name_cache',
        'publish_approvals',
        'publish_requests',
        'relay_events',
        'relay_kinds',
        'relay_learner_items',
        'relay_learners',
        'roles',
        'saved_view_pins',
        'saved_views',
        'scheduled_actions',
        'sessions',
        'sign_in_buckets',
        'sign_in_failures',
        'sign_in_transactions',
      ]);
      expect(left.sessions!.columns).not.toHaveProperty('learner_token');
      // Audit rows are written pending (no status or duration yet) and completed after.
      expect(left.audit_log!.columns.status!.nullable).toBe(true);
      expect(left.audit_log!.columns.duration_ms!.nullable).toBe(true);
      expect(left.audit_log!.columns.outcome).toMatchObject({ nullable: false, hasDefault: true });
      expect(left.relay_events!.unique).toEqual(['kind,event_id']);
      expect(left.roles!.checks).toBe(2);
      expect(right).toEqual(left);
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });

  it('has the full-text index of its engine over the stored events', async () => {
    const sqlite = await openConsoleStore({ engine: 'sqlite', file: ':memory:' });
    const postgres = await openConsoleStore(await testDatabase('postgres'));
    try {
      const objects = await sql<{ type: string; name: string }>`
        SELECT type, name FROM sqlite_master
        WHERE name = 'relay_events_search' OR (type = 'trigger' AND tbl_name = 'relay_events')
        ORDER BY name`.execute(sqlite.db);
      expect(objects.rows).toEqual([
        { type: 'table', name: 'relay_events_search' },
        { type: 'trigger', name: 'relay_events_search_delete' },
        { type: 'trigger', name: 'relay_events_search_insert' },
        { type: 'trigger', name: 'relay_events_search_update' },
      ]);
      const column = await sql<{ data_type: string; is_generated: string }>`
        SELECT data_type, is_generated FROM information_schema.columns
        WHERE table_name = 'relay_events' AND column_name = ${SEARCH_COLUMN}`.execute(postgres.db);
      expect(column.rows).toEqual([{ data_type: 'tsvector', is_generated: 'ALWAYS' }]);
      const index = await sql<{ indexdef: string }>`
        SELECT indexdef FROM pg_indexes WHERE indexname = ${SEARCH_INDEX}`.execute(postgres.db);
      expect(index.rows[0]?.indexdef).toMatch(/USING gin \(search_vector\)/);
      const windows = await sql<{ indexdef: string }>`
        SELECT indexdef FROM pg_indexes WHERE indexname = ${SEARCH_WINDOW_INDEX}`.execute(
        postgres.db,
      );
      expect(windows.rows[0]?.indexdef).toMatch(/USING brin \(seq\)/);
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });

  it('adopts a SQLite file from before these migrations, keeping its rows', async () => {
    const file = join(dir, 'legacy.db');
    const legacy = new Database(file);
    legacy.exec(readFileSync(new URL('./fixtures/console-schema-v1.sql', import.meta.url), 'utf8'));
    legacy.pragma('user_version = 1');
    legacy
      .prepare(
        `INSERT INTO sessions VALUES ('h', 'ada@x.test', 'u', 'Ada', 'L', 'learner-token', 1, 2, 3)`,
      )
      .run();
    legacy.prepare(`INSERT INTO roles VALUES ('ada@x.test', 'admin', 'cli', NULL, 1)`).run();
    legacy
      .prepare(
        `INSERT INTO audit_log (at, method, route, path, operation, summary, status, duration_ms)
         VALUES (5, 'POST', 'POST /api/session', '/api/session', 'signIn', 'sign in', 200, 1.5)`,
      )
      .run();
    legacy.close();

    const store = await openConsoleStore({ engine: 'sqlite', file });
    const fresh = await openConsoleStore({ engine: 'sqlite', file: ':memory:' });
    try {
      const adopted = await sqliteShape(store);
      const expected = await sqliteShape(fresh);
      // Same tables, columns and indexes (the unique constraint of the old file is unnamed).
      expect(adopted).toEqual(expected);
      expect(await store.db.selectFrom('sessions').selectAll().execute()).toEqual([
        {
          id_hash: 'h',
          email: 'ada@x.test',
          user_id: 'u',
          first_name: 'Ada',
          last_name: 'L',
          created_at: 1,
          last_seen_at: 2,
          expires_at: 3,
          // Sessions from before OpenID Connect sign-in were all password sign-ins (migration 070).
          sign_in_method: 'instance',
        },
      ]);
      expect(
        await store.db.selectFrom('audit_log').select(['summary', 'server_name']).execute(),
      ).toEqual([{ summary: 'sign in', server_name: null }]);
      expect(await store.db.selectFrom('roles').select('role').execute()).toEqual([
        { role: 'admin' },
      ]);
    } finally {
      await store.close();
      await fresh.close();
    }
    // Opening it again applies nothing twice.
    const again = await openConsoleStore({ engine: 'sqlite', file });
    await again.close();
  });
});
