// Tags and users lists (spec 4.4) and meetings (spec 8), keyset-paginated in creation order.
import type { CursorCodec } from '../lib/cursor.ts';
import type { Db } from './database.ts';
import { keysetPage, type PageRequest } from './keyset-pagination.ts';
import type { MeetingRow, TagRow, UserRow } from './records.ts';

export function createDirectoryQueries(db: Db, codec: CursorCodec) {
  return {
    tagsPage: (companyId: string, page: PageRequest) =>
      keysetPage<TagRow>(
        db,
        codec,
        {
          scope: `tags|${companyId}`,
          selectFrom: 'SELECT * FROM tags',
          countFrom: 'FROM tags',
          where: 'WHERE company_id = ?',
          params: [companyId],
          orderBy: ['seq'],
          keyOf: (row) => [row.seq],
        },
        page,
      ),
    usersPage: (companyId: string, page: PageRequest) =>
      keysetPage<UserRow>(
        db,
        codec,
        {
          scope: `users|${companyId}`,
          selectFrom: 'SELECT * FROM users',
          countFrom: 'FROM users',
          where: 'WHERE company_id = ?',
          params: [companyId],
          orderBy: ['seq'],
          keyOf: (row) => [row.seq],
        },
        page,
      ),
    meetingsPage: (companyId: string, page: PageRequest) =>
      keysetPage<MeetingRow>(
        db,
        codec,
        {
          scope: `meetings:${companyId}`,
          selectFrom:
            'SELECT seq, id, title, course_id, starts_at, duration_minutes, join_url FROM meetings',
          countFrom: 'FROM meetings',
          where: 'WHERE company_id = ?',
          params: [companyId],
          orderBy: ['seq'],
          keyOf: (row) => [row.seq],
        },
        page,
      ),
  };
}
