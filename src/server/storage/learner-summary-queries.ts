// The learner page's summary as stored (issue 25): the learner's rows of relay_learner_items (one per
// kind, course and learning path of their events, kept at insert time by learner-aggregates.ts) and their
// identity, read through the tables' primary keys: a few hundred rows, however many events the learner has.
import type { Db } from './database.ts';
import type { ItemAggregate, ItemType } from './learner-aggregates.ts';

/** An item as the summary reads it: the stored aggregate without its bookkeeping seqs. */
export type LearnerItemRow = Omit<
  ItemAggregate,
  'learnerId' | 'lastSeq' | 'progressSeq' | 'titleSeq'
>;

/** The statement behind `learnerItems` (the plan test reads its plan). */
export const learnerItemsQuery = (db: Db, learnerId: string) =>
  db.selectFrom('relay_learner_items').selectAll().where('learner_id', '=', learnerId);

const num = (value: unknown) => (value === null ? null : Number(value));

/** Every kind, course and learning path of one learner's stored events, summed up. */
export async function learnerItems(db: Db, learnerId: string): Promise<LearnerItemRow[]> {
  const rows = await learnerItemsQuery(db, learnerId).execute();
  return rows.map((row) => ({
    type: row.item_type as ItemType,
    id: row.item_id,
    events: Number(row.events),
    firstSeq: Number(row.first_seq),
    firstAt: Number(row.first_at),
    lastAt: Number(row.last_at),
    enrolledAt: num(row.enrolled_at),
    startedAt: num(row.started_at),
    completedAt: num(row.completed_at),
    certificateAt: num(row.certificate_at),
    progress: num(row.progress),
    title: row.title === null ? null : (JSON.parse(row.title) as string),
  }));
}

/** The learner object of their latest event that carries one (JSON), or null. */
export async function learnerIdentity(db: Db, learnerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('relay_learners')
    .select('identity')
    .where('learner_id', '=', learnerId)
    .executeTakeFirst();
  return row?.identity ?? null;
}
