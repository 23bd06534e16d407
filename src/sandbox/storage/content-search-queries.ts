// `GET /content`: one keyset-paginated search over course groups, courses and learning paths. The
// three tables are unioned into one shape; `type_rank` + `seq` make every row's sort key unique.
import type { CursorCodec } from '../lib/cursor.ts';
import type { Db } from './database.ts';
import { keysetPage, type KeysetPage, type PageRequest } from './keyset-pagination.ts';

export const SEARCHABLE_TYPES = ['courseGroups', 'courses', 'learningPaths'] as const;
export type SearchableType = (typeof SEARCHABLE_TYPES)[number];
export type ContentSort = 'title' | '-title' | 'updatedAt' | '-updatedAt';

export interface SearchRow {
  type: SearchableType;
  type_rank: number;
  seq: number;
  id: string;
  title: string;
  sort_title: string;
  slug: string;
  status: string;
  kind: string | null;
  description: string;
  updated_at: string;
  sku: string | null;
  price_in_cents: number | null;
}

const SEARCH_UNION = `FROM (
  SELECT 'courseGroups' AS type, 0 AS type_rank, g.seq, g.id, g.title, lower(g.title) AS sort_title,
         g.slug, CASE WHEN g.archived = 1 THEN 'archived' ELSE COALESCE(dc.status, 'draft') END AS status,
         g.kind, g.description, g.updated_at, NULL AS sku, NULL AS price_in_cents
    FROM course_groups g LEFT JOIN courses dc ON dc.id = g.display_course_id
   WHERE g.company_id = ?
  UNION ALL
  SELECT 'courses', 1, c.seq, c.id, c.title, lower(c.title), g.slug, c.status, c.kind, g.description,
         c.updated_at, c.sku, c.price_in_cents
    FROM courses c JOIN course_groups g ON g.id = c.course_group_id
   WHERE c.company_id = ?
  UNION ALL
  SELECT 'learningPaths', 2, lp.seq, lp.id, lp.title, lower(lp.title), lp.slug, lp.status, NULL,
         lp.description, lp.updated_at, lp.sku, NULL
    FROM learning_paths lp
   WHERE lp.company_id = ?
) AS items`;

const SORT_KEYS: Record<
  ContentSort | 'default',
  { column?: keyof SearchRow; descending: boolean }
> = {
  default: { descending: false },
  title: { column: 'sort_title', descending: false },
  '-title': { column: 'sort_title', descending: true },
  updatedAt: { column: 'updated_at', descending: false },
  '-updatedAt': { column: 'updated_at', descending: true },
};

/** LIKE pattern for a case-insensitive substring match; `%`, `_` and `\` in the query are literal. */
const containsPattern = (query: string) => `%${query.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

export function searchContent(
  db: Db,
  codec: CursorCodec,
  companyId: string,
  filter: { types: readonly SearchableType[]; query?: string | undefined; sort?: ContentSort },
  page: PageRequest,
): KeysetPage<SearchRow> {
  const rankOf = (type: SearchableType) => SEARCHABLE_TYPES.indexOf(type);
  const conditions = [`items.type_rank IN (${filter.types.map(rankOf).join(', ')})`];
  const params: unknown[] = [companyId, companyId, companyId];
  const query = filter.query?.trim();
  if (query) {
    conditions.push(
      "(lower(items.title) LIKE ? ESCAPE '\\' OR lower(items.slug) LIKE ? ESCAPE '\\' OR lower(items.description) LIKE ? ESCAPE '\\' OR lower(items.sku) LIKE ? ESCAPE '\\')",
    );
    const pattern = containsPattern(query);
    params.push(pattern, pattern, pattern, pattern);
  }
  const sort = SORT_KEYS[filter.sort ?? 'default'];
  const orderBy = [
    ...(sort.column ? [`items.${sort.column}`] : []),
    'items.type_rank',
    'items.seq',
  ];
  return keysetPage<SearchRow>(
    db,
    codec,
    {
      scope: `content|${companyId}|${filter.types.join(',')}|${query ?? ''}|${filter.sort ?? ''}`,
      selectFrom: `SELECT items.* ${SEARCH_UNION}`,
      countFrom: SEARCH_UNION,
      where: `WHERE ${conditions.join(' AND ')}`,
      params,
      orderBy,
      descending: sort.descending,
      keyOf: (row) => [...(sort.column ? [row[sort.column]] : []), row.type_rank, row.seq],
    },
    page,
  );
}
