// GET /incoming/v2/meetings: the throttled meetings route of spec 8, a paginated list like the other
// resource lists (spec 4.5). Throttling is applied by plugins/throttle.ts (the endpoint is `throttled`).
import type { FastifyInstance } from 'fastify';
import type { Meeting } from '#contract/index.ts';
import type { CursorCodec } from '../lib/cursor.ts';
import { defineRoute } from '../routes/define-route.ts';
import type { Db } from '../storage/database.ts';
import { keysetPage } from '../storage/keyset-pagination.ts';

interface MeetingRow {
  seq: number;
  id: string;
  title: string;
  course_id: string | null;
  starts_at: string;
  duration_minutes: number;
  join_url: string;
}

const toMeeting = (row: MeetingRow): Meeting => ({
  id: row.id,
  title: row.title,
  courseId: row.course_id,
  startsAt: row.starts_at,
  durationMinutes: row.duration_minutes,
  joinUrl: row.join_url,
});

export function registerMeetingsRoute(app: FastifyInstance, db: Db, codec: CursorCodec): void {
  defineRoute(app, 'listMeetings', ({ companyId, query }) => {
    const page = keysetPage<MeetingRow>(
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
      query,
    );
    return { pageInfo: page.pageInfo, meetings: page.rows.map(toMeeting) };
  });
}
