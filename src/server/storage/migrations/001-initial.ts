// The console's first schema (sessions, roles, audit log, relayed events, relay checkpoints). Every
// statement is IF NOT EXISTS: a SQLite file created before Kysely (PRAGMA user_version 1, same tables)
// adopts this migration as already applied.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import { BIGINT, DOUBLE, notNull, withSeq, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', notNull)
    .addColumn('user_id', 'text', notNull)
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('learner_token', 'text', notNull)
    .addColumn('created_at', BIGINT, notNull)
    .addColumn('last_seen_at', BIGINT, notNull)
    .addColumn('expires_at', BIGINT, notNull)
    .execute();
  await db.schema
    .createIndex('sessions_email')
    .ifNotExists()
    .on('sessions')
    .column('email')
    .execute();
  await db.schema
    .createIndex('sessions_expiry')
    .ifNotExists()
    .on('sessions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('roles')
    .ifNotExists()
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role IN ('admin', 'contentManager', 'support')`),
    )
    .addColumn('source', 'text', (column) =>
      column.notNull().check(sql`source IN ('console', 'cli', 'env', 'demo')`),
    )
    .addColumn('granted_by', 'text')
    .addColumn('granted_at', BIGINT, notNull)
    .execute();

  await withSeq(db.schema.createTable('audit_log').ifNotExists(), engine)
    .addColumn('at', BIGINT, notNull)
    .addColumn('user_email', 'text')
    .addColumn('role', 'text')
    .addColumn('client_address', 'text')
    .addColumn('method', 'text', notNull)
    .addColumn('route', 'text', notNull)
    .addColumn('path', 'text', notNull)
    .addColumn('operation', 'text', notNull)
    .addColumn('summary', 'text', notNull)
    .addColumn('body_sha256', 'text')
    .addColumn('body_bytes', BIGINT)
    .addColumn('status', 'integer', notNull)
    .addColumn('upstream_status', 'integer')
    .addColumn('job_id', 'text')
    .addColumn('refusal', 'text')
    .addColumn('duration_ms', DOUBLE, notNull)
    .execute();
  for (const [name, columns] of [
    ['audit_user', ['user_email', 'seq']],
    ['audit_route', ['route', 'seq']],
    ['audit_at', ['at']],
  ] as const)
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on('audit_log')
      .columns([...columns])
      .execute();

  // seq is the relay's own monotonic sequence: the SSE id and the history cursor.
  await withSeq(db.schema.createTable('relay_events').ifNotExists(), engine)
    .addColumn('event_id', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('timestamp', BIGINT, notNull)
    .addColumn('learner_id', 'text')
    .addColumn('learner_email', 'text')
    .addColumn('learner_name', 'text')
    .addColumn('course_id', 'text')
    .addColumn('learning_path_id', 'text')
    .addColumn('payload', 'text', notNull)
    .addColumn('received_at', BIGINT, notNull)
    // Idempotent storage: a re-read event (inclusive restart, overlapping polls) is a no-op insert.
    .addUniqueConstraint('relay_events_kind_event_id', ['kind', 'event_id'])
    .execute();
  for (const [name, columns] of [
    ['relay_events_kind', ['kind', 'seq']],
    ['relay_events_learner', ['learner_id', 'seq']],
    ['relay_events_email', ['learner_email', 'seq']],
    ['relay_events_course', ['course_id', 'seq']],
    ['relay_events_path', ['learning_path_id', 'seq']],
    ['relay_events_timestamp', ['timestamp']],
  ] as const)
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on('relay_events')
      .columns([...columns])
      .execute();

  // checkpoint: the highest event timestamp of a cursor chain read to hasMore false (spec 6).
  await db.schema
    .createTable('relay_kinds')
    .ifNotExists()
    .addColumn('kind', 'text', (column) => column.primaryKey())
    .addColumn('checkpoint', BIGINT)
    .addColumn('last_success_at', BIGINT)
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', BIGINT)
    .addColumn('throttled_until', BIGINT)
    .addColumn('stored_total', BIGINT, (column) => column.notNull().defaultTo(0))
    .execute();
}
