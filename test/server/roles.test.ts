// Roles: the admin API behind the roles page, LECTERN_ADMINS and demo bootstrap, and the CLI.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '../../src/server/auth/roles-service.ts';
import { runCli } from '../../src/server/cli.ts';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { DEMO_STAFF } from '../helpers/demo-accounts.ts';
import { ENGINES, testDatabaseUrl } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

describe.each(ENGINES)('roles API (%s)', (engine) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness({
      engine,
      env: { LECTERN_ADMINS: 'Boot@Lectern.test, second@lectern.test' },
    });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  it('lists grants, including the LECTERN_ADMINS bootstrap', async () => {
    const response = await h.http.get('/api/roles', { cookie: admin });
    expect(response.status).toBe(200);
    const byEmail = Object.fromEntries(
      response.body.roles.map((grant: { email: string }) => [grant.email, grant]),
    );
    expect(byEmail['boot@lectern.test']).toMatchObject({
      role: 'admin',
      source: 'env',
      grantedBy: null,
    });
    expect(byEmail['second@lectern.test']).toMatchObject({ role: 'admin', source: 'env' });
    expect(Object.keys(response.body.available)).toEqual(['admin', 'contentManager', 'support']);
  });

  it('grants, changes and revokes a role; the change applies to live sessions at once', async () => {
    const person = await h.sessionCookie('person@lectern.test', null);
    expect((await h.http.get('/api/v2/tags', { cookie: person })).status).toBe(403);

    const granted = await h.http.put('/api/roles/Person@Lectern.test', {
      cookie: admin,
      body: { role: 'support' },
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      email: 'person@lectern.test',
      role: 'support',
      source: 'console',
      grantedBy: 'admin@lectern.test',
      grantedAt: expect.any(String),
    });
    expect((await h.http.get('/api/v2/tags', { cookie: person })).status).toBe(200);
    expect((await h.http.get('/api/roles', { cookie: person })).status).toBe(403);

    await h.http.put('/api/roles/person@lectern.test', { cookie: admin, body: { role: 'admin' } });
    expect((await h.http.get('/api/roles', { cookie: person })).status).toBe(200);

    const revoked = await h.http.delete('/api/roles/person@lectern.test', { cookie: admin });
    expect(revoked.status).toBe(204);
    const after = await h.http.get('/api/v2/tags', { cookie: person });
    expect(after.status).toBe(403);
    expect(after.body.error).toBe('no_access');

    const again = await h.http.delete('/api/roles/person@lectern.test', { cookie: admin });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'not_found', message: 'person@lectern.test has no role.' });
  });

  it('validates the email and the role', async () => {
    const badEmail = await h.http.put('/api/roles/not-an-email', {
      cookie: admin,
      body: { role: 'admin' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({
      error: 'bad_request',
      message: 'email: must be an email address',
    });
    const badRole = await h.http.put('/api/roles/x@lectern.test', {
      cookie: admin,
      body: { role: 'owner' },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toMatch(/^role: /);
  });

  it('refuses to remove or demote the last admin', async () => {
    for (const email of ['boot@lectern.test', 'second@lectern.test'])
      expect((await h.http.delete(`/api/roles/${email}`, { cookie: admin })).status).toBe(204);
    const demote = await h.http.put('/api/roles/admin@lectern.test', {
      cookie: admin,
      body: { role: 'support' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ error: 'conflict', message: LAST_ADMIN_MESSAGE });
    const remove = await h.http.delete('/api/roles/admin@lectern.test', { cookie: admin });
    expect(remove.status).toBe(409);
    expect((await h.http.get('/api/roles', { cookie: admin })).status).toBe(200);
  });

  it('is admin only', async () => {
    for (const role of ['support', 'contentManager'] as const) {
      const cookie = await h.sessionCookie(`${role}@lectern.test`, role);
      for (const [method, path] of [
        ['GET', '/api/roles'],
        ['PUT', '/api/roles/x@lectern.test'],
        ['DELETE', '/api/roles/x@lectern.test'],
      ] as const) {
        const response = await h.http.send(method, path, {
          cookie,
          ...(method === 'PUT' ? { body: { role: 'admin' } } : {}),
        });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          error: 'forbidden',
          message: `Refused: this needs the admin role; you are ${role}.`,
        });
      }
    }
  });
});

describe('demo mode', () => {
  it('grants the demo staff their roles and lists them for the sign-in page', async () => {
    const demoAccounts = [
      { ...DEMO_STAFF.admin, role: 'admin' as const },
      { ...DEMO_STAFF.support, role: 'support' as const },
    ];
    const h = await startHarness({ server: { demoAccounts } });
    try {
      const meta = await h.http.get('/api/meta');
      expect(meta.status).toBe(200);
      expect(meta.body.mode).toBe('demo');
      expect(meta.body.demoAccounts).toEqual(demoAccounts);
      const support = DEMO_STAFF.support;
      await h.createUser(support.email, support.password, 'Sam', 'Support');
      const cookie = await h.signIn(support.email, support.password);
      expect((await h.http.get('/api/session', { cookie })).body.role).toBe('support');
    } finally {
      await h.close();
    }
  });

  it('says upstream mode and lists no accounts otherwise', async () => {
    const h = await startHarness();
    try {
      const meta = await h.http.get('/api/meta');
      expect(meta.body).toMatchObject({
        mode: 'upstream',
        demoAccounts: null,
        csrfHeader: 'X-Lectern-Csrf',
      });
    } finally {
      await h.close();
    }
  });
});

describe.each(ENGINES)('roles CLI (%s)', (engine) => {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-cli-'));
  let database: DatabaseConfig;
  beforeAll(async () => {
    database =
      engine === 'sqlite'
        ? { engine, file: join(dir, 'console.db') }
        : { engine, url: await testDatabaseUrl(), poolSize: 2 };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runCli(args, database, (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  };

  it('grants, lists and revokes', async () => {
    expect(await run('roles', 'list')).toEqual({ code: 0, output: 'No roles granted yet.' });
    expect(await run('roles', 'grant', 'Ops@Example.test', 'admin')).toEqual({
      code: 0,
      output: 'Granted admin to ops@example.test.',
    });
    await run('roles', 'grant', 'help@example.test', 'support');
    const list = await run('roles', 'list');
    expect(list.code).toBe(0);
    expect(list.output).toMatch(/^help@example\.test\s+support\s+cli\s+\d{4}-/m);
    expect(list.output).toMatch(/^ops@example\.test\s+admin\s+cli\s+/m);
    expect(await run('roles', 'revoke', 'help@example.test')).toEqual({
      code: 0,
      output: 'Revoked the role of help@example.test; their sessions lose access immediately.',
    });
    expect((await run('roles', 'list')).output).not.toContain('help@example.test');
  });

  it('reports mistakes with a non-zero exit code', async () => {
    expect(await run('roles', 'grant', 'x@example.test', 'owner')).toEqual({
      code: 1,
      output: "Unknown role 'owner'. Roles: admin, contentManager, support",
    });
    expect((await run('roles', 'grant', 'not-an-email', 'admin')).code).toBe(1);
    expect(await run('roles', 'revoke', 'ghost@example.test')).toEqual({
      code: 1,
      output: 'ghost@example.test has no role.',
    });
    expect((await run('roles')).code).toBe(2);
    expect((await run('users', 'list')).output).toContain('Usage:');
  });

  it('says clearly when the database cannot be reached', async () => {
    const lines: string[] = [];
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, '');
    const unreachable: DatabaseConfig =
      engine === 'sqlite'
        ? { engine, file: join(notAFolder, 'console.db') }
        : { engine, url: 'postgres://lectern:secret@127.0.0.1:9/lectern', poolSize: 1 };
    const code = await runCli(['roles', 'list'], unreachable, (line) => lines.push(line));
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(
      engine === 'sqlite'
        ? /^Cannot open the console database .*plain-file\/console\.db: .*Check LECTERN_DB/
        : /^Cannot connect to the console database at postgres:\/\/lectern@127\.0\.0\.1:9\/lectern: .*ECONNREFUSED.*Check LECTERN_DATABASE_URL/,
    );
    expect(lines.join('\n')).not.toContain('secret');
  });
});
