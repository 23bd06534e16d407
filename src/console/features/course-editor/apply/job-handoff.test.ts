// The editor's handoff of background jobs to the jobs tray: each job is tracked as its answer arrives,
// with the course it belongs to (from a create answer, or the course being edited).
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobHandoff } from './job-handoff.ts';
import { jobsStore } from '../../../lib/jobs-store.ts';

const GROUP_A = '11111111-1111-4111-8111-111111111111';
const COURSE_A = '22222222-2222-4222-8222-222222222222';
const GROUP_B = '33333333-3333-4333-8333-333333333333';
const COURSE_B = '44444444-4444-4444-8444-444444444444';
const CREATE = { method: 'POST', path: '/content/course/create', body: {} } as const;
const UPDATE = { method: 'PUT', path: '/content/course/update', body: {} } as const;

const job = (id: string, courseId?: string) => ({
  id,
  type: 'contentBulkUpload',
  status: 'queued',
  contentUploads: [{ topicId: null, contentType: 'image', ...(courseId && { courseId }) }],
});
const tracked = (id: string) => jobsStore.snapshot().find((j) => j.id === id);

describe('jobHandoff', () => {
  beforeEach(async () => {
    jobsStore.unload();
    await jobsStore.load(`editor-${Math.random()}@example.test`);
  });

  it('links a create job to the course its uploads name, and a later update job to the same', () => {
    const onAnswer = jobHandoff({}, () => 'New course');
    onAnswer(CREATE, {
      courseIds: [COURSE_A, COURSE_B],
      courseGroupIds: [GROUP_A, GROUP_B],
      backgroundJob: job('job-1', COURSE_B),
    });
    expect(tracked('job-1')?.result).toEqual({
      courseGroupId: GROUP_B,
      courseId: COURSE_B,
      title: 'New course',
    });
    onAnswer(UPDATE, { success: true, backgroundJob: job('job-2') });
    expect(tracked('job-2')?.result).toEqual(tracked('job-1')?.result);
  });

  it('links an update job to the course being edited; answers without a job track nothing', () => {
    const onAnswer = jobHandoff({ courseGroupId: GROUP_A, courseId: COURSE_A }, () => 'Edited');
    onAnswer(UPDATE, true);
    expect(jobsStore.snapshot()).toEqual([]);
    onAnswer(UPDATE, { success: true, backgroundJob: job('job-3') });
    expect(tracked('job-3')).toMatchObject({
      status: 'queued',
      uploads: [{ topicId: null, contentType: 'image' }],
      result: { courseGroupId: GROUP_A, courseId: COURSE_A, title: 'Edited' },
    });
  });

  it('tracks a job without a link when the course is not known', () => {
    jobHandoff({}, () => 'Unknown')(UPDATE, { success: true, backgroundJob: job('job-4') });
    expect(tracked('job-4')).toBeDefined();
    expect(tracked('job-4')).not.toHaveProperty('result');
  });
});
