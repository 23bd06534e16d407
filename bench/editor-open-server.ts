// The console server as the editor's opening benchmark meets it: the build served by the console
// server's own static plugin (src/server/plugins/spa.ts: its headers, its history fallback, its 404s
// for the rest of /api), and the session, the tags and the saved courses' reads answered by the server
// itself, each read `upstreamLatencyMs` late as a distant Content API would. Not answered by
// Playwright's request routing: that pauses every request of the page, each chunk included, for a
// round trip to the test process, which a user's browser never does.
import Fastify from 'fastify';
import type { Baseline } from '#compiler/index.ts';
import { registerSpa } from '../src/server/plugins/spa.ts';
import { benchSession } from './console-page.ts';

export interface BenchConsoleServer {
  origin: string;
  /** Added to each of the courses' reads from now on (the session answers at once). */
  setUpstreamLatency(ms: number): void;
  close(): Promise<void>;
}

export async function serveEditorBench(
  outDir: string,
  courses: readonly Baseline[],
): Promise<BenchConsoleServer> {
  const app = Fastify();
  let upstreamLatencyMs = 0;
  const reads = new Map<string, string>();
  for (const { courseGroup, course, structure } of courses) {
    reads.set(`/api/v2/courses/${course.id}/structure`, JSON.stringify(structure));
    reads.set(`/api/v2/courseGroups/${courseGroup.id}`, JSON.stringify(courseGroup));
    reads.set(
      `/api/v2/courseGroups/${courseGroup.id}/courses`,
      JSON.stringify({ courses: [course] }),
    );
  }
  app.get('/api/session', (_request, reply) => reply.send(benchSession('admin')));
  app.get('/api/v2/tags', (_request, reply) =>
    reply.send({ pageInfo: { perPage: 0, total: 0, hasMore: false }, tags: [] }),
  );
  app.get('/api/v2/*', async (request, reply) => {
    const body = reads.get(request.url.split('?')[0]!);
    if (body === undefined) return reply.callNotFound();
    if (upstreamLatencyMs > 0) await new Promise((done) => setTimeout(done, upstreamLatencyMs));
    return reply.type('application/json').send(body);
  });
  // The bench's visitor is signed in (the session answers so): index.html preloads the route's chunks
  // and reads, as for a visitor with a session cookie; LECTERN_BENCH_PRELOADS=off measures without.
  await registerSpa(app, outDir, {
    hasSession: () => process.env.LECTERN_BENCH_PRELOADS !== 'off',
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin,
    setUpstreamLatency: (ms) => void (upstreamLatencyMs = ms),
    close: () => app.close(),
  };
}
