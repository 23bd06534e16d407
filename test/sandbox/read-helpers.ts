// Helpers for the read-endpoint tests: walking every page of a list while checking spec 4.5 rules.
import { expect } from 'vitest';
import type { TestSandbox } from '../helpers/sandbox.ts';

export interface PageInfo {
  perPage: number;
  total: number;
  hasMore: boolean;
  cursor?: string;
}

/** Adds `cursor` to a path that may already carry a query string. */
export const withCursor = (path: string, cursor: string | undefined) =>
  cursor === undefined
    ? path
    : `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

/**
 * Follows `pageInfo.cursor` until `hasMore` is false, asserting on every page: `perPage` counts the
 * page's records, `total` never changes, `cursor` is present exactly while `hasMore`.
 */
export async function walkPages<T = Record<string, unknown>>(
  s: TestSandbox,
  path: string,
  listName: string,
  key?: string,
): Promise<{ items: T[]; pages: PageInfo[] }> {
  const items: T[] = [];
  const pages: PageInfo[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const res = await s.api('GET', withCursor(path, cursor), undefined, key);
    expect(res.status, res.text).toBe(200);
    const pageInfo = res.body.pageInfo as PageInfo;
    const list = res.body[listName] as T[];
    expect(pageInfo.perPage).toBe(list.length);
    if (pages[0]) expect(pageInfo.total).toBe(pages[0].total);
    if (pageInfo.hasMore) expect(typeof pageInfo.cursor).toBe('string');
    else expect('cursor' in pageInfo).toBe(false);
    pages.push(pageInfo);
    items.push(...list);
    if (!pageInfo.hasMore) return { items, pages };
    cursor = pageInfo.cursor;
  }
  throw new Error(`${path}: more than 1000 pages`);
}

export const idsOf = (items: readonly { id?: unknown }[]) => items.map((item) => item.id as string);

/** Minimal create entries: `count` courseGroup-kind courses titled `${prefix} 1..count`. */
export const minimalCourses = (
  prefix: string,
  count: number,
  extra: Record<string, unknown> = {},
) =>
  Array.from({ length: count }, (_, i) => ({
    title: `${prefix} ${i + 1}`,
    kind: 'courseGroup',
    ...extra,
  }));
