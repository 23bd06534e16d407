// A local web server on a loopback address for the course checks' link checker (tests, e2e and the bench): every
// answer a link can get, and a count of the requests each path received. Reached only through
// LECTERN_URL_ALLOWLIST=127.0.0.1 (the address guard refuses loopback otherwise).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LinkServer {
  /** http://host:port */
  origin: string;
  /** Requests per path and method: `GET /missing` -> 1. */
  requests: Map<string, number>;
  /** Requests being answered now, and the most at once so far. */
  inFlight: { now: number; most: number };
  url(path: string): string;
  close(): Promise<void>;
}

export interface LinkServerOptions {
  /** Delay before every answer (the bench's slow server). */
  delayMs?: number;
  /** How long `/slow…` paths wait before answering (longer than the checker's time limit). */
  slowMs?: number;
  port?: number;
  /** A loopback address to listen on (default 127.0.0.1; the e2e suite uses 127.0.0.2). */
  host?: string;
}

/**
 * Paths: `/ok…` 200; `/missing…` 404; `/gone…` 410; `/broken-server…` 503; `/forbidden…` 403;
 * `/slow…` answers after `slowMs`; `/loop-a` ↔ `/loop-b` redirect to each other; `/redirect/N` redirects
 * N times then lands on 200; `/head-refused…` 405 to HEAD and 200 to GET; anything else 200.
 */
export async function startLinkServer(options: LinkServerOptions = {}): Promise<LinkServer> {
  const requests = new Map<string, number>();
  const inFlight = { now: 0, most: 0 };
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const key = `${request.method} ${path}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    inFlight.now += 1;
    inFlight.most = Math.max(inFlight.most, inFlight.now);
    response.on('close', () => (inFlight.now -= 1));
    const answer = () => respond(request, response, path);
    const wait = path.startsWith('/slow') ? (options.slowMs ?? 10_000) : (options.delayMs ?? 0);
    if (wait > 0) setTimeout(answer, wait).unref();
    else answer();
  });
  server.keepAliveTimeout = 1000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done) => server.listen(options.port ?? 0, host, done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    requests,
    inFlight,
    url: (path) => `${origin}${path}`,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

function respond(request: IncomingMessage, response: ServerResponse, path: string) {
  if (response.destroyed) return;
  const end = (status: number, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'text/html', ...headers });
    response.end(request.method === 'HEAD' ? undefined : `<p>${status}</p>`);
  };
  if (path.startsWith('/missing')) return end(404);
  if (path.startsWith('/gone')) return end(410);
  if (path.startsWith('/broken-server')) return end(503);
  if (path.startsWith('/forbidden')) return end(403);
  if (path === '/loop-a') return end(302, { location: '/loop-b' });
  if (path === '/loop-b') return end(302, { location: '/loop-a' });
  const hops = /^\/redirect\/(\d+)$/.exec(path);
  if (hops) {
    const left = Number(hops[1]);
    return left > 0 ? end(301, { location: `/redirect/${left - 1}` }) : end(200);
  }
  if (path.startsWith('/head-refused') && request.method === 'HEAD') return end(405);
  end(200);
}
