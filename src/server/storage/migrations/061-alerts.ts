// Alerts (contract: alerts.ts): rules, their firings (alerts), each person's read marker, webhook
// deliveries and every attempt of one. A rule row carries the state the leader's evaluator needs across
// a failover: the open firing, when it last fired (once per window), and since when a "for W minutes"
// condition has held. Deliveries are claimed by pushing `next_attempt_at` past the attempt's time limit
// before sending, so a leader killed mid-send leaves a delivery the next leader retries, never two
// senders at once. An index on relay_events (kind, timestamp) serves the rules' counts and latest-event
// reads.
import { sql } from 'kysely';
import type { Engine } from '../schema.ts';
import { BIGINT, DOUBLE, notNull, withSeq, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', (column) => column.notNull().unique())
    .addColumn('enabled', 'integer', notNull)
    /** JSON: the contract's AlertCondition. */
    .addColumn('condition', 'text', notNull)
    .addColumn('webhook_url', 'text')
    /** The Standard Webhooks secret (`whsec_` + base64): never logged, never answered but once. */
    .addColumn('webhook_secret', 'text')
    .addColumn('version', 'integer', notNull)
    .addColumn('created_at', BIGINT, notNull)
    .addColumn('created_by', 'text', notNull)
    .addColumn('updated_at', BIGINT, notNull)
    .addColumn('updated_by', 'text', notNull)
    /** The condition's reference time: a silence counts from here when no event was ever seen. */
    .addColumn('armed_at', BIGINT, notNull)
    .addColumn('open_alert_id', 'text')
    .addColumn('last_fired_at', BIGINT)
    .addColumn('pending_since', BIGINT)
    .addColumn('last_evaluated_at', BIGINT)
    /** The console server that evaluated it last: the relay's leader. */
    .addColumn('last_evaluated_by', 'text')
    .execute();

  await withSeq(db.schema.createTable('alerts'), engine)
    .addColumn('id', 'text', (column) => column.notNull().unique())
    .addColumn('rule_id', 'text', notNull)
    .addColumn('rule_name', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('observed', DOUBLE, notNull)
    .addColumn('fired_at', BIGINT, notNull)
    .addColumn('resolved_at', BIGINT)
    .addColumn('acknowledged_at', BIGINT)
    .addColumn('acknowledged_by', 'text')
    .execute();
  await db.schema.createIndex('alerts_rule').on('alerts').columns(['rule_id', 'seq']).execute();
  await db.schema
    .createIndex('alerts_unacknowledged')
    .on('alerts')
    .columns(['acknowledged_at', 'seq'])
    .execute();

  await db.schema
    .createTable('alert_reads')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('last_read_seq', BIGINT, notNull)
    .execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('alert_id', 'text', notNull)
    .addColumn('rule_id', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('state', 'text', (column) =>
      column.notNull().check(sql`state IN ('pending', 'retrying', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', notNull)
    .addColumn('next_attempt_at', BIGINT)
    .addColumn('created_at', BIGINT, notNull)
    .execute();
  await db.schema
    .createIndex('alert_deliveries_due')
    .on('alert_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('alert_deliveries_alert')
    .on('alert_deliveries')
    .column('alert_id')
    .execute();

  await withSeq(db.schema.createTable('alert_delivery_attempts'), engine)
    .addColumn('delivery_id', 'text', notNull)
    .addColumn('attempt', 'integer', notNull)
    .addColumn('at', BIGINT, notNull)
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', BIGINT, notNull)
    .execute();
  await db.schema
    .createIndex('alert_delivery_attempts_delivery')
    .on('alert_delivery_attempts')
    .columns(['delivery_id', 'seq'])
    .execute();

  await db.schema
    .createIndex('relay_events_kind_time')
    .on('relay_events')
    .columns(['kind', 'timestamp'])
    .execute();
}
