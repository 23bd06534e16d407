// The one entry point of background jobs into the jobs tray.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { handOffBackgroundJob } from './job-handoff.ts';
import { jobsStore } from './jobs-store.ts';

const job = {
  id: 'job-1',
  type: 'contentBulkUpload',
  status: 'queued',
  contentUploads: [{ topicId: null, contentType: 'image' }],
};
const course = {
  courseGroupId: '11111111-1111-4111-8111-111111111111',
  courseId: '22222222-2222-4222-8222-222222222222',
  title: 'Intro',
};

describe('handOffBackgroundJob', () => {
  beforeEach(async () => {
    jobsStore.unload();
    await jobsStore.load(`someone-${Math.random()}@example.test`);
  });

  it('tracks the job of an answer that carries one, with its course when given', () => {
    handOffBackgroundJob({ success: true, backgroundJob: job }, course);
    expect(jobsStore.snapshot()).toMatchObject([
      { id: 'job-1', status: 'queued', uploads: job.contentUploads, result: course },
    ]);
    handOffBackgroundJob({
      courseIds: [],
      courseGroupIds: [],
      backgroundJob: { ...job, id: 'job-2' },
    });
    expect(jobsStore.snapshot().find((tracked) => tracked.id === 'job-2')).not.toHaveProperty(
      'result',
    );
  });

  it("tracks a bulk import's job, which uploads nothing, under the label of what queued it", () => {
    handOffBackgroundJob(
      { backgroundJob: { id: 'import-1', type: 'bulkImport', status: 'queued' } },
      undefined,
      'Import of webinar course groups',
    );
    expect(jobsStore.snapshot()).toMatchObject([
      {
        id: 'import-1',
        type: 'bulkImport',
        uploads: [],
        label: 'Import of webinar course groups',
      },
    ]);
  });

  it('ignores answers without a job, and a job it already tracks', () => {
    for (const answer of [true, { success: true }, 'text', null, { backgroundJob: { id: 1 } }])
      handOffBackgroundJob(answer);
    expect(jobsStore.snapshot()).toEqual([]);
    handOffBackgroundJob({ backgroundJob: job });
    handOffBackgroundJob({ backgroundJob: job }, course);
    expect(jobsStore.snapshot()).toHaveLength(1);
  });
});
