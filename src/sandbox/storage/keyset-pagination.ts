// One pagination helper for every resource list (spec 4.5). Keyset, not offset: a page is
// `WHERE (sort key) > (last key of the previous page) ORDER BY sort key LIMIT perPage + 1`, so page
// 1,000 costs what page 1 costs. The extra row tells whether more exist, so `hasMore` is exact.
import type { Statement } from 'better-sqlite3';
import { READ_MESSAGES, type PageInfo } from '#contract/index.ts';
import { ValidationError } from '../lib/errors.ts';
import type { CursorCodec, CursorKey } from '../lib/cursor.ts';
import type { Db } from './database.ts';

export interface KeysetListSpec<Row> {
  /** Names the list and its filters; a cursor is only accepted by the list that issued it. */
  scope: string;
  /** `SELECT ... FROM ...` with any joins that only add columns (e.g. COURSE_GROUP_SELECT). */
  selectFrom: string;
  /** `FROM ...` for counting: the filtered table without the column-only joins. */
  countFrom: string;
  /** `WHERE ...` over the tables of `countFrom`; the keyset condition is appended with AND. */
  where: string;
  params: readonly unknown[];
  /** Sort expressions; together they must be unique per row (end with a seq column). */
  orderBy: readonly string[];
  descending?: boolean;
  /** The values of `orderBy` for a row, in the same order. */
  keyOf: (row: Row) => CursorKey;
}

export interface PageRequest {
  cursor?: string | undefined;
  perPage: number;
}

export interface KeysetPage<Row> {
  pageInfo: PageInfo;
  rows: Row[];
}

const statementCache = new WeakMap<Db, Map<string, Statement>>();

/** Prepared statements are cached per database and SQL text: list SQL comes from a few templates. */
export function cachedStatement(db: Db, sql: string): Statement {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

export function keysetPage<Row>(
  db: Db,
  codec: CursorCodec,
  spec: KeysetListSpec<Row>,
  request: PageRequest,
): KeysetPage<Row> {
  const after = request.cursor === undefined ? undefined : codec.decode(spec.scope, request.cursor);
  // A signed cursor of the right scope always has the right arity; stay strict anyway.
  if (after !== undefined && after.length !== spec.orderBy.length)
    throw new ValidationError([READ_MESSAGES.invalidCursor]);
  const usable = after;

  const direction = spec.descending ? 'DESC' : 'ASC';
  const keyTuple = `(${spec.orderBy.join(', ')})`;
  const keysetCondition = usable
    ? ` AND ${keyTuple} ${spec.descending ? '<' : '>'} (${spec.orderBy.map(() => '?').join(', ')})`
    : '';
  const order = spec.orderBy.map((expression) => `${expression} ${direction}`).join(', ');
  const pageSql = `${spec.selectFrom} ${spec.where}${keysetCondition} ORDER BY ${order} LIMIT ?`;
  const rows = cachedStatement(db, pageSql).all(
    ...spec.params,
    ...(usable ?? []),
    request.perPage + 1,
  ) as Row[];
  const total = countRows(
    db,
    `SELECT COUNT(*) AS total ${spec.countFrom} ${spec.where}`,
    spec.params,
  );

  const hasMore = rows.length > request.perPage;
  if (hasMore) rows.length = request.perPage;
  const last = rows.at(-1);
  const pageInfo: PageInfo = { perPage: rows.length, total, hasMore };
  if (hasMore && last !== undefined) pageInfo.cursor = codec.encode(spec.scope, spec.keyOf(last));
  return { pageInfo, rows };
}

interface CountCache {
  version: string;
  totals: Map<string, number>;
}
const countCaches = new WeakMap<Db, CountCache>();
const MAX_CACHED_COUNTS = 1000;

/**
 * `total` is a COUNT(*) over every matching row: the same cost on every page, but linear in the list
 * size. Counts are cached until the database changes: `total_changes()` moves with every write on
 * this connection and `data_version` with every commit made by another one.
 */
function countRows(db: Db, sql: string, params: readonly unknown[]): number {
  const { changes } = cachedStatement(db, 'SELECT total_changes() AS changes').get() as {
    changes: number;
  };
  const version = `${changes}:${db.pragma('data_version', { simple: true }) as number}`;
  let cache = countCaches.get(db);
  if (!cache || cache.version !== version || cache.totals.size >= MAX_CACHED_COUNTS)
    countCaches.set(db, (cache = { version, totals: new Map() }));
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  let total = cache.totals.get(key);
  if (total === undefined) {
    total = (cachedStatement(db, sql).get(...params) as { total: number }).total;
    cache.totals.set(key, total);
  }
  return total;
}
