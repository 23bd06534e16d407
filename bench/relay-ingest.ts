// Relay ingest rate (issue 4): 50,000 feed events waiting in the sandbox, a fresh console server whose
// relay polls all eight kinds, timed until every event is stored (events/s); then how fast one SSE
// subscriber receives the whole backlog through the relay (events/s).
import { buildConsoleServer } from '../src/server/app.ts';
import { readConsoleConfig } from '../src/server/config.ts';
import { startSandbox } from '../test/helpers/sandbox.ts';
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
  putSettings,
  simulate,
} from '../test/helpers/learner-fixtures.ts';
import { SseReader } from '../test/server/helpers/sse-client.ts';
import { ScanningClient } from '../test/server/helpers/scanning-client.ts';

const EVENTS = 50_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  const sandbox = await startSandbox();
  await createCourses(sandbox, 6);
  createLearningPath(sandbox);
  await createLearners(sandbox, learnerAccounts(30, 'ingest'));
  await putSettings(sandbox, { eventsRateLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
  const made = await simulate(sandbox, EVENTS);

  const config = readConsoleConfig({
    LECTERN_DB: ':memory:',
    PORT: '0',
    LECTERN_LOG: 'warn',
    LECTERN_RELAY_POLL_MS: '100',
  });
  const server = await buildConsoleServer(config, {
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.secretKey,
    graphqlPath: '/graphql',
  });
  const stored = () =>
    server.db.prepare('SELECT COUNT(*) FROM relay_events').pluck().get() as number;
  try {
    const started = performance.now();
    const url = await server.listen();
    while (stored() < made.total) await sleep(10);
    const ingestMs = performance.now() - started;
    console.log(
      `relay ingest: ${made.total.toLocaleString('en')} events over 8 kinds stored in ${(ingestMs / 1000).toFixed(2)} s = ${Math.round((made.total * 1000) / ingestMs).toLocaleString('en')} events/s`,
    );

    server.deps.roles.grant('bench@lectern.test', 'support', 'cli', null);
    const { id } = server.deps.sessions.start({
      email: 'bench@lectern.test',
      userId: 'bench',
      firstName: 'Bench',
      lastName: 'Mark',
      learnerToken: 'unused',
    });
    const client = new ScanningClient(url, url, () => [sandbox.secretKey]);
    const reader = new SseReader(client);
    const sseStarted = performance.now();
    await reader.open('/api/events/stream?lastEventId=0', {
      cookie: `${server.deps.sessionCookie.name}=${id}`,
    });
    await reader.waitFor(() => reader.events().length >= made.total, 60_000, 'the backlog');
    const sseMs = performance.now() - sseStarted;
    await reader.close();
    await client.close();
    console.log(
      `SSE delivery of the stored backlog to one subscriber: ${(sseMs / 1000).toFixed(2)} s = ${Math.round((made.total * 1000) / sseMs).toLocaleString('en')} events/s`,
    );
  } finally {
    await server.close();
    await sandbox.close();
  }
}
