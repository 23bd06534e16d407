// Serves the built SPA from dist/console: hashed assets cached for a year, index.html never cached, text
// files as their Brotli or gzip twins to browsers that accept them, and the history fallback (any
// non-/api GET that is not a file gets index.html, with the landing route's preloads in its head:
// route-preloads.ts). /api misses are JSON 404s.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody, MESSAGES } from '../errors.ts';
import { decodedPath, isApiRequest, requestTarget } from './request-target.ts';
import {
  chunkLinks,
  landingReadUrls,
  landingRoutes,
  matchLandingRoute,
  readLinks,
  type BuildManifest,
  type LandingRoute,
} from './route-preloads.ts';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Lectern</title>
<p>The console has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>`;

/** src/console/components/learner-preview/preview-frame.css, as built (or its compressed twin). */
const LEARNER_FRAME_STYLESHEET = /[\\/]assets[\\/]preview-frame-[\w-]+\.css(\.br|\.gz)?$/;

export interface SpaOptions {
  /**
   * Whether the request carries a session cookie: only then does index.html preload a signed-in
   * route's chunks and reads (a visitor without one is sent to sign in, and its reads would be 401s).
   */
  hasSession?: (request: FastifyRequest) => boolean;
}

type Encoding = 'br' | 'gzip';

/** The encoding to send to a client with this Accept-Encoding: Brotli, else gzip, else none. */
export function chosenEncoding(header: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name.toLowerCase(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : undefined;
}

function compress(html: string, encoding: Encoding | undefined, best: boolean): Buffer | string {
  if (encoding === 'br')
    return brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  if (encoding === 'gzip') return gzipSync(html, { level: best ? 9 : 6 });
  return html;
}

/**
 * index.html as each landing route gets it. The head with a route's chunks is made once per route and
 * visitor kind, and compressed once; a page with reads in its head (their URLs hold the address's ids)
 * is compressed per request, a few KB at a fast level.
 */
function landingPages(html: string, manifest: BuildManifest | undefined) {
  const routes = manifest ? landingRoutes(manifest) : [];
  const headEnd = html.indexOf('</head>');
  // The reads go before the shell's script and its module preloads: a few small answers that the
  // route's first fetches wait for, ahead of the chunks on the browser's six connections.
  const firstFetch = html.search(/<script|<link rel="modulepreload"/);
  const readsAt = firstFetch >= 0 && firstFetch < headEnd ? firstFetch : headEnd;
  const linked = new Set(
    [...html.matchAll(/<link\b[^>]*\bhref="([^"]+)"/g)].map(([, href]) => href!),
  );
  const withChunks = new Map<string, string>();
  const compressed = new Map<string, Buffer | string>();

  const chunksPage = (route: LandingRoute | undefined) => {
    const key = route?.id ?? '';
    let page = withChunks.get(key);
    if (page === undefined) {
      page =
        route && headEnd >= 0
          ? `${html.slice(0, headEnd)}${chunkLinks(route, linked)}${html.slice(headEnd)}`
          : html;
      withChunks.set(key, page);
    }
    return page;
  };

  return (pathname: string, search: string, signedIn: boolean, encoding: Encoding | undefined) => {
    const match = matchLandingRoute(routes, pathname);
    const route = match && (signedIn || !match.route.signedIn) ? match.route : undefined;
    const reads =
      match && route && signedIn ? landingReadUrls(match, new URLSearchParams(search)) : [];
    const page = chunksPage(route);
    if (reads.length > 0 && readsAt >= 0) {
      // readsAt lies before </head>, where the chunk links were added: the same offset in `page`.
      const withReads = `${page.slice(0, readsAt)}${readLinks(reads)}${page.slice(readsAt)}`;
      return compress(withReads, encoding, false);
    }
    const key = `${route?.id ?? ''}|${encoding ?? ''}`;
    let body = compressed.get(key);
    if (body === undefined) {
      body = compress(page, encoding, true);
      compressed.set(key, body);
    }
    return body;
  };
}

/**
 * index.html of the build in `distDir` as each landing page gets it, from its manifest (read once, here):
 * `(pathname, query, signedIn, encoding)` -> the body to send. Also used by bench/console-bundle.ts,
 * whose build writes its manifest elsewhere.
 */
export function landingIndex(distDir: string, manifestFile = join('.vite', 'manifest.json')) {
  const manifestPath = join(distDir, manifestFile);
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest)
    : undefined;
  return landingPages(readFileSync(join(distDir, 'index.html'), 'utf8'), manifest);
}

export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  options: SpaOptions = {},
): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  const pageFor = built ? landingIndex(distDir) : undefined;
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
    if (!pageFor) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    const body = pageFor(
      target.path,
      target.query,
      options.hasSession?.(request) ?? false,
      encoding,
    );
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8')
      .send(body);
  });
}
