// A local webhook receiver for the alert tests: records every request (headers, raw body, time) and
// answers as told: a status for the next N requests (a receiver that fails, then recovers), then 200.
// Listens on 127.0.0.1 on the port given (the e2e worker's own), or else in the port range these tests
// may use (4950-4999), taking the first free one.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers `status` to the next `count` requests, then 200 again. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

const FIRST_PORT = 4950;
const LAST_PORT = 4999;

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onError = () => resolve(false);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve(true);
    });
  });
}

export async function startWebhookReceiver(
  path = '/hooks/lectern',
  port?: number,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        response.writeHead(failures.status, { 'content-type': 'text/plain' }).end('not now');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  // Several test files run at once: start from a random port of the range, take the first free one.
  const offset = Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 1));
  const candidates =
    port === undefined
      ? Array.from(
          { length: LAST_PORT - FIRST_PORT + 1 },
          (_, index) => FIRST_PORT + ((offset + index) % (LAST_PORT - FIRST_PORT + 1)),
        )
      : [port];
  for (const candidate of candidates) {
    if (await listen(server, candidate))
      return {
        url: `http://127.0.0.1:${candidate}${path}`,
        received,
        failNext(count, status = 503) {
          failures = { count, status };
        },
        close: () =>
          new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
  }
  throw new Error(`no free port for the webhook receiver in ${candidates.join(', ')}`);
}
