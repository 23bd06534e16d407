// Issue 20, finding 6, the audit-before-effect rule: a write answered 503 because its audit row could not
// be written never reached the instance. The database fails at that very statement: on PostgreSQL the
// connection is cut when the console sends the audit row's INSERT (the session was read a moment
// before); on SQLite another connection holds the write lock (reads go on in WAL mode) and the console's
// wait for it is shortened to 100 ms. Once the database is back, the refused call's row is written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/server/errors.ts';
import type { Engine } from '../../src/server/storage/schema.ts';
import { ENGINES, testDatabaseUrl } from '../helpers/test-database.ts';
import { within } from './helpers/cluster.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { CuttableProxy } from './helpers/cuttable-proxy.ts';

/** Makes the database fail at the audit row's INSERT, and brings it back. */
interface AuditOutage {
  env: Record<string, string>;
  /** Called once the console runs. */
  prepare(h: Harness): Promise<void>;
  failNextAuditInsert(): void;
  restore(): Promise<void>;
  close(): void;
}

async function auditOutage(engine: Engine): Promise<AuditOutage> {
  if (engine === 'postgres') {
    const direct = new URL(await testDatabaseUrl());
    const proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port) });
    await proxy.listen();
    const proxied = new URL(direct);
    proxied.port = String(proxy.port);
    return {
      env: { LECTERN_DATABASE_URL: proxied.toString() },
      prepare: async () => undefined,
      failNextAuditInsert: () => proxy.cutOn(/insert into "audit_log"/i),
      restore: () => proxy.listen(),
      close: () => undefined,
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'lectern-audit-outage-'));
  const file = join(directory, 'console.db');
  let locker: Database.Database | undefined;
  return {
    env: { LECTERN_DB: file },
    async prepare(h) {
      await sql`PRAGMA busy_timeout = 100`.execute(h.server.store.db);
    },
    failNextAuditInsert() {
      locker = new Database(file);
      locker.exec('BEGIN IMMEDIATE');
    },
    async restore() {
      locker?.exec('ROLLBACK');
      locker?.close();
      locker = undefined;
    },
    close: () => rmSync(directory, { recursive: true, force: true }),
  };
}

describe.each(ENGINES)('a write whose audit row cannot be written (%s)', (engine) => {
  let h: Harness;
  let outage: AuditOutage;
  let admin: string;

  beforeAll(async () => {
    outage = await auditOutage(engine);
    h = await startHarness({ engine, env: outage.env });
    await outage.prepare(h);
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(async () => {
    await h.close();
    outage.close();
  });

  it('is answered 503 and never reaches the instance; its row is written once the database is back', async () => {
    // The session is read fresh for a write: that read succeeds, the audit row's INSERT fails.
    const upstreamBefore = h.upstreamRequests.length;
    outage.failNextAuditInsert();
    const write = await h.http.post('/api/v2/content/course/create', {
      cookie: admin,
      body: { courseAttributes: [{ title: 'Unaudited', kind: 'courseGroup' }] },
    });
    expect(write.status).toBe(503);
    expect(write.headers['retry-after']).toBe('5');
    expect(write.body).toEqual({
      error: 'database_unavailable',
      message: MESSAGES.databaseUnavailable,
    });
    expect(h.upstreamRequests.slice(upstreamBefore)).toEqual([]);
    const groups = h.sandbox.sandbox.db.prepare('SELECT title FROM course_groups').pluck().all();
    expect(groups).not.toContain('Unaudited');

    await outage.restore();
    await within(
      async () => (await h.http.get('/api/health')).body.auditBacklog === 0,
      10_000,
      'the refused call to be audited',
      50,
    );
    const rows = await h.server.store.db
      .selectFrom('audit_log')
      .select(['operation', 'status', 'upstream_status as upstreamStatus', 'outcome', 'summary'])
      .where('operation', '=', 'createCourses')
      .execute();
    expect(rows).toEqual([
      {
        operation: 'createCourses',
        status: 503,
        upstreamStatus: null,
        outcome: 'completed',
        summary: 'create 1 course: "Unaudited"',
      },
    ]);
  }, 30_000);
});
