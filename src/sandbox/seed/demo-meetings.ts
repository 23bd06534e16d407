// A few meetings for the meetings route, some tied to published courses.
import { randomUUID } from 'node:crypto';
import { nowIso, type Db } from '../storage/database.ts';

const TITLES = [
  'Onboarding live session',
  'Office hours: course authoring',
  'Quarterly compliance briefing',
  'Webinar: writing good quizzes',
  'Q&A with the instructors',
  'Learning path kickoff',
] as const;

/** Inserts one meeting per title, weekly from `from`; returns their ids. */
export function seedDemoMeetings(db: Db, companyId: string, from = Date.now()): string[] {
  const courses = db
    .prepare(
      "SELECT id FROM courses WHERE company_id = ? AND status = 'published' ORDER BY seq LIMIT ?",
    )
    .pluck()
    .all(companyId, TITLES.length) as string[];
  const insert = db.prepare(
    `INSERT INTO meetings (id, company_id, title, course_id, starts_at, duration_minutes, join_url, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const hour = 60 * 60_000;
  const week = 7 * 24 * hour;
  const start = Math.ceil(from / hour) * hour;
  return db.transaction(() =>
    TITLES.map((title, i) => {
      const id = randomUUID();
      const startsAt = new Date(start + (i + 1) * week).toISOString();
      insert.run(
        id,
        companyId,
        title,
        courses[i] ?? null,
        startsAt,
        i % 2 ? 30 : 60,
        `https://meet.example.test/${id}`,
        nowIso(),
      );
      return id;
    }),
  )();
}
