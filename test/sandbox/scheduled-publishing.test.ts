// Scheduled publishing (spec 3): a pending course is published by the background worker once its
// futurePublishDate has come, within one tick; its group follows; dates that passed while the sandbox
// was stopped are published as it starts; a schedule cleared by setting the status is left alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../src/sandbox/app.ts';
import { createJobWorker } from '../../src/sandbox/services/jobs/job-worker.ts';
import { createScheduledPublishing } from '../../src/sandbox/services/jobs/scheduled-publishing.ts';
import { startSandbox, TEST_SECRET_KEY, type TestSandbox } from '../helpers/sandbox.ts';

const HOUR = 3_600_000;

async function createPending(s: TestSandbox, title: string, futurePublishDate: string) {
  const res = await s.api('POST', '/content/course/create', {
    courseAttributes: [{ title, kind: 'article', futurePublishDate }],
  });
  expect(res.status).toBe(200);
  return {
    courseId: res.body.courseIds[0] as string,
    groupId: res.body.courseGroupIds[0] as string,
  };
}

async function statuses(s: TestSandbox, groupId: string) {
  const group = await s.api('GET', `/courseGroups/${groupId}`);
  const courses = await s.api('GET', `/courseGroups/${groupId}/courses`);
  return {
    group: group.body.status as string,
    courses: (courses.body.courses as { status: string }[]).map((course) => course.status),
  };
}

describe('scheduled publishing while the sandbox runs', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startSandbox();
  });
  afterAll(() => s.close());

  it('publishes a pending course within one worker tick of its date; its group follows', async () => {
    const start = Date.now();
    const due = await createPending(s, 'Due soon', new Date(start + HOUR).toISOString());
    const later = await createPending(s, 'Due later', new Date(start + 3 * HOUR).toISOString());
    const cleared = await createPending(s, 'Cleared', new Date(start + HOUR).toISOString());
    // Clearing a schedule through update: the status is set, so the date no longer applies.
    const clear = await s.api('PUT', '/content/course/update', {
      courseAttributes: { courses: [{ id: cleared.courseId, status: 'draft' }] },
    });
    expect(clear.status).toBe(200);
    expect(await statuses(s, due.groupId)).toEqual({ group: 'pending', courses: ['pending'] });

    // Two hours pass: one tick publishes what fell due, and nothing else.
    // (A worker of its own, so the sandbox's running one, still at the real time, cannot do it.)
    const twoHoursLater = { ...s.sandbox.deps, now: () => Date.now() + 2 * HOUR };
    const worker = createJobWorker(twoHoursLater);
    worker.every(createScheduledPublishing(twoHoursLater).publishDue);
    worker.tick();
    expect(await statuses(s, due.groupId)).toEqual({ group: 'published', courses: ['published'] });
    expect(await statuses(s, later.groupId)).toEqual({ group: 'pending', courses: ['pending'] });

    // The sandbox's own running worker does the same on its timer.
    s.sandbox.deps.now = () => Date.now() + 4 * HOUR;
    await expect
      .poll(() => statuses(s, later.groupId), { interval: 10, timeout: 2_000 })
      .toEqual({ group: 'published', courses: ['published'] });
    expect(await statuses(s, cleared.groupId)).toEqual({ group: 'draft', courses: ['draft'] });
  });
});

describe('scheduled publishing across a stop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-schedule-'));
  const options = {
    dbFile: join(dir, 'sandbox.db'),
    host: '127.0.0.1',
    port: 0,
    seed: 'empty' as const,
    apiKey: TEST_SECRET_KEY,
    logLevel: 'silent' as const,
    activityPerMinute: 0,
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes, as it starts, a date that passed while the sandbox was stopped', async () => {
    const first = await startSandbox(options);
    const { courseId, groupId } = await createPending(
      first,
      'Due while stopped',
      new Date(Date.now() + HOUR).toISOString(),
    );
    await first.close();

    const second = await buildSandbox(options);
    try {
      second.deps.now = () => Date.now() + 2 * HOUR;
      const statusOf = () =>
        (
          second.db.prepare('SELECT status FROM courses WHERE id = ?').get(courseId) as {
            status: string;
          }
        ).status;
      expect(statusOf()).toBe('pending');
      await second.listen();
      // No wait: the worker's first tick runs as it starts.
      expect(statusOf()).toBe('published');
      const group = await second.app.inject({
        method: 'GET',
        url: `/incoming/v2/courseGroups/${groupId}`,
        headers: { authorization: `Bearer ${TEST_SECRET_KEY}` },
      });
      expect(group.json()).toMatchObject({ id: groupId, status: 'published' });
    } finally {
      await second.close();
    }
  });
});

describe('scheduled publishing: publishDue', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startSandbox();
  });
  afterAll(() => s.close());

  it('compares instants, whatever offset the date was written with', async () => {
    const { courseId } = await createPending(s, 'Offset', '2099-01-01T10:00:00+02:00');
    const publisher = createScheduledPublishing(s.sandbox.deps);
    expect(publisher.publishDue(Date.parse('2099-01-01T07:59:59.999Z'))).toEqual([]);
    expect(publisher.publishDue(Date.parse('2099-01-01T08:00:00.000Z'))).toEqual([courseId]);
    expect(publisher.publishDue(Date.parse('2099-01-02T00:00:00.000Z'))).toEqual([]);
  });
});
