// Alert rules, alerts (firings), read markers, webhook deliveries and their attempts; and the reads of
// the relay's tables the rules are evaluated over. Firing is a compare-and-set on the rule row (no open
// alert, and the window since the last firing has passed), in one transaction with the alert and its
// delivery: two evaluators can never fire one rule twice in a window.
import { sql } from 'kysely';
import type { Db } from './database.ts';
import type {
  AlertDeliveriesTable,
  AlertDeliveryAttemptsTable,
  AlertRulesTable,
  AlertsTable,
} from './schema.ts';

export type AlertRuleRow = AlertRulesTable;
export type AlertRow = Omit<AlertsTable, 'seq'> & { seq: number };
export type DeliveryRow = AlertDeliveriesTable;
export type AttemptRow = Omit<AlertDeliveryAttemptsTable, 'seq'>;

/** Which stored events a rule counts: the monitor's structured filter, lower-cased where it matches so. */
export interface EventCountFilter {
  kind: string;
  learner?: string;
  course?: string;
  /** Quiz attempts: `data.passed` of the payload. */
  passed?: boolean;
}

export interface NewFiring {
  alert: Omit<AlertRow, 'seq'>;
  delivery: DeliveryRow | null;
  windowMs: number;
}

export function createAlertsRepository(db: Db, engine: 'sqlite' | 'postgres') {
  const passedExpression =
    engine === 'postgres'
      ? sql<boolean>`(payload::jsonb #>> '{data,passed}') = ${'true'}`
      : sql<boolean>`json_extract(payload, '$.data.passed') = 1`;

  function eventQuery(filter: EventCountFilter) {
    const learner = filter.learner?.toLowerCase();
    return db
      .selectFrom('relay_events')
      .where('kind', '=', filter.kind)
      .$if(learner !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('learner_id', '=', filter.learner!),
            eb('learner_email', '=', learner!),
            sql<boolean>`${eb.ref('learner_name')} LIKE ${`%${learner!.replace(/[%_\\]/g, '\\$&')}%`} ESCAPE '\\'`,
          ]),
        ),
      )
      .$if(filter.course !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('course_id', '=', filter.course!),
            eb('learning_path_id', '=', filter.course!),
          ]),
        ),
      )
      .$if(filter.passed !== undefined, (q) =>
        q.where(filter.passed ? passedExpression : sql<boolean>`NOT (${passedExpression})`),
      );
  }

  return {
    // Rules.
    rules: (): Promise<AlertRuleRow[]> =>
      db.selectFrom('alert_rules').selectAll().orderBy('name_key').execute(),
    rule: (id: string): Promise<AlertRuleRow | undefined> =>
      db.selectFrom('alert_rules').selectAll().where('id', '=', id).executeTakeFirst(),
    async insertRule(row: AlertRuleRow): Promise<void> {
      await db.insertInto('alert_rules').values(row).execute();
    },
    /** Applies `change` when the rule is at `version`; false when it is not (or is gone). */
    async updateRule(id: string, version: number, change: Partial<AlertRuleRow>): Promise<boolean> {
      const result = await db
        .updateTable('alert_rules')
        .set((eb) => ({ ...change, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteRule(id: string): Promise<boolean> {
      const result = await db.deleteFrom('alert_rules').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async noteEvaluated(
      id: string,
      at: number,
      by: string,
      pendingSince: number | null,
    ): Promise<void> {
      await db
        .updateTable('alert_rules')
        .set({ last_evaluated_at: at, last_evaluated_by: by, pending_since: pendingSince })
        .where('id', '=', id)
        .execute();
    },

    // What rules are evaluated over.
    async countEvents(filter: EventCountFilter, since: number): Promise<number> {
      const row = await eventQuery(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('timestamp', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async latestEvent(filter: EventCountFilter): Promise<number | null> {
      const row = await eventQuery(filter)
        .select((eb) => eb.fn.max('timestamp').as('latest'))
        .executeTakeFirst();
      return row?.latest === null || row?.latest === undefined ? null : Number(row.latest);
    },
    relayKinds: () =>
      db
        .selectFrom('relay_kinds')
        .select(['kind', 'state', 'last_success_at', 'last_error'])
        .orderBy('kind')
        .execute(),

    /**
     * Fires: claims the rule (no open alert, last firing at least one window ago), stores the alert
     * and its delivery. Null when another evaluator fired it first, or the window has not passed.
     */
    fire(ruleId: string, firing: NewFiring): Promise<AlertRow | null> {
      return db.transaction().execute(async (trx) => {
        const firedAt = firing.alert.fired_at;
        const claimed = await trx
          .updateTable('alert_rules')
          .set({ open_alert_id: firing.alert.id, last_fired_at: firedAt, pending_since: null })
          .where('id', '=', ruleId)
          .where('open_alert_id', 'is', null)
          .where((eb) =>
            eb.or([
              eb('last_fired_at', 'is', null),
              eb('last_fired_at', '<=', firedAt - firing.windowMs),
            ]),
          )
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return null;
        const inserted = await trx
          .insertInto('alerts')
          .values(firing.alert)
          .returning('seq')
          .executeTakeFirstOrThrow();
        if (firing.delivery)
          await trx.insertInto('alert_deliveries').values(firing.delivery).execute();
        return { ...firing.alert, seq: Number(inserted.seq) };
      });
    },
    /** The condition stopped holding: closes the rule's open alert. */
    resolve(ruleId: string, alertId: string, at: number): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('alert_rules')
          .set({ open_alert_id: null })
          .where('id', '=', ruleId)
          .where('open_alert_id', '=', alertId)
          .execute();
        await trx
          .updateTable('alerts')
          .set({ resolved_at: at })
          .where('id', '=', alertId)
          .where('resolved_at', 'is', null)
          .execute();
      });
    },

    // Alerts.
    alerts(
      filter: { ruleId?: string; open?: boolean },
      beforeSeq: number | undefined,
      limit: number,
    ): Promise<AlertRow[]> {
      return db
        .selectFrom('alerts')
        .selectAll()
        .$if(filter.ruleId !== undefined, (q) => q.where('rule_id', '=', filter.ruleId!))
        .$if(filter.open === true, (q) => q.where('acknowledged_at', 'is', null))
        .$if(beforeSeq !== undefined, (q) => q.where('seq', '<', beforeSeq!))
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute() as Promise<AlertRow[]>;
    },
    alert: (id: string): Promise<AlertRow | undefined> =>
      db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        AlertRow | undefined
      >,
    async acknowledge(id: string, email: string, at: number): Promise<void> {
      await db
        .updateTable('alerts')
        .set({ acknowledged_at: at, acknowledged_by: email })
        .where('id', '=', id)
        .where('acknowledged_at', 'is', null)
        .execute();
    },
    async summary(email: string) {
      const marker = await this.readMarker(email);
      const row = await db
        .selectFrom('alerts')
        .select((eb) => [
          eb.fn.max('seq').as('latest'),
          eb.fn.count<number>('seq').filterWhere('acknowledged_at', 'is', null).as('open'),
          eb.fn.count<number>('seq').filterWhere('seq', '>', marker).as('unread'),
        ])
        .executeTakeFirstOrThrow();
      const firing = await db
        .selectFrom('alert_rules')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('open_alert_id', 'is not', null)
        .executeTakeFirstOrThrow();
      return {
        latestSeq: Number(row.latest ?? 0),
        unacknowledged: Number(row.open),
        unread: Number(row.unread),
        firing: Number(firing.n),
      };
    },
    async readMarker(email: string): Promise<number> {
      const row = await db
        .selectFrom('alert_reads')
        .select('last_read_seq')
        .where('email', '=', email)
        .executeTakeFirst();
      return Number(row?.last_read_seq ?? 0);
    },
    /** Moves the person's read marker forward to `seq` (never back). */
    async markRead(email: string, seq: number): Promise<void> {
      await db
        .insertInto('alert_reads')
        .values({ email, last_read_seq: seq })
        .onConflict((conflict) =>
          conflict.column('email').doUpdateSet((eb) => ({
            last_read_seq: sql<number>`CASE WHEN ${eb.ref('alert_reads.last_read_seq')} < ${seq} THEN ${seq} ELSE ${eb.ref('alert_reads.last_read_seq')} END`,
          })),
        )
        .execute();
    },

    // Deliveries.
    deliveriesOf: (alertIds: readonly string[]): Promise<DeliveryRow[]> =>
      alertIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('alert_deliveries')
            .selectAll()
            .where('alert_id', 'in', alertIds)
            .orderBy('created_at')
            .execute(),
    attemptsOf: (deliveryIds: readonly string[]): Promise<AttemptRow[]> =>
      deliveryIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('alert_delivery_attempts')
            .select(['delivery_id', 'attempt', 'at', 'status_code', 'error', 'duration_ms'])
            .where('delivery_id', 'in', deliveryIds)
            .orderBy('seq')
            .execute(),
    /** Deliveries due at `at`, oldest first. */
    due: (at: number, limit: number): Promise<DeliveryRow[]> =>
      db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('state', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', at)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute(),
    /**
     * Claims a due delivery for one attempt: counts the attempt and pushes its next time past the
     * attempt's time limit (a sender that dies leaves it due again then). False when someone else did.
     */
    async claim(delivery: DeliveryRow, leaseUntil: number): Promise<boolean> {
      const result = await db
        .updateTable('alert_deliveries')
        .set({ attempts: delivery.attempts + 1, next_attempt_at: leaseUntil })
        .where('id', '=', delivery.id)
        .where('attempts', '=', delivery.attempts)
        .where('state', 'in', ['pending', 'retrying'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Logs an attempt and moves the delivery to its next state. */
    settle(
      attempt: AttemptRow,
      next: { state: DeliveryRow['state']; nextAttemptAt: number | null },
    ): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('alert_delivery_attempts').values(attempt).execute();
        await trx
          .updateTable('alert_deliveries')
          .set({ state: next.state, next_attempt_at: next.nextAttemptAt })
          .where('id', '=', attempt.delivery_id)
          .where('attempts', '=', attempt.attempt)
          .execute();
      });
    },
    /** The signing secret of the rule a delivery belongs to (null once the rule is gone). */
    secretOf: async (ruleId: string): Promise<string | null> =>
      (
        await db
          .selectFrom('alert_rules')
          .select('webhook_secret')
          .where('id', '=', ruleId)
          .executeTakeFirst()
      )?.webhook_secret ?? null,
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
