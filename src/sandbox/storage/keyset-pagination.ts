// One pagination helper for every resource list (spec 4.5). Keyset, not offset: a page is
// `WHERE (sort key) > (last key of the previous page) ORDER BY sort key LIMIT perPage + 1`, so page
// 1,000 costs what page 1 costs. The extra row tells whether more exist, so `hasMore` is exact.
import type { Statement } from 'better-sqlite3';
import { READ_MESSAGES, type PageInfo } from '../../contract/index.ts';
import { ValidationError } from '../lib/errors.ts';
import type { CursorCodec, CursorKey } from '../lib/cursor.ts';
import type { Db } from './database.ts';

export interface KeysetListSpec<Row> {
  /** Names the list and its filters; a cursor is only accepted by the list that issued it. */
  scope: string;
  /** Selected columns, e.g. `g.*`. */
  select: string;
  /** `FROM ... WHERE ...` without ORDER BY; the keyset condition is appended with AND. */
  from: string;
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
  const pageSql = `SELECT ${spec.select} ${spec.from}${keysetCondition} ORDER BY ${order} LIMIT ?`;
  const rows = cachedStatement(db, pageSql).all(
    ...spec.params,
    ...(usable ?? []),
    request.perPage + 1,
  ) as Row[];
  const { total } = cachedStatement(db, `SELECT COUNT(*) AS total ${spec.from}`).get(
    ...spec.params,
  ) as { total: number };

  const hasMore = rows.length > request.perPage;
  if (hasMore) rows.length = request.perPage;
  const last = rows.at(-1);
  const pageInfo: PageInfo = { perPage: rows.length, total, hasMore };
  if (hasMore && last !== undefined) pageInfo.cursor = codec.encode(spec.scope, spec.keyOf(last));
  return { pageInfo, rows };
}
