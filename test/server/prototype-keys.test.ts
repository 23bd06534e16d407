// Issue 20, finding 5: `{"courseAttributes":[{"title":"x","__proto__":{"status":"published"}}]}` passed
// the content manager's role check and was forwarded: the key is an own property the check never reads.
// Keys named __proto__, constructor and prototype are refused with a 400 that says where, by the proxy
// and by the console's own routes (the sandbox: test/sandbox/prototype-keys.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_MESSAGES } from '../../src/contract/index.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

const CREATE = '/api/v2/content/course/create';

describe('prototype keys in bodies (finding 5)', () => {
  let h: Harness;
  let manager: string;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness();
    manager = await h.sessionCookie('manager@lectern.test', 'contentManager');
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(() => h.close());

  const cases: [string, string][] = [
    [
      '{"courseAttributes":[{"title":"x","kind":"courseGroup","__proto__":{"status":"published"}}]}',
      'courseAttributes[0].__proto__',
    ],
    [
      '{"courseAttributes":[{"title":"x","kind":"courseGroup","constructor":{"prototype":{"status":"published"}}}]}',
      'courseAttributes[0].constructor',
    ],
    ['{"prototype":{"status":"published"},"courseAttributes":[]}', 'prototype'],
    [
      '{"courseAttributes":[{"title":"x","kind":"courseGroup","customFields":{"a":[{"__proto__":1}]}}]}',
      'courseAttributes[0].customFields.a[0].__proto__',
    ],
  ];

  it("a content manager's create with such a key is a 400, and nothing is forwarded", async () => {
    const before = h.upstreamRequests.length;
    for (const [body, at] of cases) {
      const response = await h.http.post(CREATE, {
        cookie: manager,
        headers: { 'content-type': 'application/json' },
        rawBody: body,
      });
      expect(response.status, body).toBe(400);
      expect(response.body).toEqual({
        error: 'bad_request',
        message: WRITE_MESSAGES.prototypeKey(at),
      });
    }
    expect(h.upstreamRequests.length).toBe(before);
    const rows = await h.server.store.db
      .selectFrom('audit_log')
      .select(['status', 'refusal', 'user_email as user'])
      .where('operation', '=', 'createCourses')
      .orderBy('seq')
      .execute();
    expect(rows[0]).toEqual({
      status: 400,
      refusal: WRITE_MESSAGES.prototypeKey('courseAttributes[0].__proto__'),
      user: 'manager@lectern.test',
    });
  });

  it("an admin's too", async () => {
    const response = await h.http.post(CREATE, {
      cookie: admin,
      headers: { 'content-type': 'application/json' },
      rawBody: cases[0]![0],
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      WRITE_MESSAGES.prototypeKey('courseAttributes[0].__proto__'),
    );
  });

  it("the console's own routes refuse them the same way", async () => {
    for (const [body, at] of [
      ['{"email":"a@b.test","password":"x","__proto__":{"admin":true}}', '__proto__'],
      ['{"email":"a@b.test","password":"x","constructor":1}', 'constructor'],
    ]) {
      const response = await h.http.post('/api/session', {
        headers: { 'content-type': 'application/json' },
        rawBody: body,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'bad_request',
        message: WRITE_MESSAGES.prototypeKey(at!),
      });
    }
    const role = await h.http.put('/api/roles/someone%40lectern.test', {
      cookie: admin,
      headers: { 'content-type': 'application/json' },
      rawBody: '{"role":"support","prototype":{}}',
    });
    expect(role.status).toBe(400);
    expect(role.body.message).toBe(WRITE_MESSAGES.prototypeKey('prototype'));
  });

  it('ordinary keys that merely contain the words pass', async () => {
    const response = await h.http.post(CREATE, {
      cookie: manager,
      body: { courseAttributes: [{ title: 'constructor prototype', kind: 'courseGroup' }] },
    });
    expect(response.status).toBe(200);
  });
});
