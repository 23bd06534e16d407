// The shared cache of titles looked up on the instance (migrations/051-name-cache.ts). Rows are
// read whether fresh or not (a stale title still serves when the instance cannot be asked) and written
// with an upsert, so two servers storing the same answer never conflict.
import type { Db } from './database.ts';
import type { Engine } from './schema.ts';

export type NameType = 'course' | 'topic' | 'learningPath';

export interface NameCacheEntry {
  type: NameType;
  id: string;
  state: 'found' | 'missing';
  title: string | null;
  /** Parsed JSON (a topic's course and type), or null. */
  detail: Record<string, unknown> | null;
  checkedAt: number;
  expiresAt: number;
}

/** Rows per statement: 8 parameters each, under both engines' limits. */
const CHUNK = 500;

function parseDetail(value: string | null): Record<string, unknown> | null {
  if (value === null) return null;
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function createNameCacheRepository(db: Db, _engine: Engine) {
  return {
    /** The stored rows for these keys, fresh or stale. */
    async find(type: NameType, ids: readonly string[]): Promise<NameCacheEntry[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('name_cache')
        .selectAll()
        .where('type', '=', type)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((row) => ({
        type: row.type as NameType,
        id: row.id,
        state: row.state,
        title: row.title,
        detail: parseDetail(row.detail),
        checkedAt: row.checked_at,
        expiresAt: row.expires_at,
      }));
    },
    async save(given: readonly NameCacheEntry[]): Promise<void> {
      // One row per key (PostgreSQL refuses a statement that upserts a row twice); the last one wins.
      const entries = [
        ...new Map(given.map((entry) => [`${entry.type}:${entry.id}`, entry])).values(),
      ];
      for (let start = 0; start < entries.length; start += CHUNK)
        await db
          .insertInto('name_cache')
          .values(
            entries.slice(start, start + CHUNK).map((entry) => ({
              type: entry.type,
              id: entry.id,
              state: entry.state,
              title: entry.title,
              detail: entry.detail === null ? null : JSON.stringify(entry.detail),
              checked_at: entry.checkedAt,
              expires_at: entry.expiresAt,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['type', 'id']).doUpdateSet((eb) => ({
              state: eb.ref('excluded.state'),
              title: eb.ref('excluded.title'),
              detail: eb.ref('excluded.detail'),
              checked_at: eb.ref('excluded.checked_at'),
              expires_at: eb.ref('excluded.expires_at'),
            })),
          )
          .execute();
    },
    /** Forgets rows that expired before `before`. */
    async purge(before: number): Promise<number> {
      const result = await db
        .deleteFrom('name_cache')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type NameCacheRepository = ReturnType<typeof createNameCacheRepository>;
