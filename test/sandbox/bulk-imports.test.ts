// The four bulk imports of spec 4.4: each queues a `bulkImport` background job that imports webinar
// or in-person-event course groups or sessions from a JSON file; a bad file imports nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { waitFor } from './write-helpers.ts';

let s: TestSandbox;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

describe('bulk imports (background jobs)', () => {
  const dataUrl = (rows: unknown) =>
    `data:application/json,${encodeURIComponent(JSON.stringify(rows))}`;
  const base64Url = (rows: unknown) =>
    `data:application/json;base64,${Buffer.from(JSON.stringify(rows)).toString('base64')}`;
  const finished = (jobId: string) =>
    waitFor(
      () => s.api('GET', `/jobs/${jobId}`),
      (res) => res.body.status === 'completed' || res.body.status === 'failed',
    );
  const startImport = async (path: string, bulkImportAssetPath: string) => {
    const res = await s.api('POST', path, { bulkImportAssetPath });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      backgroundJob: { id: expect.any(String), type: 'bulkImport', status: 'queued' },
    });
    return (await finished(res.body.backgroundJob.id)).body;
  };
  const groupsOfKind = async (kind: string) =>
    (await s.api('GET', `/courseGroups?kind=${kind}&perPage=500`)).body.courseGroups as {
      id: string;
      title: string;
      courseCount: number;
    }[];

  it('webinar and in-person course groups, then sessions into them', async () => {
    const webinar = await startImport(
      '/content/courseGroup/webinar/bulk',
      dataUrl([
        {
          title: 'Live: Roadmap',
          startDate: '2031-01-10T16:00:00Z',
          meetingUrl: 'https://meet.example.test/1',
          status: 'published',
        },
        { title: 'Live: Q&A', startDate: '2031-02-10T16:00:00Z', sku: 'WEB-2' },
      ]),
    );
    expect(webinar).toMatchObject({ type: 'bulkImport', status: 'completed', failureReason: null });
    const webinars = await groupsOfKind('webinar');
    expect(webinars.map((g) => g.title)).toEqual(['Live: Roadmap', 'Live: Q&A']);
    const course = (await s.api('GET', `/courseGroups/${webinars[0]!.id}/displayCourse`)).body;
    expect(course).toMatchObject({
      kind: 'webinar',
      status: 'published',
      courseStartDate: '2031-01-10T16:00:00Z',
      customFields: { meetingUrl: 'https://meet.example.test/1' },
    });

    const inPerson = await startImport(
      '/content/courseGroup/inPersonEvent/bulk',
      base64Url([{ title: 'Workshop Berlin', startDate: '2031-03-01', location: 'Berlin' }]),
    );
    expect(inPerson.status).toBe('completed');
    const [workshop] = await groupsOfKind('inPersonEvent');

    const sessions = await startImport(
      '/content/session/webinar/bulk',
      dataUrl([
        { courseGroupId: webinars[0]!.id, startDate: '2031-04-01T16:00:00Z' },
        { courseGroupId: webinars[0]!.id, title: 'Encore', startDate: '2031-05-01T16:00:00Z' },
      ]),
    );
    expect(sessions.status).toBe('completed');
    const titles = (
      await s.api('GET', `/courseGroups/${webinars[0]!.id}/courses`)
    ).body.courses.map((c: { title: string }) => c.title);
    expect(titles).toEqual(['Live: Roadmap', 'Live: Roadmap (2031-04-01)', 'Encore']);
    const inPersonSessions = await startImport(
      '/content/session/inPersonEvent/bulk',
      dataUrl([{ courseGroupId: workshop!.id, startDate: '2031-06-01' }]),
    );
    expect(inPersonSessions.status).toBe('completed');
    expect((await s.api('GET', `/courseGroups/${workshop!.id}`)).body.courseCount).toBe(2);
  });

  it('a file with bad rows fails the job, naming the rows, and imports nothing', async () => {
    const before = (await groupsOfKind('webinar')).length;
    const job = await startImport(
      '/content/courseGroup/webinar/bulk',
      dataUrl([
        { title: 'Fine', startDate: '2031-01-01' },
        { title: '', startDate: 'soon' },
      ]),
    );
    expect(job.status).toBe('failed');
    expect(job.failureReason).toBe(
      'Row 2: title: title must not be empty; startDate: must be an ISO 8601 date',
    );
    expect((await groupsOfKind('webinar')).length).toBe(before);

    const [inPersonGroup] = await groupsOfKind('inPersonEvent');
    const wrongKind = await startImport(
      '/content/session/webinar/bulk',
      dataUrl([{ courseGroupId: inPersonGroup!.id, startDate: '2031-01-01' }]),
    );
    expect(wrongKind.failureReason).toBe(
      `Course groups not found or not of kind webinar: ${inPersonGroup!.id}`,
    );
    const sku = await startImport(
      '/content/courseGroup/webinar/bulk',
      dataUrl([{ title: 'Dup', startDate: '2031-01-01', sku: 'WEB-2' }]),
    );
    expect(sku.failureReason).toBe(MESSAGES.duplicateSku('WEB-2'));
    const notJson = await startImport(
      '/content/courseGroup/webinar/bulk',
      'data:application/json,{oops',
    );
    expect(notJson.failureReason).toBe('The import file is not valid JSON');
    expect((await groupsOfKind('webinar')).length).toBe(before);
  });

  it('remote files: the sandbox fetches nothing; .invalid hosts fail', async () => {
    expect(
      (
        await startImport(
          '/content/courseGroup/webinar/bulk',
          'https://files.example.test/import.json',
        )
      ).status,
    ).toBe('completed');
    const failed = await startImport(
      '/content/courseGroup/webinar/bulk',
      'https://files.invalid/import.json',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'Could not fetch https://files.invalid/import.json: host not found',
    });
  });

  it('rejects a missing or non-URL bulkImportAssetPath with 400', async () => {
    for (const body of [{}, { bulkImportAssetPath: 'ftp://x/y' }]) {
      const res = await s.api('POST', '/content/session/inPersonEvent/bulk', body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatch(/^bulkImportAssetPath: /);
    }
  });
});
