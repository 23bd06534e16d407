// Issue 24: GET /api/courses/{courseId}/checks over real HTTP, against a real sandbox and a local web
// server on 127.0.0.1 (allowed by LECTERN_URL_ALLOWLIST): a 404, a time-out, a redirect loop, a name that
// does not resolve and a good link, each fetched and reported exactly once however many topics use it;
// internal addresses are not fetched; 202 while the check runs, 200 with the report; every role reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckFinding } from '#contract/console/course-checks.ts';
import { startLinkServer, type LinkServer } from '../helpers/link-server.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { pollChecks } from './helpers/course-checks.ts';

// Long enough for a loaded machine to answer a local request, short enough to keep the test quick.
const TIMEOUT_MS = 1500;

const body = (links: LinkServer, extra = '') =>
  [
    `<p><a href="${links.url('/ok/page')}">the guide</a></p>`,
    `<p><a href="${links.url('/missing')}">the old price list</a></p>`,
    `<p><img src="${links.url('/slow/chart.png')}" alt="A chart"></p>`,
    `<p><a href="${links.url('/loop-a')}">the loop</a></p>`,
    `<p><a href="http://nowhere.invalid/page">the lost page</a></p>`,
    extra,
  ].join('');

describe('course checks API', () => {
  let h: Harness;
  let links: LinkServer;
  let admin: string;
  let courseId: string;

  beforeAll(async () => {
    links = await startLinkServer({ slowMs: 10_000 });
    h = await startHarness({
      env: {
        LECTERN_URL_ALLOWLIST: '127.0.0.1',
        LECTERN_LINK_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
        LECTERN_LINK_CHECK_CONCURRENCY: '4',
      },
    });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    const created = await h.sandbox.api('POST', '/content/course/create', {
      courseAttributes: [
        {
          title: 'Tea basics',
          kind: 'courseGroup',
          description: 'All about tea.',
          asset: links.url('/ok/thumb.png'),
          assetAltText: 'A cup',
          sections: [
            {
              title: 'Brewing',
              lessons: [
                {
                  title: 'Water',
                  openType: 'open',
                  topics: [
                    { title: 'Temperature', type: 'text', body: body(links) },
                    { title: 'Timing', type: 'text', body: body(links) },
                    {
                      title: 'Kettles',
                      type: 'text',
                      body: body(
                        links,
                        '<p><a href="http://metadata.lectern.test/latest">the metadata</a></p>',
                      ),
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(created.status).toBe(200);
    courseId = created.body.courseIds[0] as string;
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await links?.close();
  });

  it('answers 202 while it runs, then 200 with each bad link reported once, at every topic using it', async () => {
    const { report, statuses } = await pollChecks(h, courseId, admin);
    expect(statuses[0]).toBe(202);
    expect(statuses.at(-1)).toBe(200);
    const byRule = (rule: CheckFinding['rule']) => report.findings.filter((f) => f.rule === rule);
    const linkRows = report.findings
      .filter((f) => f.category === 'links')
      .map((f) => [f.rule, f.severity, f.url, f.item.title, f.alsoIn?.map((i) => i.title)]);
    expect(linkRows).toEqual([
      ['linkBroken', 'error', links.url('/missing'), 'Temperature', ['Timing', 'Kettles']],
      ['linkRedirectLoop', 'error', links.url('/loop-a'), 'Temperature', ['Timing', 'Kettles']],
      [
        'linkUnresolved',
        'error',
        'http://nowhere.invalid/page',
        'Temperature',
        ['Timing', 'Kettles'],
      ],
      [
        'linkTimeout',
        'warning',
        links.url('/slow/chart.png'),
        'Temperature',
        ['Timing', 'Kettles'],
      ],
      ['linkInternal', 'note', 'http://metadata.lectern.test/latest', 'Kettles', undefined],
    ]);
    expect(byRule('linkBroken')[0]!.message).toBe('Broken: the server answers 404 Not Found.');
    expect(byRule('linkRedirectLoop')[0]!.message).toBe(
      `The address redirects in a loop (${links.url('/loop-a')} → ${links.url('/loop-b')} → ${links.url('/loop-a')}).`,
    );
    expect(byRule('linkUnresolved')[0]!.message).toBe(
      'The name nowhere.invalid does not resolve: the link leads nowhere.',
    );
    expect(byRule('linkTimeout')[0]!.message).toBe(`No answer within ${TIMEOUT_MS / 1000} s.`);
    expect(byRule('linkInternal')[0]!.message).toBe(
      'Not checked (internal address): its host metadata.lectern.test leads to 169.254.169.254, a cloud metadata service address.',
    );
    // The item and its place in the outline.
    expect(byRule('linkBroken')[0]!.item).toMatchObject({
      kind: 'topic',
      title: 'Temperature',
      place: 'Section 1, lesson 1, topic 1',
      topicType: 'text',
    });
    // One request per distinct URL, however many topics use it: HEAD, nothing else.
    expect(Object.fromEntries(links.requests)).toEqual({
      'HEAD /ok/thumb.png': 1,
      'HEAD /ok/page': 1,
      'HEAD /missing': 1,
      'HEAD /slow/chart.png': 1,
      'HEAD /loop-a': 1,
      'HEAD /loop-b': 1,
    });
    expect(report.links).toEqual({
      distinct: 7,
      fetched: 7,
      concurrency: 4,
      timeoutMs: TIMEOUT_MS,
    });
    expect(report.counts).toEqual({
      error: report.findings.filter((f) => f.severity === 'error').length,
      warning: report.findings.filter((f) => f.severity === 'warning').length,
      note: report.findings.filter((f) => f.severity === 'note').length,
    });
    expect(report.findings.map((f) => f.severity)).toEqual(
      [...report.findings.map((f) => f.severity)].sort(
        (a, b) => ['error', 'warning', 'note'].indexOf(a) - ['error', 'warning', 'note'].indexOf(b),
      ),
    );
  });

  it('answers the same report again without fetching anything while the course is unchanged', async () => {
    const before = new Map(links.requests);
    const response = await h.http.get(`/api/courses/${courseId}/checks`, { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.body.state).toBe('done');
    expect(links.requests).toEqual(before);
  });

  it('checks again after the course changes, fetching only what the cache does not know', async () => {
    const structure = await h.sandbox.api('GET', `/courses/${courseId}/structure`);
    const topic = structure.body.sections[0].lessons[0].topics[0];
    const update = await h.sandbox.api('PUT', '/content/course/update', {
      courseAttributes: {
        topics: [
          { id: topic.id, body: `<p><a href="${links.url('/head-refused')}">the form</a></p>` },
        ],
      },
    });
    expect(update.status).toBe(200);
    const { report } = await pollChecks(h, courseId, admin);
    expect(report.links.fetched).toBe(1);
    // HEAD was refused (405), so the checker asked with GET: the link is fine.
    expect(links.requests.get('HEAD /head-refused')).toBe(1);
    expect(links.requests.get('GET /head-refused')).toBe(1);
    expect(report.findings.some((f) => f.url === links.url('/head-refused'))).toBe(false);
    expect(report.findings.find((f) => f.rule === 'linkBroken')!.item.title).toBe('Timing');
  });

  it('fetches failed links again when asked to check again', async () => {
    const before = links.requests.get('HEAD /missing');
    const { report } = await pollChecks(h, courseId, admin, '?refresh=true');
    expect(links.requests.get('HEAD /missing')).toBe(before! + 1);
    expect(links.requests.get('HEAD /ok/page')).toBe(1);
    // The four failures and the internal address, not the good links.
    expect(report.links.fetched).toBe(5);
  });

  it('is read by every role; refused without a role or a session; names a missing course', async () => {
    for (const role of ['contentManager', 'support'] as const) {
      const cookie = await h.sessionCookie(`${role}@lectern.test`, role);
      const response = await h.http.get(`/api/courses/${courseId}/checks`, { cookie });
      expect(response.status).toBe(200);
    }
    const nobody = await h.sessionCookie('nobody@lectern.test', null);
    expect((await h.http.get(`/api/courses/${courseId}/checks`, { cookie: nobody })).status).toBe(
      403,
    );
    const anonymous = await h.http.get(`/api/courses/${courseId}/checks`);
    expect(anonymous.status).toBe(401);
    const missing = await h.http.get('/api/courses/00000000-0000-4000-8000-000000000000/checks', {
      cookie: admin,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'not_found',
      message: 'No course has this id on the learning instance.',
    });
    const bad = await h.http.get('/api/courses/not-a-uuid/checks', { cookie: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'bad_request',
      message: 'courseId: must be a course id (UUID)',
    });
  });
});
