// The learner page's summary over real HTTP, on both engines: identity from the latest event, counts per
// kind, each course's and learning path's first enrollment, start, completion and certificate and the
// latest progress; a learner without stored events answers 200 with nothing known; every role may read it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeEvent } from '../../src/server/relay/normalize-event.ts';
import type { RelayRepository } from '../../src/server/storage/relay-repository.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

const LEARNER = {
  id: '5b0d3c4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
  email: 'ida@lectern.test',
  firstName: 'Ida',
  lastName: 'Berg',
};
const COURSE = { id: '6c1e4d5f-2a3b-4c4d-9e5f-6a7b8c9d0e1f', title: 'Fire safety' };
const PATH = { id: '7d2f5e6a-3b4c-4d5e-8f6a-7b8c9d0e1f2a', title: 'Site induction' };
const T0 = Date.UTC(2026, 10, 2, 9);
const HOUR = 3_600_000;

async function store(
  repo: RelayRepository,
  kind: string,
  at: number,
  data: Record<string, unknown>,
  on: { course?: typeof COURSE; learningPath?: typeof PATH; learner?: typeof LEARNER } = {},
) {
  const event = normalizeEvent(kind, {
    id: randomUUID(),
    kind,
    timestamp: at,
    learner: on.learner ?? LEARNER,
    course: on.course ?? null,
    learningPath: on.learningPath ?? null,
    topicId: null,
    data,
  });
  await repo.insertPage(kind, [event!], at);
}

/** Stores an event as the feed gave it (fields missing or odd), through the relay's normalization. */
async function storeRaw(repo: RelayRepository, kind: string, event: Record<string, unknown>) {
  const normalized = normalizeEvent(kind, { id: randomUUID(), kind, ...event });
  await repo.insertPage(kind, [normalized!], Number(event.timestamp));
}

describe.each(ENGINES)('learner summary (%s)', (engine) => {
  let h: Harness;
  let support: string;

  beforeAll(async () => {
    h = await startHarness({ engine });
    support = await h.sessionCookie('sam@lectern.test', 'support');
    const repo = h.server.relayRepository;
    const course = { course: COURSE };
    await store(
      repo,
      'courseEnrollment',
      T0,
      { enrollmentId: randomUUID(), source: 'self' },
      course,
    );
    await store(repo, 'courseAction', T0 + HOUR, { action: 'started', progressPercent: 0 }, course);
    await store(
      repo,
      'courseAction',
      T0 + 2 * HOUR,
      { action: 'progressed', progressPercent: 40 },
      course,
    );
    await store(
      repo,
      'courseCompletion',
      T0 + 3 * HOUR,
      { enrollmentId: randomUUID(), progressPercent: 100 },
      course,
    );
    await store(
      repo,
      'courseCertificate',
      T0 + 4 * HOUR,
      { certificateId: randomUUID(), completionEventId: 'x' },
      course,
    );
    const path = { learningPath: PATH };
    await store(
      repo,
      'learningPathEnrollment',
      T0 + 5 * HOUR,
      { enrollmentId: randomUUID() },
      path,
    );
    await store(
      repo,
      'learningPathAction',
      T0 + 6 * HOUR,
      { action: 'progressed', progressPercent: 25 },
      path,
    );
    // The learner changed their name: the latest event's is the one shown.
    await store(
      repo,
      'quizAttempt',
      T0 + 7 * HOUR,
      { attemptId: randomUUID(), score: 55, passingScore: 70, passed: false },
      { course: COURSE, learner: { ...LEARNER, lastName: 'Berg-Holm' } },
    );
    // Someone else's event is not counted.
    await store(
      repo,
      'courseEnrollment',
      T0,
      { enrollmentId: randomUUID(), source: 'admin' },
      {
        course: COURSE,
        learner: { ...LEARNER, id: randomUUID(), email: 'other@lectern.test' },
      },
    );
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  it('sums up every stored event of the learner', async () => {
    const response = await h.http.get(`/api/learners/${LEARNER.id}`, { cookie: support });
    expect(response.status).toBe(200);
    const iso = (hours: number) => new Date(T0 + hours * HOUR).toISOString();
    expect(response.body).toEqual({
      learner: { ...LEARNER, lastName: 'Berg-Holm' },
      total: 8,
      byKind: {
        courseEnrollment: 1,
        courseAction: 2,
        courseCompletion: 1,
        courseCertificate: 1,
        learningPathEnrollment: 1,
        learningPathAction: 1,
        quizAttempt: 1,
      },
      firstEventAt: iso(0),
      lastEventAt: iso(7),
      courses: [
        {
          id: COURSE.id,
          title: 'Fire safety',
          events: 6,
          enrolledAt: iso(0),
          startedAt: iso(1),
          completedAt: iso(3),
          certificateAt: iso(4),
          progressPercent: 100,
          lastEventAt: iso(7),
        },
      ],
      learningPaths: [
        {
          id: PATH.id,
          title: 'Site induction',
          events: 2,
          enrolledAt: iso(5),
          startedAt: null,
          completedAt: null,
          certificateAt: null,
          progressPercent: 25,
          lastEventAt: iso(6),
        },
      ],
    });
  });

  it('answers a learner without stored events with nothing known', async () => {
    const response = await h.http.get(`/api/learners/${randomUUID()}`, { cookie: support });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      learner: null,
      total: 0,
      byKind: {},
      firstEventAt: null,
      lastEventAt: null,
      courses: [],
      learningPaths: [],
    });
  });

  it('says what the events do not: blank titles, no action, no numeric progress, no learner object', async () => {
    const repo = h.server.relayRepository;
    const sparse = {
      id: 'learner-0042',
      email: 'noor@lectern.test',
      firstName: 'Noor',
      lastName: 'Aziz',
    };
    const quiet = { id: randomUUID(), title: '   ' };
    const odd = { id: randomUUID(), title: 'Null\u0000 byte' };
    const T1 = T0 + 24 * HOUR;
    const at = (hours: number) => T1 + hours * HOUR;
    await storeRaw(repo, 'courseEnrollment', {
      timestamp: at(0),
      learner: sparse,
      course: quiet,
      data: 'not an object',
    });
    await storeRaw(repo, 'courseAction', {
      timestamp: at(1),
      learner: sparse,
      course: { ...quiet, title: '\t\n' },
      data: {},
    });
    await storeRaw(repo, 'courseAction', {
      timestamp: at(2),
      learner: sparse,
      course: { id: quiet.id },
      data: { action: 'started', progressPercent: '50' },
    });
    // PostgreSQL's text cannot hold U+0000: the payload keeps it escaped, and reading it must not fail.
    await storeRaw(repo, 'courseAction', {
      timestamp: at(3),
      learner: sparse,
      course: odd,
      data: { action: 'com\u0000pleted' },
    });
    // The latest events give only a learner id: the name and email come from the latest that has them.
    await storeRaw(repo, 'courseAction', {
      timestamp: at(4),
      learnerId: sparse.id,
      course: { id: odd.id },
      data: { progressPercent: 10 },
    });
    await storeRaw(repo, 'badgeEarned', { timestamp: at(5), learnerId: sparse.id, data: null });

    const response = await h.http.get(`/api/learners/${sparse.id}`, { cookie: support });
    expect(response.status).toBe(200);
    const iso = (hours: number) => new Date(at(hours)).toISOString();
    const nothing = { enrolledAt: null, startedAt: null, completedAt: null, certificateAt: null };
    expect(response.body).toEqual({
      learner: sparse,
      total: 6,
      byKind: { courseEnrollment: 1, courseAction: 4 },
      firstEventAt: iso(0),
      lastEventAt: iso(5),
      courses: [
        {
          ...nothing,
          id: odd.id,
          title: 'Null\u0000 byte',
          events: 2,
          progressPercent: 10,
          lastEventAt: iso(4),
        },
        {
          ...nothing,
          id: quiet.id,
          title: '(no title in its events)',
          events: 3,
          enrolledAt: iso(0),
          startedAt: iso(2),
          progressPercent: null,
          lastEventAt: iso(2),
        },
      ],
      learningPaths: [],
    });

    // The timeline reads exactly this id: not the names or emails `learner` would also match.
    const page = await h.http.get(
      `/api/events?learnerId=${sparse.id}&kind=courseAction,courseEnrollment&limit=2`,
      { cookie: support },
    );
    expect(page.status).toBe(200);
    const body = page.body as { items: { event: { timestamp: number } }[]; pageInfo: unknown };
    expect(body.items.map((item) => item.event.timestamp)).toEqual([at(4), at(3)]);
    expect(body.pageInfo).toMatchObject({ hasMore: true });
    const byName = await h.http.get('/api/events?learnerId=noor&limit=5', { cookie: support });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ items: [], pageInfo: { hasMore: false } });
  });

  it('needs a console role', async () => {
    const signedOut = await h.http.get(`/api/learners/${LEARNER.id}`);
    expect(signedOut.status).toBe(401);
    const noRole = await h.sessionCookie('nobody@lectern.test', null);
    const refused = await h.http.get(`/api/learners/${LEARNER.id}`, { cookie: noRole });
    expect(refused.status).toBe(403);
  });
});
