// Saved views and each person's pins. Changes are compare-and-set on `version`: an update or delete based
// on a version someone changed since matches no row, and the service says so.
import type { Db } from './database.ts';
import type { SavedViewsTable } from './schema.ts';

export type SavedViewRow = SavedViewsTable;
export type ViewScreen = SavedViewsTable['screen'];
export type ViewRole = NonNullable<SavedViewsTable['shared_with']>;

export type SavedViewChange = Partial<
  Pick<SavedViewsTable, 'name' | 'name_key' | 'search' | 'shared_with'>
> & { updated_at: number; updated_by: string };

export function createSavedViewsRepository(db: Db) {
  return {
    /** The views a person sees: their own, and those shared with any of `roles`. */
    visible(
      email: string,
      roles: readonly ViewRole[],
      screens: readonly ViewScreen[],
    ): Promise<SavedViewRow[]> {
      if (screens.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('saved_views')
        .selectAll()
        .where('screen', 'in', screens)
        .where((eb) =>
          eb.or([
            eb('owner_email', '=', email),
            ...(roles.length ? [eb('shared_with', 'in', roles)] : []),
          ]),
        )
        .orderBy('screen')
        .orderBy('name_key')
        .execute();
    },
    find: (id: string): Promise<SavedViewRow | undefined> =>
      db.selectFrom('saved_views').selectAll().where('id', '=', id).executeTakeFirst(),
    async countOwned(email: string, screen: ViewScreen): Promise<number> {
      const row = await db
        .selectFrom('saved_views')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_email', '=', email)
        .where('screen', '=', screen)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(row: SavedViewRow): Promise<void> {
      await db.insertInto('saved_views').values(row).execute();
    },
    /** Applies `change` when the view is still at `version`; false when it is not (or is gone). */
    async update(id: string, version: number, change: SavedViewChange): Promise<boolean> {
      const result = await db
        .updateTable('saved_views')
        .set((eb) => ({ ...change, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Deletes the view at `version` and its pins, in one transaction; false when not at `version`. */
    delete(id: string, version: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('saved_views')
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) return false;
        await trx.deleteFrom('saved_view_pins').where('view_id', '=', id).execute();
        return true;
      });
    },
    async pinnedIds(email: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('saved_view_pins')
        .select('view_id')
        .where('email', '=', email)
        .execute();
      return new Set(rows.map((row) => row.view_id));
    },
    async pin(id: string, email: string, at: number): Promise<void> {
      await db
        .insertInto('saved_view_pins')
        .values({ view_id: id, email, pinned_at: at })
        .onConflict((conflict) => conflict.columns(['view_id', 'email']).doNothing())
        .execute();
    },
    async unpin(id: string, email: string): Promise<void> {
      await db
        .deleteFrom('saved_view_pins')
        .where('view_id', '=', id)
        .where('email', '=', email)
        .execute();
    },
  };
}
export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>;
