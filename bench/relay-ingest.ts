// Relay ingest rate (issues 4 and 15): 50,000 feed events waiting in the sandbox, a fresh console server
// whose relay polls all eight kinds, timed until every event is stored (events/s), on SQLite and on
// PostgreSQL (a real server started here), and the ratio of the two; then how fast one SSE subscriber
// receives the whole backlog through the relay (events/s), on each engine.
import { buildConsoleServer } from '../src/server/app.ts';
import { readConsoleConfig } from '../src/server/config.ts';
import type { Engine } from '../src/server/storage/schema.ts';
import { startSandbox, type TestSandbox } from '../test/helpers/sandbox.ts';
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
  putSettings,
  simulate,
} from '../test/helpers/learner-fixtures.ts';
import { createDatabase, startPostgres } from '../test/helpers/postgres-server.ts';
import { SseReader } from '../test/server/helpers/sse-client.ts';
import { ScanningClient } from '../test/server/helpers/scanning-client.ts';
import { storedEventCount } from '../test/server/helpers/relay-store.ts';

const EVENTS = 50_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Rates {
  ingest: number;
  sse: number;
}

async function measure(
  sandbox: TestSandbox,
  total: number,
  engine: Engine,
  databaseUrl?: string,
): Promise<Rates> {
  const config = readConsoleConfig({
    ...(databaseUrl ? { LECTERN_DATABASE_URL: databaseUrl } : { LECTERN_DB: ':memory:' }),
    PORT: '0',
    LECTERN_LOG: 'warn',
    LECTERN_RELAY_POLL_MS: '100',
  });
  const server = await buildConsoleServer(config, {
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.secretKey,
    graphqlPath: '/graphql',
  });
  const stored = () => storedEventCount(server.store.db);
  try {
    const started = performance.now();
    const url = await server.listen();
    while ((await stored()) < total) await sleep(10);
    const ingestMs = performance.now() - started;
    const ingest = (total * 1000) / ingestMs;
    console.log(
      `relay ingest, ${engine}: ${total.toLocaleString('en')} events over 8 kinds stored in ${(ingestMs / 1000).toFixed(2)} s = ${Math.round(ingest).toLocaleString('en')} events/s`,
    );

    await server.deps.roles.grant('bench@lectern.test', 'support', 'cli', null);
    const { id } = await server.deps.sessions.start({
      email: 'bench@lectern.test',
      userId: 'bench',
      firstName: 'Bench',
      lastName: 'Mark',
    });
    const client = new ScanningClient(url, url, () => [sandbox.secretKey]);
    const reader = new SseReader(client);
    const sseStarted = performance.now();
    await reader.open('/api/events/stream?lastEventId=0', {
      cookie: `${server.deps.sessionCookie.name}=${id}`,
    });
    await reader.waitFor(() => reader.events().length >= total, 60_000, 'the backlog');
    const sseMs = performance.now() - sseStarted;
    await reader.close();
    await client.close();
    const sse = (total * 1000) / sseMs;
    console.log(
      `SSE delivery of the stored backlog to one subscriber, ${engine}: ${(sseMs / 1000).toFixed(2)} s = ${Math.round(sse).toLocaleString('en')} events/s`,
    );
    return { ingest, sse };
  } finally {
    await server.close();
  }
}

export async function run(): Promise<void> {
  const sandbox = await startSandbox();
  const postgres = await startPostgres();
  try {
    await createCourses(sandbox, 6);
    createLearningPath(sandbox);
    await createLearners(sandbox, learnerAccounts(30, 'ingest'));
    await putSettings(sandbox, { eventsRateLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
    const made = await simulate(sandbox, EVENTS);
    const sqlite = await measure(sandbox, made.total, 'sqlite');
    const pg = await measure(
      sandbox,
      made.total,
      'postgres',
      await createDatabase(postgres.adminUrl, 'bench_ingest'),
    );
    console.log(
      `PostgreSQL vs SQLite: ingest ${(pg.ingest / sqlite.ingest).toFixed(2)}x, SSE delivery ${(pg.sse / sqlite.sse).toFixed(2)}x`,
    );
  } finally {
    await postgres.stop();
    await sandbox.close();
  }
}
