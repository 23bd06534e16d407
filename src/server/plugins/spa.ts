// Serves the built SPA from dist/console: hashed assets cached for a year, index.html never cached, text
// files as their Brotli or gzip twins to browsers that accept them, and
// the history fallback (any non-/api GET that is not a file gets index.html). /api misses are JSON 404s.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody, MESSAGES } from '../errors.ts';
import { decodedPath, isApiRequest, requestTarget } from './request-target.ts';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Lectern</title>
<p>The console has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>`;

/** src/console/components/learner-preview/preview-frame.css, as built (or its compressed twin). */
const LEARNER_FRAME_STYLESHEET = /[\\/]assets[\\/]preview-frame-[\w-]+\.css(\.br|\.gz)?$/;

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz twins of its text files (scripts/precompress.ts): sent to browsers
      // that accept them, a third of the bytes, with no compression work per request.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes(`${join('/', 'assets', '/')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // The learner preview's frame (sandboxed, so of an opaque origin) loads this stylesheet:
        // the console's same-origin resource policy would refuse it.
        if (LEARNER_FRAME_STYLESHEET.test(path))
          reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const target = requestTarget(request.url);
    const path = decodedPath(target.path);
    if (isApiRequest(undefined, target) || (request.method !== 'GET' && request.method !== 'HEAD'))
      return reply.code(404).send(errorBody('not_found', MESSAGES.notFound));
    // A missing file (a stale hashed asset) is a 404, not the app shell.
    if (/\.[A-Za-z0-9]+$/.test(path)) return reply.code(404).type('text/plain').send('Not found');
    if (!built) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
