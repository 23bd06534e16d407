// A static server for a console build, with the SPA history fallback (for the editor benchmark); with
// `apiOrigin`, /api/* is forwarded there (a real console server), as the console server itself would
// answer it, so a benchmark can serve a build of its own against real data.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** index.html for a page address, as the console server writes it (spa.ts `landingIndex`). */
export type IndexPage = (pathname: string, query: string, signedIn: boolean) => string | Buffer;

/** A session cookie of the console server, which decides whether index.html preloads a route's reads. */
const SESSION_COOKIE = /(^|;\s*)(__Host-)?lectern_session=/;

export function serveStatic(
  root: string,
  apiOrigin?: string,
  port = 0,
  indexPage?: IndexPage,
): Promise<Server> {
  const server = createServer((incoming, response) => {
    if (apiOrigin && incoming.url?.startsWith('/api/')) {
      const target = new URL(incoming.url, apiOrigin);
      const forwarded = request(
        target,
        { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.writeHead(502).end());
      incoming.pipe(forwarded);
      return;
    }
    const path = normalize(decodeURIComponent((incoming.url ?? '/').split('?')[0]!));
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      if (indexPage) {
        const [pathname, query = ''] = (incoming.url ?? '/').split('?') as [string, string?];
        const signedIn = SESSION_COOKIE.test(incoming.headers.cookie ?? '');
        response.writeHead(200, { 'content-type': TYPES['.html']! });
        response.end(indexPage(pathname, query, signedIn));
        return;
      }
      file = join(root, 'index.html');
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
