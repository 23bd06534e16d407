// Background jobs (spec 2.8, 3, 7.2) and releaseContent (spec 4.4, 3).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateCoursesResponse, Job, MESSAGES, UpdateCoursesResponse } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import {
  coursesOf,
  create,
  createCompany,
  group,
  putSettings,
  rowCounts,
  structure,
  update,
  waitFor,
} from './write-helpers.ts';

let s: TestSandbox;
beforeAll(async () => {
  s = await startSandbox({ jobDelayMs: 40 });
});
afterAll(() => s.close());

const job = async (id: string, key?: string) => s.api('GET', `/jobs/${id}`, undefined, key);
const finished = (res: { body: { status: string } }) =>
  res.body.status === 'completed' || res.body.status === 'failed';

describe('job lifecycle', () => {
  it('queued at once, then processing, then completed', async () => {
    await putSettings(s, { jobDelayMs: 400 });
    const created = await create(s, [
      { title: 'Pkg', kind: 'shareableContentObject', scormUrl: 'https://cdn.example/p.zip' },
    ]);
    expect(CreateCoursesResponse.safeParse(created).success).toBe(true);
    const jobId = created.backgroundJob!.id;
    const first = await job(jobId);
    expect(first.status).toBe(200);
    expect(Job.safeParse(first.body).error).toBeUndefined();
    expect(first.body).toEqual({
      id: jobId,
      type: 'contentBulkUpload',
      status: 'queued',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      completedAt: null,
      failureReason: null,
      contentUploads: [
        {
          topicId: created.backgroundJob!.contentUploads[0] && expect.any(String),
          contentType: 'scorm',
          courseId: created.courseIds[0],
          url: 'https://cdn.example/p.zip',
          status: 'queued',
          error: null,
        },
      ],
    });
    const processing = await waitFor(
      () => job(jobId),
      (r) => r.body.status !== 'queued',
    );
    expect(processing.body.status).toBe('processing');
    expect(processing.body.contentUploads[0].status).toBe('processing');
    const done = await waitFor(() => job(jobId), finished);
    expect(done.body).toMatchObject({
      status: 'completed',
      failureReason: null,
      completedAt: expect.any(String),
    });
    expect(done.body.contentUploads[0]).toMatchObject({ status: 'completed', error: null });
    // The content keeps the URL it was given.
    const [course] = await coursesOf(s, created.courseGroupIds[0]!);
    expect(course!.scormUrl).toBe('https://cdn.example/p.zip');
    await putSettings(s, { jobDelayMs: 40 });
  });

  it('an upload from an .invalid host fails the job with the reason', async () => {
    const created = await create(s, [
      {
        title: 'Bad tile',
        kind: 'microCourse',
        asset: 'https://files.invalid/tile.png',
        detailAsset: 'https://cdn.example/ok.png',
      },
    ]);
    const done = await waitFor(() => job(created.backgroundJob!.id), finished);
    expect(done.body.status).toBe('failed');
    expect(done.body.failureReason).toBe(
      'Could not fetch https://files.invalid/tile.png: host not found',
    );
    expect(done.body.contentUploads.map((u: { status: string }) => u.status)).toEqual([
      'failed',
      'completed',
    ]);
    expect((await group(s, created.courseGroupIds[0]!)).asset).toBe(
      'https://files.invalid/tile.png',
    );
  });

  it('jobFailureRate fails a share of uploads', async () => {
    await putSettings(s, { jobFailureRate: 1 });
    const created = await create(s, [
      { title: 'Unlucky', kind: 'video', videoUrl: 'https://cdn.example/v.mp4' },
    ]);
    const done = await waitFor(() => job(created.backgroundJob!.id), finished);
    expect(done.body.status).toBe('failed');
    expect(done.body.failureReason).toMatch(/^Could not fetch https:\/\/cdn\.example\/v\.mp4: /);
    await putSettings(s, { jobFailureRate: 0 });
  });

  it('unknown and foreign job ids answer 404', async () => {
    const unknown = await job('no-such-job');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: ['Job no-such-job not found'] });
    const created = await create(s, [
      { title: 'Mine', kind: 'video', videoUrl: 'https://cdn.example/v.mp4' },
    ]);
    const other = await createCompany(s, 'Job Peeker');
    expect((await job(created.backgroundJob!.id, other.secretKey)).status).toBe(404);
  });
});

/** Lets every pending job finish now. */
async function drainJobs() {
  const pending = () =>
    (
      s.sandbox.db
        .prepare(`SELECT COUNT(*) AS n FROM jobs WHERE status IN ('queued', 'processing')`)
        .get() as { n: number }
    ).n;
  // Delay first: a tick between the two steps would otherwise schedule with the old delay.
  await putSettings(s, { jobDelayMs: 0 });
  s.sandbox.db.prepare('UPDATE jobs SET run_after_ms = 0').run();
  await waitFor(
    async () => pending(),
    (n) => n === 0,
  );
  expect(pending()).toBe(0);
}

describe('pending-job limit', () => {
  it('create: 400 with the message, the course exists, no job queued; update likewise', async () => {
    await drainJobs();
    await putSettings(s, { pendingJobLimit: 1, jobDelayMs: 600_000 });
    const first = await create(s, [
      { title: 'Queued', kind: 'video', videoUrl: 'https://cdn.example/1.mp4' },
    ]);
    expect(first.backgroundJob).toBeDefined();

    const before = rowCounts(s);
    const res = await s.api('POST', '/content/course/create', {
      courseAttributes: [
        { title: 'Over limit', kind: 'video', videoUrl: 'https://cdn.example/2.mp4' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([MESSAGES.tooManyPendingJobs(1)]);
    expect(res.body.errors[0]).toMatch(/^Too many pending background jobs/);
    const after = rowCounts(s);
    expect(after.course_groups).toBe(before.course_groups! + 1);
    expect(after.jobs).toBe(before.jobs);
    const tree = await structure(s, res.body.courseIds[0]);
    expect(tree.sections[0].lessons[0].topics[0].videoUrl).toBe('https://cdn.example/2.mp4');

    // Content without files is not limited.
    expect(
      (
        await s.api('POST', '/content/course/create', {
          courseAttributes: [{ title: 'No files', kind: 'microCourse' }],
        })
      ).status,
    ).toBe(200);

    const topicId = tree.sections[0].lessons[0].topics[0].id;
    const retry = await update(s, {
      topics: [{ id: topicId, title: 'Retitled', videoUrl: 'https://cdn.example/3.mp4' }],
    });
    expect(retry.status).toBe(400);
    expect(retry.body).toEqual({ errors: [MESSAGES.tooManyPendingJobs(1)] });
    expect((await structure(s, res.body.courseIds[0])).sections[0].lessons[0].topics[0].title).toBe(
      'Retitled',
    );
    expect(rowCounts(s).jobs).toBe(before.jobs);

    // Once the pending job finishes, the file part can be retried through update.
    await drainJobs();
    const ok = await update(s, {
      topics: [{ id: topicId, videoUrl: 'https://cdn.example/3.mp4' }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.backgroundJob.contentUploads).toEqual([{ topicId, contentType: 'video' }]);
    expect(UpdateCoursesResponse.safeParse(ok.body).success).toBe(true);
    await putSettings(s, { pendingJobLimit: 50, jobDelayMs: 40 });
  });
});

describe('releaseContent', () => {
  const release = (id: string, kind: string, action: string, key?: string) =>
    s.api('PUT', `/content/${id}/releaseContent`, { kind, action }, key);

  it('release publishes, unrelease drafts; the group follows its display course', async () => {
    const created = await create(s, [{ title: 'Releasable', kind: 'microCourse' }]);
    const [courseId, groupId] = [created.courseIds[0]!, created.courseGroupIds[0]!];
    const up = await release(courseId, 'course', 'release');
    expect([up.status, up.body]).toEqual([200, { id: courseId, status: 'published' }]);
    expect((await group(s, groupId)).status).toBe('published');
    const down = await release(courseId, 'course', 'unrelease');
    expect(down.body).toEqual({ id: courseId, status: 'draft' });
    expect((await group(s, groupId)).status).toBe('draft');
  });

  it('a pending course is published by release', async () => {
    const created = await create(s, [
      { title: 'Scheduled', kind: 'microCourse', futurePublishDate: '2032-01-01T00:00:00Z' },
    ]);
    expect((await coursesOf(s, created.courseGroupIds[0]!))[0]!.status).toBe('pending');
    await release(created.courseIds[0]!, 'course', 'release');
    expect((await coursesOf(s, created.courseGroupIds[0]!))[0]!.status).toBe('published');
  });

  it('learning paths are released too', async () => {
    const id = randomUUID();
    const at = new Date().toISOString();
    s.sandbox.db
      .prepare(
        `INSERT INTO learning_paths (id, company_id, title, slug, status, created_at, updated_at)
         VALUES (?, ?, 'Path', ?, 'draft', ?, ?)`,
      )
      .run(id, s.sandbox.company.id, `path-${id}`, at, at);
    expect((await release(id, 'learningPath', 'release')).body).toEqual({
      id,
      status: 'published',
    });
    expect((await release(id, 'learningPath', 'unrelease')).body).toEqual({ id, status: 'draft' });
  });

  it('404 for an unknown id of that kind, or another company’s; 400 for a bad body', async () => {
    const created = await create(s, [{ title: 'Kinds differ', kind: 'microCourse' }]);
    const unknown = randomUUID();
    const res = await release(unknown, 'course', 'release');
    expect([res.status, res.body]).toEqual([404, { errors: [`Course ${unknown} not found`] }]);
    const asPath = await release(created.courseIds[0]!, 'learningPath', 'release');
    expect(asPath.status).toBe(404);
    expect(asPath.body.errors).toEqual([`Learning path ${created.courseIds[0]} not found`]);
    const other = await createCompany(s, 'Releaser');
    expect(
      (await release(created.courseIds[0]!, 'course', 'release', other.secretKey)).status,
    ).toBe(404);
    const bad = await release(created.courseIds[0]!, 'course', 'publish');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^action: /);
  });
});
