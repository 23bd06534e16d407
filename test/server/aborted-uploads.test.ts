// Issue 20, finding 1: a content manager who opened translation uploads (`Content-Length: 100000`), sent
// the start of the file and closed the socket took the console process down ("Error: aborted ... Emitted
// 'error' event on HashingTransform instance"): 10 aborts on PostgreSQL. Now an aborted upload ends only
// its own request, and its audit row is completed with outcome 'aborted'. The console runs as its own
// process here, as in production, so an uncaught error would end it; 1,000 uploads are cut off at
// random points, 4 at a time (one user's share of bodies in flight), on each engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { ENGINES, postgresPassword, testDatabaseUrl } from '../helpers/test-database.ts';
import { startNode, within, type ClusterNode } from './helpers/cluster.ts';
import { cookieFrom } from './helpers/console-harness.ts';

const ADMIN = { email: 'admin@lectern.test', password: 'Admin!2345' };
const MANAGER = { email: 'manager@lectern.test', password: 'Manager!2345' };
const UPLOADS = 1000;
const AT_ONCE = 4;
const XLIFF =
  '<?xml version="1.0"?><xliff version="1.2"><file original="courseGroups/x" source-language="en" ' +
  'target-language="fr"><body><trans-unit id="title"><source>A title</source><target>Un titre</target>' +
  '</trans-unit></body></file></xliff>';

/** A seeded PRNG (mulberry32), so a failing run can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(ENGINES)('aborted translation uploads (%s)', (engine) => {
  let sandbox: TestSandbox;
  let node: ClusterNode;
  let store: ConsoleStore;
  let directory: string | undefined;
  let groupId: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    for (const user of [ADMIN, MANAGER]) {
      const created = await sandbox.raw(
        'POST',
        '/sandbox/users',
        { ...user, firstName: 'Test', lastName: 'User' },
        { authorization: `Bearer ${sandbox.secretKey}` },
      );
      expect(created.status).toBe(201);
    }
    const group = await sandbox.api('POST', '/content/course/create', {
      courseAttributes: [{ title: 'Translated', kind: 'courseGroup' }],
    });
    groupId = group.body.courseGroupIds[0] as string;
    let database: DatabaseConfig;
    let env: Record<string, string>;
    if (engine === 'postgres') {
      const url = await testDatabaseUrl();
      database = { engine: 'postgres', url, poolSize: 2 };
      env = {};
    } else {
      directory = mkdtempSync(join(tmpdir(), 'lectern-aborts-'));
      const file = join(directory, 'console.db');
      database = { engine: 'sqlite', file };
      env = { LECTERN_DATABASE_URL: '', LECTERN_DB: file };
    }
    node = await startNode({
      name: `aborts-${engine}`,
      databaseUrl: database.engine === 'postgres' ? database.url : '',
      sandbox,
      forbidden: () => [sandbox.secretKey, postgresPassword()],
      env: { ...env, LECTERN_ADMINS: ADMIN.email, LECTERN_RELAY_KINDS: 'none' },
    });
    store = await openConsoleStore(database);
  }, 60_000);

  afterAll(async () => {
    await node?.stop();
    await store?.close();
    await sandbox?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it(`stays up and answering after ${UPLOADS} aborted uploads, each audited as aborted`, async () => {
    const admin = cookieFrom(
      (await node.http.post('/api/session', { body: ADMIN })).headers['set-cookie'],
    );
    const granted = await node.http.put(`/api/roles/${encodeURIComponent(MANAGER.email)}`, {
      cookie: admin,
      body: { role: 'contentManager' },
    });
    expect(granted.status).toBe(200);
    const manager = cookieFrom(
      (await node.http.post('/api/session', { body: MANAGER })).headers['set-cookie'],
    );
    const path = `/api/v2/content/courseGroups/${groupId}.xlf`;
    const head =
      `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${manager}\r\nX-Lectern-Csrf: 1\r\n` +
      `Origin: ${node.url}\r\nContent-Type: text/xml\r\nContent-Length: 100000\r\n\r\n`;
    const next = random(20);
    const bodiesInFlight = async () =>
      (await node.http.get('/api/health')).body.requestBodies?.receiving ?? 0;

    for (let sent = 0; sent < UPLOADS; sent += AT_ONCE) {
      const connections = await Promise.all(
        Array.from({ length: AT_ONCE }, () => RawConnection.open(node.url)),
      );
      // Cut at a random point: within the headers' end, inside the XML declaration, mid-element...
      await Promise.all(
        connections.map((connection) =>
          connection.write(head + XLIFF.slice(0, Math.floor(next() * XLIFF.length))),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.floor(next() * 10)));
      for (const connection of connections) connection.destroy();
      // The server has noticed before the same user starts the next four.
      await within(async () => (await bodiesInFlight()) === 0, 5000, 'the bodies to be let go');
      expect(node.child.exitCode, `console exited after ${sent + AT_ONCE} aborts`).toBeNull();
    }

    expect(node.child.exitCode).toBeNull();
    expect(node.child.signalCode).toBeNull();
    const health = await node.health();
    expect(health.status).toBe(200);
    expect((await node.http.get('/api/v2/courseGroups', { cookie: admin })).status).toBe(200);
    // The same user's next upload goes through: nothing of theirs is still held.
    const upload = await node.http.put(path, {
      cookie: manager,
      headers: { 'content-type': 'text/xml' },
      rawBody: XLIFF.replace('courseGroups/x', `courseGroups/${groupId}`),
    });
    expect(upload.headers['x-lectern-source']).toBe('upstream');
    expect(upload.status).toBeLessThan(500);

    const rows = () =>
      store.db
        .selectFrom('audit_log')
        .select(['outcome', 'status', 'upstream_status as upstreamStatus', 'user_email as user'])
        .where('operation', '=', 'uploadTranslation')
        .execute();
    await within(
      async () => {
        const now = await rows();
        return now.length > UPLOADS && now.every((row) => row.outcome !== 'pending');
      },
      10_000,
      'every upload to be audited',
    );
    const written = await rows();
    // The one upload that went through, and one row per aborted upload that says so.
    expect(written.filter((row) => row.outcome === 'completed')).toHaveLength(1);
    const aborted = written.filter((row) => row.outcome !== 'completed');
    expect(aborted).toHaveLength(UPLOADS);
    expect(new Set(aborted.map((row) => JSON.stringify(row)))).toEqual(
      new Set([
        JSON.stringify({
          outcome: 'aborted',
          status: null,
          upstreamStatus: null,
          user: MANAGER.email,
        }),
      ]),
    );
  }, 120_000);
});
