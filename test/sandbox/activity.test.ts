import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES, EVENT_KINDS } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
  putSettings,
  simulate,
} from '../helpers/learner-fixtures.ts';

describe('learner activity simulator', () => {
  let s: TestSandbox;
  let draftCourseId: string;
  let draftPathId: string;
  const count = (sql: string, ...params: unknown[]) =>
    s.sandbox.db
      .prepare(sql)
      .pluck()
      .get(...params) as number;

  beforeAll(async () => {
    s = await startSandbox();
    ({ draftId: draftCourseId } = await createCourses(s, 3));
    createLearningPath(s);
    draftPathId = createLearningPath(s, 'draft');
    await createLearners(s, learnerAccounts(8, 'sim'));
  });
  afterAll(() => s.close());

  it('creates exactly the requested number of events and reports them per kind', async () => {
    const result = await simulate(s, 3000);
    expect(result.total).toBe(3000);
    expect(Object.values(result.created).reduce((a, b) => a + b, 0)).toBe(3000);
    expect(Object.keys(result.created).sort()).toEqual([...EVENT_KINDS].sort());
    expect(result.unavailable).toBeUndefined();
    for (const kind of EVENT_KINDS)
      expect(count('SELECT COUNT(*) FROM events WHERE kind = ?', kind), kind).toBe(
        result.created[kind],
      );
  });

  it('keeps the activity consistent with the content', () => {
    // Only published courses and paths are enrolled in; never the draft ones.
    expect(
      count(`SELECT COUNT(*) FROM course_enrollments e JOIN courses c ON c.id = e.course_id
      WHERE c.status <> 'published'`),
    ).toBe(0);
    expect(
      count('SELECT COUNT(*) FROM course_enrollments WHERE course_id = ?', draftCourseId),
    ).toBe(0);
    expect(
      count(
        'SELECT COUNT(*) FROM course_enrollments e LEFT JOIN courses c ON c.id = e.course_id WHERE c.id IS NULL',
      ),
    ).toBe(0);
    expect(
      count(`SELECT COUNT(*) FROM learning_path_enrollments e JOIN learning_paths p
      ON p.id = e.learning_path_id WHERE p.status <> 'published'`),
    ).toBe(0);
    expect(
      count(
        'SELECT COUNT(*) FROM learning_path_enrollments WHERE learning_path_id = ?',
        draftPathId,
      ),
    ).toBe(0);

    // A completion follows progress reaching 100, and its enrollment is complete.
    expect(count('SELECT COUNT(*) FROM course_completions')).toBeGreaterThan(0);
    expect(
      count(`SELECT COUNT(*) FROM course_completions cc JOIN course_enrollments e ON e.id = cc.enrollment_id
      WHERE e.progress_percent <> 100 OR e.completed_at IS NULL OR e.completed_at > cc.completed_at
         OR NOT EXISTS (SELECT 1 FROM course_progress p WHERE p.enrollment_id = e.id
                        AND p.progress_percent = 100 AND p.recorded_at <= cc.completed_at)`),
    ).toBe(0);
    expect(
      count(`SELECT COUNT(*) FROM course_enrollments e WHERE e.completed_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM course_completions cc WHERE cc.enrollment_id = e.id)`),
    ).toBe(0);
    // Progress never goes down.
    expect(
      count(`SELECT COUNT(*) FROM course_progress a JOIN course_progress b
      ON a.enrollment_id = b.enrollment_id AND b.seq > a.seq AND b.progress_percent < a.progress_percent`),
    ).toBe(0);

    // A certificate follows a completion.
    expect(count('SELECT COUNT(*) FROM certificates')).toBeGreaterThan(0);
    expect(
      count(`SELECT COUNT(*) FROM certificates ce LEFT JOIN course_completions cc ON cc.id = ce.completion_id
      WHERE cc.id IS NULL OR ce.issued_at < cc.completed_at OR cc.certificate_id <> ce.id`),
    ).toBe(0);

    // A quiz attempt names a quiz (or test) topic of its course; a submission an assignment topic.
    expect(count('SELECT COUNT(*) FROM quiz_attempts')).toBeGreaterThan(0);
    expect(
      count(`SELECT COUNT(*) FROM quiz_attempts q JOIN course_enrollments e ON e.id = q.enrollment_id
      LEFT JOIN topics t ON t.id = q.topic_id AND t.course_id = e.course_id AND t.type IN ('quiz', 'test')
      WHERE t.id IS NULL`),
    ).toBe(0);
    expect(
      count(`SELECT COUNT(*) FROM assignment_submissions a JOIN course_enrollments e ON e.id = a.enrollment_id
      LEFT JOIN topics t ON t.id = a.topic_id AND t.course_id = e.course_id AND t.type = 'assignment'
      WHERE t.id IS NULL`),
    ).toBe(0);
    expect(
      count('SELECT COUNT(*) FROM quiz_attempts WHERE passed <> (score >= passing_score)'),
    ).toBe(0);
  });

  it('writes one event per domain row, in causal order', () => {
    const pairs: [string, string][] = [
      ['courseEnrollment', 'course_enrollments'],
      ['courseAction', 'course_progress'],
      ['courseCompletion', 'course_completions'],
      ['courseCertificate', 'certificates'],
      ['quizAttempt', 'quiz_attempts'],
      ['assignmentSubmission', 'assignment_submissions'],
      ['learningPathEnrollment', 'learning_path_enrollments'],
      ['learningPathAction', 'learning_path_activity'],
    ];
    for (const [kind, table] of pairs)
      expect(count(`SELECT COUNT(*) FROM ${table}`), kind).toBe(
        count('SELECT COUNT(*) FROM events WHERE kind = ?', kind),
      );
    // Enrollment event before its completion event; completion event before its certificate event.
    expect(
      count(`SELECT COUNT(*) FROM events c JOIN events e
      ON e.kind = 'courseEnrollment' AND c.kind = 'courseCompletion'
      AND json_extract(e.payload, '$.data.enrollmentId') = json_extract(c.payload, '$.data.enrollmentId')
      WHERE (e.timestamp, e.seq) > (c.timestamp, c.seq)`),
    ).toBe(0);
    expect(
      count(`SELECT COUNT(*) FROM events ce LEFT JOIN events c
      ON c.id = json_extract(ce.payload, '$.data.completionEventId') AND c.kind = 'courseCompletion'
      WHERE ce.kind = 'courseCertificate' AND (c.id IS NULL OR (c.timestamp, c.seq) > (ce.timestamp, ce.seq))`),
    ).toBe(0);
  });

  it('produces exactly N of the requested kinds, with the prerequisites they need', async () => {
    const quizzes = await simulate(s, 50, ['quizAttempt']);
    expect(quizzes.created.quizAttempt).toBe(50);
    expect(quizzes.total).toBe(Object.values(quizzes.created).reduce((a, b) => a + b, 0));
    const certificates = await simulate(s, 20, ['courseCertificate']);
    expect(certificates.created.courseCertificate).toBe(20);
    const enrollments = await simulate(s, 300, ['courseEnrollment', 'learningPathEnrollment']);
    expect(
      enrollments.created.courseEnrollment! + enrollments.created.learningPathEnrollment!,
    ).toBe(300);
    expect(enrollments.total).toBe(300);
  });

  it('sustains 10,000 events a minute with room to spare', async () => {
    const started = performance.now();
    const result = await simulate(s, 10_000);
    expect(result.total).toBe(10_000);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('runs in the background at settings.activityPerMinute, and stops at 0', async () => {
    const events = () => count('SELECT COUNT(*) FROM events');
    const before = events();
    await putSettings(s, { activityPerMinute: 6000 });
    await new Promise((resolve) => setTimeout(resolve, 2300));
    await putSettings(s, { activityPerMinute: 0 });
    const produced = events() - before;
    // 100 per second, one batch a second: 2 or 3 batches in 2.3 s (a slow machine can fit a third),
    // plus the few prerequisite events (an enrollment before a quiz attempt) a batch brings along.
    expect(produced).toBeGreaterThanOrEqual(100);
    expect(produced).toBeLessThanOrEqual(400);
    const stopped = events();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(events()).toBe(stopped);
  });

  it('rejects bad requests and needs the company secret key', async () => {
    const auth = { authorization: `Bearer ${s.secretKey}` };
    for (const body of [
      {},
      { count: 0 },
      { count: 1.5 },
      { count: 100_001 },
      { count: 1, kinds: [] },
      { count: 1, kinds: ['nope'] },
      { count: 1, extra: 1 },
    ]) {
      const res = await s.raw('POST', '/sandbox/activity', body, auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expect((await s.raw('POST', '/sandbox/activity', { count: 1 })).status).toBe(401);
  });
});

describe('learner activity simulator without content', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startSandbox();
  });
  afterAll(() => s.close());

  it('creates nothing and says why when there are no learners, courses or paths', async () => {
    const none = await simulate(s, 10);
    expect(none).toEqual({
      created: {},
      total: 0,
      unavailable: Object.fromEntries(EVENT_KINDS.map((k) => [k, ACTIVITY_MESSAGES.noLearners])),
      message: ACTIVITY_MESSAGES.nothingCreated,
    });
    await createLearners(s, learnerAccounts(2, 'lonely'));
    const noContent = await simulate(s, 10);
    expect(noContent.total).toBe(0);
    expect(noContent.unavailable).toMatchObject({
      courseEnrollment: ACTIVITY_MESSAGES.noPublishedCourses,
      learningPathEnrollment: ACTIVITY_MESSAGES.noPublishedLearningPaths,
    });
    const created = await s.api('POST', '/content/course/create', {
      courseAttributes: [
        {
          title: 'Reading only',
          kind: 'courseGroup',
          status: 'published',
          sections: [
            {
              title: 'S',
              lessons: [
                { title: 'L', openType: 'open', topics: [{ title: 'T', type: 'article' }] },
              ],
            },
          ],
        },
      ],
    });
    expect(created.status).toBe(200);
    const partial = await simulate(s, 10, [
      'courseEnrollment',
      'quizAttempt',
      'assignmentSubmission',
    ]);
    expect(partial.created).toEqual({ courseEnrollment: 10 });
    expect(partial.unavailable).toEqual({
      quizAttempt: ACTIVITY_MESSAGES.noQuizTopics,
      assignmentSubmission: ACTIVITY_MESSAGES.noAssignmentTopics,
    });
  });
});
