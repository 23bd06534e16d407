// Presence rows (one per browser tab with a course open in the editor) and edit leases (one per
// course), shared by every console server on the database. A tab is present while its `seen_at` is
// at or after `aliveSince` (the caller's clock minus the time-to-live); a lease is held while the tab
// it names is present on its course, so a crashed holder frees the lease without anyone deleting it.
// Taking a free lease is one conditional upsert, so two tabs claiming it at once on two servers never
// both hold it.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from './database.ts';
import type { EditLeasesTable, EditorPresenceTable, Engine } from './schema.ts';

export type PresenceRow = EditorPresenceTable;
export type LeaseRow = EditLeasesTable;

export interface Holder {
  tabId: string;
  browserId: string;
  email: string;
  name: string;
}

export interface Ending {
  how: 'takenOver' | 'ended';
  byEmail: string;
  byName: string;
}

export type TakeOverResult = 'taken' | 'held' | 'absent';

/** The lease's tab is present on the lease's course (an SQL condition over `edit_leases`). */
function holderPresent(aliveSince: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from editor_presence p where p.tab_id = edit_leases.tab_id
    and p.course_id = edit_leases.course_id and p.seen_at >= ${aliveSince})`;
}

export function createPresenceRepository(db: Db, engine: Engine) {
  return {
    /**
     * Refreshes the tab's row, or writes it when the tab is new here (opened the course, or came back
     * after expiring). Returns whether others should be told (`arrived`), and the course the tab left
     * for this one, if any.
     */
    async beat(
      row: Omit<PresenceRow, 'opened_at' | 'seen_at'>,
      now: number,
      aliveSince: number,
    ): Promise<{ arrived: boolean; left: string | null }> {
      const refreshed = await db
        .updateTable('editor_presence')
        .set({ seen_at: now, load_id: row.load_id, title: row.title })
        .where('tab_id', '=', row.tab_id)
        .where('course_id', '=', row.course_id)
        .where('seen_at', '>=', aliveSince)
        .executeTakeFirst();
      if (Number(refreshed.numUpdatedRows) > 0) return { arrived: false, left: null };
      const before = await db
        .selectFrom('editor_presence')
        .select('course_id')
        .where('tab_id', '=', row.tab_id)
        .executeTakeFirst();
      await db
        .insertInto('editor_presence')
        .values({ ...row, opened_at: now, seen_at: now })
        .onConflict((conflict) =>
          conflict.column('tab_id').doUpdateSet({
            course_id: row.course_id,
            browser_id: row.browser_id,
            load_id: row.load_id,
            email: row.email,
            name: row.name,
            title: row.title,
            opened_at: now,
            seen_at: now,
          }),
        )
        .execute();
      const left = before && before.course_id !== row.course_id ? before.course_id : null;
      return { arrived: true, left };
    },

    /** Lets the tab's row expire at `expireSeenAt` (sooner than its heartbeat would), for its load only. */
    async leave(
      tabId: string,
      courseId: string,
      loadId: string,
      expireSeenAt: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('editor_presence')
        .set({ seen_at: expireSeenAt })
        .where('tab_id', '=', tabId)
        .where('course_id', '=', courseId)
        .where('load_id', '=', loadId)
        .where('seen_at', '>', expireSeenAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async isPresent(tabId: string, courseId: string, aliveSince: number): Promise<boolean> {
      const row = await db
        .selectFrom('editor_presence')
        .select('tab_id')
        .where('tab_id', '=', tabId)
        .where('course_id', '=', courseId)
        .where('seen_at', '>=', aliveSince)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The course's present tabs (oldest first) and its lease row. */
    async course(
      courseId: string,
      aliveSince: number,
    ): Promise<{ present: PresenceRow[]; lease: LeaseRow | undefined }> {
      const [present, lease] = await Promise.all([
        db
          .selectFrom('editor_presence')
          .selectAll()
          .where('course_id', '=', courseId)
          .where('seen_at', '>=', aliveSince)
          .orderBy('opened_at')
          .orderBy('tab_id')
          .execute(),
        db
          .selectFrom('edit_leases')
          .selectAll()
          .where('course_id', '=', courseId)
          .executeTakeFirst(),
      ]);
      return { present, lease };
    },

    /**
     * Takes the lease for `holder` when nobody holds it: `taken` (it holds it now), `held` (it held it
     * already) or `other` (someone else does).
     */
    async takeIfFree(
      courseId: string,
      holder: Holder,
      now: number,
      aliveSince: number,
    ): Promise<'taken' | 'held' | 'other'> {
      const before = await db
        .selectFrom('edit_leases')
        .select(['tab_id', holderPresent(aliveSince).as('held')])
        .where('course_id', '=', courseId)
        .executeTakeFirst();
      if (before?.tab_id === holder.tabId && Boolean(before.held)) return 'held';
      const values = {
        tab_id: holder.tabId,
        browser_id: holder.browserId,
        email: holder.email,
        name: holder.name,
        taken_at: now,
        updated_at: now,
      };
      await db
        .insertInto('edit_leases')
        .values({ course_id: courseId, ...values })
        .onConflict((conflict) =>
          conflict
            .column('course_id')
            .doUpdateSet(values)
            .where((eb) =>
              eb.or([eb('edit_leases.tab_id', 'is', null), eb.not(holderPresent(aliveSince))]),
            ),
        )
        .execute();
      const after = await db
        .selectFrom('edit_leases')
        .select('tab_id')
        .where('course_id', '=', courseId)
        .executeTakeFirst();
      return after?.tab_id === holder.tabId ? 'taken' : 'other';
    },

    /**
     * Gives the lease to `holder`, a tab present on the course, whoever holds it; a holder it is taken
     * from is recorded as the last ending (`takenOver`).
     */
    takeOver(
      courseId: string,
      holder: Holder,
      by: { email: string; name: string },
      now: number,
      aliveSince: number,
    ): Promise<TakeOverResult> {
      return db.transaction().execute(async (trx) => {
        const present = await trx
          .selectFrom('editor_presence')
          .select('tab_id')
          .where('tab_id', '=', holder.tabId)
          .where('course_id', '=', courseId)
          .where('seen_at', '>=', aliveSince)
          .executeTakeFirst();
        if (!present) return 'absent';
        await trx
          .insertInto('edit_leases')
          .values({ course_id: courseId, updated_at: now })
          .onConflict((conflict) => conflict.column('course_id').doNothing())
          .execute();
        const lease = await trx
          .selectFrom('edit_leases')
          .select(['tab_id', 'email', holderPresent(aliveSince).as('held')])
          .where('course_id', '=', courseId)
          .$if(engine === 'postgres', (query) => query.forUpdate())
          .executeTakeFirstOrThrow();
        if (lease.tab_id === holder.tabId && Boolean(lease.held)) return 'held';
        const takenFrom =
          lease.tab_id !== null && Boolean(lease.held)
            ? {
                ended_tab_id: lease.tab_id,
                ended_email: lease.email,
                ended_how: 'takenOver' as const,
                ended_by_email: by.email,
                ended_by_name: by.name,
                ended_at: now,
              }
            : {};
        await trx
          .updateTable('edit_leases')
          .set({
            tab_id: holder.tabId,
            browser_id: holder.browserId,
            email: holder.email,
            name: holder.name,
            taken_at: now,
            updated_at: now,
            ...takenFrom,
          })
          .where('course_id', '=', courseId)
          .execute();
        return 'taken';
      });
    },

    /** Ends a held lease (an admin): nobody holds it afterwards. False when nobody held it. */
    async end(courseId: string, by: Ending, now: number, aliveSince: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const lease = await trx
          .selectFrom('edit_leases')
          .select(['tab_id', 'email', holderPresent(aliveSince).as('held')])
          .where('course_id', '=', courseId)
          .$if(engine === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        if (!lease || lease.tab_id === null || !lease.held) return false;
        await trx
          .updateTable('edit_leases')
          .set({
            tab_id: null,
            browser_id: null,
            email: null,
            name: null,
            taken_at: null,
            ended_tab_id: lease.tab_id,
            ended_email: lease.email,
            ended_how: by.how,
            ended_by_email: by.byEmail,
            ended_by_name: by.byName,
            ended_at: now,
            updated_at: now,
          })
          .where('course_id', '=', courseId)
          .execute();
        return true;
      });
    },

    /** Every held lease with its holder's course title, oldest first. */
    async heldLeases(aliveSince: number): Promise<(LeaseRow & { title: string })[]> {
      const rows = await db
        .selectFrom('edit_leases')
        .innerJoin('editor_presence as p', (join) =>
          join
            .onRef('p.tab_id', '=', 'edit_leases.tab_id')
            .onRef('p.course_id', '=', 'edit_leases.course_id'),
        )
        .selectAll('edit_leases')
        .select('p.title')
        .where('p.seen_at', '>=', aliveSince)
        .orderBy('edit_leases.taken_at')
        .execute();
      return rows;
    },

    /** Deletes expired tabs; returns the courses they were on (each once). */
    async sweep(aliveSince: number): Promise<string[]> {
      const rows = await db
        .deleteFrom('editor_presence')
        .where('seen_at', '<', aliveSince)
        .returning('course_id')
        .execute();
      return [...new Set(rows.map((row) => row.course_id))];
    },

    /** Lease rows untouched since `before` whose holder is gone: nobody is left to tell. */
    async purgeLeases(before: number, aliveSince: number): Promise<number> {
      const result = await db
        .deleteFrom('edit_leases')
        .where('updated_at', '<', before)
        .where((eb) => eb.or([eb('tab_id', 'is', null), eb.not(holderPresent(aliveSince))]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
