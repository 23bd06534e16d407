// Prepared inserts and updates for learner activity rows. The simulator calls these inside one
// transaction per batch, together with the events they produce.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../storage/database.ts';

type Args = (string | number | null)[];

const SQL = {
  insertUser: `INSERT INTO users (id, company_id, email, first_name, last_name, password_hash, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`,
  insertCourseEnrollment: `INSERT INTO course_enrollments
    (id, company_id, user_id, course_id, source, progress_percent, enrolled_at, updated_at)
    VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
  updateCourseEnrollment: `UPDATE course_enrollments
    SET progress_percent = ?, updated_at = ?, completed_at = ? WHERE id = ?`,
  insertCourseProgress: `INSERT INTO course_progress
    (enrollment_id, topic_id, action, progress_percent, recorded_at) VALUES (?, ?, ?, ?, ?)`,
  insertCompletion: `INSERT INTO course_completions (id, company_id, enrollment_id, event_id, completed_at)
    VALUES (?, ?, ?, ?, ?)`,
  insertCertificate:
    'INSERT INTO certificates (id, company_id, completion_id, issued_at) VALUES (?, ?, ?, ?)',
  certifyCompletion: 'UPDATE course_completions SET certificate_id = ? WHERE id = ?',
  insertQuizAttempt: `INSERT INTO quiz_attempts
    (id, company_id, enrollment_id, topic_id, score, passing_score, passed, submitted_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  insertAssignmentSubmission: `INSERT INTO assignment_submissions
    (id, company_id, enrollment_id, topic_id, file_count, submitted_at) VALUES (?, ?, ?, ?, ?, ?)`,
  insertPathEnrollment: `INSERT INTO learning_path_enrollments
    (id, company_id, user_id, learning_path_id, progress_percent, enrolled_at, updated_at)
    VALUES (?, ?, ?, ?, 0, ?, ?)`,
  updatePathEnrollment: `UPDATE learning_path_enrollments
    SET progress_percent = ?, updated_at = ?, completed_at = ? WHERE id = ?`,
  insertPathActivity: `INSERT INTO learning_path_activity
    (enrollment_id, action, progress_percent, recorded_at) VALUES (?, ?, ?, ?)`,
} as const;

export type ActivityWrite = keyof typeof SQL;

export class ActivityWriter {
  private readonly statements: Record<ActivityWrite, Statement<Args>>;

  constructor(db: Db) {
    this.statements = Object.fromEntries(
      Object.entries(SQL).map(([name, sql]) => [name, db.prepare<Args>(sql)]),
    ) as Record<ActivityWrite, Statement<Args>>;
  }

  run(write: ActivityWrite, ...args: Args): void {
    this.statements[write].run(...args);
  }
}
