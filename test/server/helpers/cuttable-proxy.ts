// A TCP proxy in front of the run's PostgreSQL server that can drop every connection and refuse new ones,
// as a network cut or a stopped database would: at once (`cut`), or at the moment a client sends given
// bytes (`cutOn`: the text of a query, so an outage can begin exactly at one statement).
import { createServer, Socket, type Server } from 'node:net';
import { testDatabaseUrl } from '../../helpers/test-database.ts';

export class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private trigger: RegExp | null = null;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.on('data', (chunk: Buffer) => {
        if (this.trigger?.test(chunk.toString('latin1'))) {
          this.trigger = null;
          void this.cut();
          return;
        }
        if (!upstream.destroyed) upstream.write(chunk);
      });
      client.on('end', () => upstream.end());
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  /** Every open connection dropped, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }

  /** Cuts (as `cut`) when a client next sends bytes matching `pattern`; those bytes never arrive. */
  cutOn(pattern: RegExp): void {
    this.trigger = pattern;
  }
}

/** A proxy listening in front of the test PostgreSQL, and the database URL that goes through it. */
export async function proxiedTestDatabase(): Promise<{ proxy: CuttableProxy; url: string }> {
  const direct = new URL(await testDatabaseUrl());
  const proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port) });
  await proxy.listen();
  const proxied = new URL(direct);
  proxied.port = String(proxy.port);
  return { proxy, url: proxied.toString() };
}
