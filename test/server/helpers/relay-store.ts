// What the relay stored, read straight from the console's database (either engine).
import type { Db } from '../../../src/server/storage/database.ts';

export async function storedEventCount(db: Db, kind?: string): Promise<number> {
  const row = await db
    .selectFrom('relay_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
