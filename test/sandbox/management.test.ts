// The sandbox management API (/sandbox/*): keys, users, tags, companies, settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_MESSAGES } from '#contract/index.ts';
import { verifyPassword } from '../../src/sandbox/lib/password.ts';
import { DEFAULT_SETTINGS } from '../../src/sandbox/settings.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { create } from './write-helpers.ts';

let s: TestSandbox;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const manage = (method: string, path: string, body?: unknown, key = s.secretKey) =>
  s.raw(method, path, body, key === '' ? {} : { authorization: `Bearer ${key}` });

describe('authentication', () => {
  it('needs the company secret key', async () => {
    for (const key of ['', 'sk_wrong']) {
      const res = await manage('POST', '/sandbox/tags', { name: 'x' }, key);
      expect([res.status, res.text]).toEqual([401, '']);
    }
  });
});

describe('POST /sandbox/keys, DELETE /sandbox/keys/{key}', () => {
  it('creates a permissioned key that works, and revokes it', async () => {
    const res = await manage('POST', '/sandbox/keys', {
      permissions: ['courses.edit', 'courses.new'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      key: expect.stringMatching(/^pk_/),
      permissions: ['courses.edit', 'courses.new'],
    });
    expect((await s.api('GET', '/courseGroups', undefined, res.body.key)).status).toBe(200);
    const del = await manage('DELETE', `/sandbox/keys/${res.body.key}`);
    expect([del.status, del.text]).toEqual([204, '']);
    expect((await s.api('GET', '/courseGroups', undefined, res.body.key)).status).toBe(401);
    const again = await manage('DELETE', `/sandbox/keys/${res.body.key}`);
    expect(again.status).toBe(404);
  });
  it('rejects unknown permissions', async () => {
    const res = await manage('POST', '/sandbox/keys', { permissions: ['courses.delete'] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(/^permissions\[0\]: /);
    expect((await manage('POST', '/sandbox/keys', {})).status).toBe(400);
  });
});

describe('POST /sandbox/users', () => {
  it('creates a user with a salted scrypt hash', async () => {
    const res = await manage('POST', '/sandbox/users', {
      email: 'ada@example.test',
      password: 'correct horse',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      createdAt: expect.any(String),
    });
    const row = s.sandbox.db
      .prepare('SELECT password_hash FROM users WHERE id = ?')
      .get(res.body.id) as { password_hash: string };
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', row.password_hash)).toBe(true);
    expect(await verifyPassword('wrong horse', row.password_hash)).toBe(false);
  });
  it('409 for an email already taken (case-insensitive)', async () => {
    const body = {
      email: 'Grace@Example.test',
      password: 'hopper123',
      firstName: 'Grace',
      lastName: 'Hopper',
    };
    expect((await manage('POST', '/sandbox/users', body)).status).toBe(201);
    const res = await manage('POST', '/sandbox/users', { ...body, email: 'grace@example.test' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errors: [WRITE_MESSAGES.emailTaken('grace@example.test')] });
  });
  it('400 with every problem', async () => {
    const res = await manage('POST', '/sandbox/users', {
      email: 'nope',
      password: 'short',
      firstName: '',
      lastName: 'X',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      'email: email must be a valid email address',
      'password: password must be at least 8 characters',
      'firstName: firstName must not be empty',
    ]);
  });
});

describe('POST /sandbox/tags', () => {
  it('creates a tag usable in create', async () => {
    const res = await manage('POST', '/sandbox/tags', { name: '  Leadership ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Leadership' });
    const created = await create(s, [
      { title: 'Tagged', kind: 'microCourse', tagIds: [res.body.id] },
    ]);
    expect(created.courseIds).toHaveLength(1);
    expect((await manage('POST', '/sandbox/tags', { name: '' })).status).toBe(400);
  });
});

describe('POST /sandbox/companies', () => {
  it('creates an isolated company with its own secret key', async () => {
    const res = await manage('POST', '/sandbox/companies', { name: 'Second Co' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Second Co',
      secretKey: expect.stringMatching(/^sk_/),
    });
    const theirs = await create(s, [{ title: 'Theirs', kind: 'microCourse' }], res.body.secretKey);
    expect((await s.api('GET', `/courseGroups/${theirs.courseGroupIds[0]}`)).status).toBe(404);
    expect(
      (
        await s.api(
          'GET',
          `/courseGroups/${theirs.courseGroupIds[0]}`,
          undefined,
          res.body.secretKey,
        )
      ).status,
    ).toBe(200);
  });
});

describe('PUT /sandbox/settings', () => {
  it('applies and returns the effective settings', async () => {
    const res = await manage('PUT', '/sandbox/settings', {
      pendingJobLimit: 7,
      jobDelayMs: 10,
      jobFailureRate: 0.5,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...DEFAULT_SETTINGS,
      jobDelayMs: 10,
      pendingJobLimit: 7,
      jobFailureRate: 0.5,
      apiAccessEnabled: true,
    });
    expect(s.sandbox.deps.settings.get().pendingJobLimit).toBe(7);
    const read = await manage('GET', '/sandbox/settings');
    expect(read.body).toEqual(res.body);
    await manage('PUT', '/sandbox/settings', { jobFailureRate: 0, pendingJobLimit: 50 });
  });
  it('rejects bad values and unknown fields, changing nothing', async () => {
    const res = await manage('PUT', '/sandbox/settings', {
      pendingJobLimit: -1,
      bogus: true,
      apiAccessEnabled: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(2);
    expect(res.body.errors.join('\n')).toMatch(/pendingJobLimit/);
    expect((await manage('GET', '/sandbox/settings')).body.apiAccessEnabled).toBe(true);
  });
});
