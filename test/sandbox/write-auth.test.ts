// Spec 5 on the write path: every 401 cause of 5.6 (empty body), and the accepted credentials.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { createKey, expectNoChange, putSettings } from './write-helpers.ts';

let s: TestSandbox;
let other: TestSandbox;
beforeAll(async () => {
  s = await startSandbox();
  other = await startSandbox({ apiKey: 'sk_other_instance_key_0000000' });
});
afterAll(async () => {
  await s.close();
  await other.close();
});

const createBody = { courseAttributes: [{ title: 'Auth', kind: 'microCourse' }] };
const updateBody = { courseAttributes: { courseGroups: [{ title: 'Auth via update' }] } };
const post = (
  headers: Record<string, string>,
  path = '/incoming/v2/content/course/create',
  body: unknown = createBody,
) => s.raw('POST', path, body, headers);
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function expect401(request: () => Promise<{ status: number; text: string }>) {
  const res = await expectNoChange(s, request);
  expect(res.status).toBe(401);
  expect(res.text).toBe('');
}

const jwtFor = (secret: string) =>
  new SignJWT({ sub: 'integration' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));

describe('401 causes (spec 5.6)', () => {
  it('missing header and no other credential', async () => {
    await expect401(() => post({}));
  });
  it('wrong key, and a header without a second word', async () => {
    await expect401(() => post(bearer('sk_wrong')));
    await expect401(() => post({ authorization: 'Bearer' }));
    await expect401(() => post({}, '/incoming/v2/content/course/create?secretKey=sk_wrong'));
  });
  it('revoked key', async () => {
    const key = await createKey(s, ['courses.new']);
    expect((await post(bearer(key))).status).toBe(200);
    const revoked = await s.raw('DELETE', `/sandbox/keys/${key}`, undefined, bearer(s.secretKey));
    expect(revoked.status).toBe(204);
    await expect401(() => post(bearer(key)));
  });
  it('a key of another instance', async () => {
    await expect401(() => post(bearer(other.secretKey)));
    const theirKey = (
      await other.raw(
        'POST',
        '/sandbox/keys',
        { permissions: ['courses.new'] },
        bearer(other.secretKey),
      )
    ).body.key;
    await expect401(() => post(bearer(theirKey)));
    await expect401(async () =>
      post({}, `/incoming/v2/content/course/create?jwt=${await jwtFor(other.secretKey)}`),
    );
  });
  it('API access not enabled for the instance (management stays open)', async () => {
    const key = await createKey(s, ['courses.new']);
    const settings = await putSettings(s, { apiAccessEnabled: false });
    expect(settings.apiAccessEnabled).toBe(false);
    try {
      await expect401(() => post(bearer(s.secretKey)));
      await expect401(() => post(bearer(key)));
      await expect401(async () =>
        post({}, `/incoming/v2/content/course/create?jwt=${await jwtFor(s.secretKey)}`),
      );
      await expect401(() => s.api('GET', '/courseGroups'));
    } finally {
      expect((await putSettings(s, { apiAccessEnabled: true })).apiAccessEnabled).toBe(true);
    }
    expect((await post(bearer(key))).status).toBe(200);
  });
  it('missing permission: courses.new for create, courses.edit for update and releaseContent', async () => {
    const editOnly = await createKey(s, ['courses.edit']);
    const newOnly = await createKey(s, ['courses.new']);
    await expect401(() => post(bearer(editOnly)));
    await expect401(() =>
      s.raw('PUT', '/incoming/v2/content/course/update', updateBody, bearer(newOnly)),
    );
    const created = await post(bearer(newOnly));
    expect(created.status).toBe(200);
    await expect401(() =>
      s.raw(
        'PUT',
        `/incoming/v2/content/${created.body.courseIds[0]}/releaseContent`,
        { kind: 'course', action: 'release' },
        bearer(newOnly),
      ),
    );
    expect(
      (await s.raw('PUT', '/incoming/v2/content/course/update', updateBody, bearer(editOnly)))
        .status,
    ).toBe(200);
    // A permissioned key never opens the management API.
    await expect401(() => s.raw('POST', '/sandbox/keys', { permissions: [] }, bearer(editOnly)));
  });
  it('a jwt signed with another secret, or malformed', async () => {
    await expect401(async () =>
      post(
        {},
        `/incoming/v2/content/course/create?jwt=${await jwtFor('not-the-secret-key-at-all')}`,
      ),
    );
    await expect401(() => post({}, '/incoming/v2/content/course/create?jwt=abc.def.ghi'));
  });
});

describe('accepted credentials (spec 5.1-5.3)', () => {
  it('Bearer takes the second word of the header', async () => {
    expect((await post({ authorization: `Bearer ${s.secretKey}` })).status).toBe(200);
    expect((await post({ authorization: `Token ${s.secretKey}` })).status).toBe(200);
  });
  it('secretKey in the JSON body or the query', async () => {
    expect((await post({}, undefined, { ...createBody, secretKey: s.secretKey })).status).toBe(200);
    const res = await s.raw(
      'PUT',
      `/incoming/v2/content/course/update?secretKey=${s.secretKey}`,
      updateBody,
    );
    expect([res.status, res.text]).toEqual([200, 'true']);
  });
  it('a jwt signed HS256 with the company secret key', async () => {
    const res = await post(
      {},
      `/incoming/v2/content/course/create?jwt=${await jwtFor(s.secretKey)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.courseIds).toHaveLength(1);
  });
});
