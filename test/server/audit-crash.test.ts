// Issue 16, finding 6: the audit row of a call was written after its response, so a console server
// killed mid-flight left changes upstream that no audit row mentioned (89 groups created, 80 rows).
// Now each state-changing call is recorded before it is forwarded (outcome pending) and completed
// after; a server that restarts marks its cut-off calls "outcome unknown".
// Ten browsers create groups concurrently through a console server process. Between it and the
// instance, a proxy holds each create's answer a moment after the instance has made the group, so
// several creates have taken effect but are unanswered when the process gets SIGKILL.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { DEMO_STAFF } from '../helpers/demo-accounts.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { postgresPassword, testDatabaseUrl } from '../helpers/test-database.ts';
import { startNode, within, type ClusterNode } from './helpers/cluster.ts';
import { cookieFrom } from './helpers/console-harness.ts';

const ADMIN = DEMO_STAFF.admin;
const CREATE = '/incoming/v2/content/course/create';
const HELD_UPSTREAM_MS = 250;
const KILL_AFTER_MS = 600;

/** Forwards everything to `target`; answers of creates are held `holdMs` after the instance answered. */
async function holdingProxy(target: string, holdMs: number) {
  const server = createServer((incoming, outgoing) => {
    outgoing.on('error', () => undefined);
    const upstream = httpRequest(
      `${target}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const hold = incoming.method === 'POST' && incoming.url?.startsWith(CREATE);
          setTimeout(
            () => {
              if (outgoing.destroyed) return;
              outgoing.writeHead(answer.statusCode!, answer.headers);
              outgoing.end(Buffer.concat(chunks));
            },
            hold ? holdMs : 0,
          );
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('audit before forwarding: a console server killed mid-flight (issue 16, finding 6)', () => {
  let sandbox: TestSandbox;
  let store: ConsoleStore;
  let databaseUrl: string;
  let node: ClusterNode;
  let proxy: Awaited<ReturnType<typeof holdingProxy>>;
  const reachedUpstream: string[] = [];

  const start = () =>
    startNode({
      name: 'audited',
      databaseUrl,
      sandbox,
      forbidden: () => [sandbox.secretKey, postgresPassword()],
      env: {
        LECTERN_ADMINS: ADMIN.email,
        LECTERN_RELAY_KINDS: 'none',
        LECTERN_UPSTREAM_URL: proxy.url,
      },
    });

  beforeAll(async () => {
    sandbox = await startSandbox();
    sandbox.sandbox.app.server.on('request', (request: IncomingMessage) => {
      if (request.method === 'POST' && request.url?.startsWith(CREATE)) reachedUpstream.push('x');
    });
    const user = await sandbox.raw(
      'POST',
      '/sandbox/users',
      { ...ADMIN, firstName: 'Ada', lastName: 'Admin' },
      { authorization: `Bearer ${sandbox.secretKey}` },
    );
    expect(user.status).toBe(201);
    databaseUrl = await testDatabaseUrl();
    proxy = await holdingProxy(sandbox.baseUrl, HELD_UPSTREAM_MS);
    node = await start();
    store = await openConsoleStore({ engine: 'postgres', url: databaseUrl, poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    await node?.stop();
    await store?.close();
    await proxy?.close();
    await sandbox?.close();
  });

  it('every create that reached the instance has an audit row; cut-off ones say "outcome unknown"', async () => {
    const signIn = await node.http.post('/api/session', { body: ADMIN });
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn.headers['set-cookie']);

    const answered: string[] = [];
    let killed = false;
    const browser = async (b: number) => {
      for (let n = 0; !killed; n++) {
        const title = `Crash ${b}-${n}`;
        try {
          const response = await node.http.post('/api/v2/content/course/create', {
            cookie,
            body: { courseAttributes: [{ title, kind: 'courseGroup' }] },
          });
          if (response.status === 200) answered.push(title);
        } catch {
          return; // the server is gone
        }
      }
    };
    const browsers = Array.from({ length: 10 }, (_, b) => browser(b));
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
    // On a busy machine the first creates may not have gone out yet: kill only once some are held.
    await within(
      () => reachedUpstream.length > answered.length + 2,
      10_000,
      'creates on their way',
      5,
    );
    killed = true;
    await node.kill();
    await Promise.all(browsers);

    // Every create the instance received took effect (the proxy only held the answers).
    const createdTitles = () =>
      sandbox.sandbox.db.prepare('SELECT title FROM course_groups').pluck().all() as string[];
    await within(
      () => createdTitles().length === reachedUpstream.length,
      5000,
      'the instance to finish the creates it received',
    );
    const created = createdTitles();
    // The scenario really cut calls off: more groups exist than creates were answered.
    expect(created.length).toBeGreaterThan(answered.length);

    const rows = await store.db
      .selectFrom('audit_log')
      .select(['seq', 'summary', 'outcome', 'status', 'upstream_status'])
      .where('operation', '=', 'createCourses')
      .execute();
    const rowOf = (title: string) =>
      rows.filter((row) => row.summary === `create 1 course: ${JSON.stringify(title)}`);
    const unaudited = created.filter((title) => rowOf(title).length !== 1);
    expect(unaudited).toEqual([]);
    // An answered create is completed, unless the kill came between its answer and the completion.
    for (const title of answered)
      expect([
        { outcome: 'completed', status: 200 },
        { outcome: 'pending', status: null },
      ]).toContainEqual({ outcome: rowOf(title)[0]!.outcome, status: rowOf(title)[0]!.status });
    const cutOff = rows.filter((row) => row.outcome === 'pending');
    expect(cutOff.length).toBeGreaterThanOrEqual(created.length - answered.length);
    expect(cutOff.every((row) => row.status === null && row.upstream_status === null)).toBe(true);

    // Started again under its name, the server marks what it left pending as unknown, and says so.
    node = await start();
    const admin = cookieFrom(
      (await node.http.post('/api/session', { body: ADMIN })).headers['set-cookie'],
    );
    const unknown = await node.http.get('/api/audit?outcome=unknown&limit=500', { cookie: admin });
    expect(unknown.status).toBe(200);
    expect(unknown.body.entries.map((entry: { seq: number }) => entry.seq).sort()).toEqual(
      cutOff.map((row) => row.seq).sort(),
    );
    for (const entry of unknown.body.entries)
      expect(entry).toMatchObject({
        outcome: 'unknown',
        status: null,
        upstreamStatus: null,
        durationMs: null,
        serverName: 'audited',
        userEmail: ADMIN.email,
        role: 'admin',
        operation: 'createCourses',
      });
    const csv = await node.http.get('/api/audit/export?format=csv&outcome=unknown', {
      cookie: admin,
    });
    const lines = csv.text.trim().split('\r\n');
    expect(lines).toHaveLength(cutOff.length + 1);
    const header = lines[0]!.split(',');
    const [outcome, status] = [header.indexOf('outcome'), header.indexOf('status')];
    for (const line of lines.slice(1)) {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
      expect([cells[outcome], cells[status]]).toEqual(['unknown', '']);
    }
  }, 60_000);
});
