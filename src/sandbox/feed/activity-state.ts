// What the simulator may act on, loaded once per batch: learners, published courses (with their
// quiz and assignment topics), published learning paths, and the enrollments still in progress.
// Only published content is enrollable; enrollments whose course was unpublished since are left alone.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../storage/database.ts';
import type { EventLearnerSnapshot } from './events-repository.ts';
import { RandomPool } from './random-pool.ts';

export type LearnerRef = EventLearnerSnapshot;

export interface CourseRef {
  id: string;
  title: string;
  topicIds: string[];
  /** `quiz` and `test` topics: the ones a quiz attempt may name. */
  quizTopicIds: string[];
  assignmentTopicIds: string[];
}

export interface PathRef {
  id: string;
  title: string;
}

export interface ActiveCourseEnrollment {
  id: string;
  learner: LearnerRef;
  course: CourseRef;
  progress: number;
}

export interface PendingCompletion {
  id: string;
  eventId: string;
  learner: LearnerRef;
  course: CourseRef;
}

export interface ActivePathEnrollment {
  id: string;
  learner: LearnerRef;
  path: PathRef;
  progress: number;
}

export interface ActivityState {
  learners: LearnerRef[];
  courses: CourseRef[];
  quizCourses: CourseRef[];
  assignmentCourses: CourseRef[];
  paths: PathRef[];
  activeCourses: RandomPool<ActiveCourseEnrollment>;
  pendingCompletions: RandomPool<PendingCompletion>;
  activePaths: RandomPool<ActivePathEnrollment>;
}

export const pairKey = (learnerId: string, resourceId: string) => `${learnerId}|${resourceId}`;

/** Certificates still owed are bounded per batch; the rest wait for a later batch. */
const PENDING_COMPLETIONS_PER_BATCH = 5000;

type Row = Record<string, string | number | null>;

export class ActivityStateLoader {
  private readonly statements: Record<
    'learners' | 'courses' | 'topics' | 'paths' | 'enrollments' | 'completions' | 'pathEnrollments',
    Statement<unknown[], Row>
  >;

  constructor(db: Db) {
    const prepare = (sql: string) => db.prepare<unknown[], Row>(sql);
    this.statements = {
      learners: prepare(
        'SELECT id, email, first_name, last_name FROM users WHERE company_id = ? ORDER BY seq',
      ),
      courses: prepare(
        "SELECT id, title FROM courses WHERE company_id = ? AND status = 'published' ORDER BY seq",
      ),
      topics: prepare(
        `SELECT t.id, t.course_id, t.type FROM topics t JOIN courses c ON c.id = t.course_id
         WHERE c.company_id = ? AND c.status = 'published' ORDER BY t.seq`,
      ),
      paths: prepare(
        "SELECT id, title FROM learning_paths WHERE company_id = ? AND status = 'published' ORDER BY seq",
      ),
      enrollments: prepare(
        `SELECT id, user_id, course_id, progress_percent FROM course_enrollments
         WHERE company_id = ? AND completed_at IS NULL`,
      ),
      completions: prepare(
        `SELECT cc.id, cc.event_id, e.user_id, e.course_id FROM course_completions cc
         JOIN course_enrollments e ON e.id = cc.enrollment_id
         WHERE cc.company_id = ? AND cc.certificate_id IS NULL ORDER BY cc.completed_at LIMIT ?`,
      ),
      pathEnrollments: prepare(
        `SELECT id, user_id, learning_path_id, progress_percent FROM learning_path_enrollments
         WHERE company_id = ? AND completed_at IS NULL`,
      ),
    };
  }

  load(companyId: string): ActivityState {
    const s = this.statements;
    const learners = s.learners.all(companyId).map((r) => ({
      id: String(r.id),
      email: String(r.email),
      firstName: String(r.first_name),
      lastName: String(r.last_name),
    }));
    const courses = new Map<string, CourseRef>();
    for (const r of s.courses.all(companyId)) {
      const id = String(r.id);
      const course = {
        id,
        title: String(r.title),
        topicIds: [],
        quizTopicIds: [],
        assignmentTopicIds: [],
      };
      courses.set(id, course);
    }
    for (const r of s.topics.all(companyId)) {
      const course = courses.get(String(r.course_id));
      if (!course) continue;
      const id = String(r.id);
      course.topicIds.push(id);
      if (r.type === 'quiz' || r.type === 'test') course.quizTopicIds.push(id);
      if (r.type === 'assignment') course.assignmentTopicIds.push(id);
    }
    const paths = s.paths.all(companyId).map((r) => ({ id: String(r.id), title: String(r.title) }));
    const learnerById = new Map(learners.map((l) => [l.id, l]));
    const pathById = new Map(paths.map((p) => [p.id, p]));

    const activeCourses = new RandomPool<ActiveCourseEnrollment>((e) =>
      pairKey(e.learner.id, e.course.id),
    );
    for (const r of s.enrollments.all(companyId)) {
      const learner = learnerById.get(String(r.user_id));
      const course = courses.get(String(r.course_id));
      if (learner && course)
        activeCourses.add({
          id: String(r.id),
          learner,
          course,
          progress: Number(r.progress_percent),
        });
    }
    const pendingCompletions = new RandomPool<PendingCompletion>((c) => c.id);
    for (const r of s.completions.all(companyId, PENDING_COMPLETIONS_PER_BATCH)) {
      const learner = learnerById.get(String(r.user_id));
      const course = courses.get(String(r.course_id));
      if (learner && course)
        pendingCompletions.add({ id: String(r.id), eventId: String(r.event_id), learner, course });
    }
    const activePaths = new RandomPool<ActivePathEnrollment>((e) =>
      pairKey(e.learner.id, e.path.id),
    );
    for (const r of s.pathEnrollments.all(companyId)) {
      const learner = learnerById.get(String(r.user_id));
      const path = pathById.get(String(r.learning_path_id));
      if (learner && path)
        activePaths.add({ id: String(r.id), learner, path, progress: Number(r.progress_percent) });
    }
    const courseList = [...courses.values()];
    return {
      learners,
      courses: courseList,
      quizCourses: courseList.filter((c) => c.quizTopicIds.length > 0),
      assignmentCourses: courseList.filter((c) => c.assignmentTopicIds.length > 0),
      paths,
      activeCourses,
      pendingCompletions,
      activePaths,
    };
  }
}
