// The console server as the learner page's benchmark meets it: the build served by the console server's
// own static plugin (src/server/plugins/spa.ts), and the page's reads answered by the same server through
// the relay's own reads over the filled database (the summary from the aggregates kept at insert time,
// history pages by the learner's id); names answered at once (the shared title cache is a separate
// bench's business). Not answered by Playwright's request routing: that pauses every request of the
// page, each of the route's chunks included, for a round trip to the test process, which a user's
// browser never does (as bench/editor-open-server.ts).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { EventHistoryQuery } from '#contract/console/relay.ts';
import type { createEventReads } from '../src/server/relay/event-reads.ts';
import { registerSpa } from '../src/server/plugins/spa.ts';
import { benchSession } from './console-page.ts';

export interface LearnerBenchServer {
  origin: string;
  /** The server's time for each summary asked so far, in ms. */
  summaryMs: number[];
  close(): Promise<void>;
}

const NAME_PARAMS = { courses: 'course', topics: 'topic', learningPaths: 'learningPath' } as const;

export async function serveLearnerBench(
  outDir: string,
  reads: ReturnType<typeof createEventReads>,
): Promise<LearnerBenchServer> {
  const app = Fastify();
  const summaryMs: number[] = [];
  app.get('/api/session', (_request, reply) =>
    reply.send(benchSession('support', 'bench-support')),
  );
  app.get<{ Params: { learnerId: string } }>('/api/learners/:learnerId', async (request) => {
    const began = performance.now();
    const summary = await reads.learnerSummary(request.params.learnerId);
    summaryMs.push(performance.now() - began);
    return summary;
  });
  app.get('/api/events', async (request) => {
    const { kind, q, cursor, limit, ...filter } = EventHistoryQuery.parse(request.query);
    return reads.history({ kinds: kind, search: q, ...filter }, cursor, limit);
  });
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/names', (request) => ({
    names: Object.entries(NAME_PARAMS).flatMap(([param, type]) =>
      (request.query[param]?.split(',') ?? []).map((item) => {
        const id = item.split(':')[0]!;
        return {
          ...{ type, id, state: 'found', title: `Title of ${id.slice(-4)}` },
          ...{ courseId: null, checkedAt: Date.now(), message: null },
        };
      }),
    ),
  }));
  // The bench's visitor is signed in (the session answers so): index.html preloads the route's chunks
  // and reads, as for a visitor with a session cookie; LECTERN_BENCH_PRELOADS=off measures without.
  // The server reads Vite's manifest where `vite build` writes it; the benches' build (console-build.ts)
  // writes it to manifest.json: without this copy no page had its preloads.
  const viteManifest = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(viteManifest) && existsSync(join(outDir, 'manifest.json'))) {
    mkdirSync(join(outDir, '.vite'), { recursive: true });
    copyFileSync(join(outDir, 'manifest.json'), viteManifest);
  }
  await registerSpa(app, outDir, {
    hasSession: () => process.env.LECTERN_BENCH_PRELOADS !== 'off',
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { origin, summaryMs, close: () => app.close() };
}
