// A console server (src/server/main.ts, serving the dist/console build) with the sandbox it embeds, on a
// worker's own ports and temporary databases: the fixtures start one per Playwright worker.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copySeededSandbox, workerDataDir, workerPorts } from './env.ts';
import { startServer, stopServer, waitUntilAnswering } from './processes.ts';

export interface ConsoleServer {
  /** The console's address (the tests' baseURL). */
  url: string;
  /** The embedded sandbox, for test data and fault injection (support/sandbox.ts). */
  sandboxUrl: string;
  sandboxDb: string;
  stop(): Promise<void>;
}

export async function startConsoleServer(parallelIndex: number): Promise<ConsoleServer> {
  const ports = workerPorts(parallelIndex);
  const dir = workerDataDir(parallelIndex);
  // A server left over from another run would have other databases: always start afresh.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const url = `http://127.0.0.1:${ports.console}`;
  const sandboxDb = join(dir, 'sandbox.db');
  copySeededSandbox(sandboxDb);
  const child = startServer(
    'src/server/main.ts',
    {
      HOST: '127.0.0.1',
      PORT: String(ports.console),
      LECTERN_DB: join(dir, 'console.db'),
      LECTERN_SANDBOX_DB: sandboxDb,
      LECTERN_SANDBOX_PORT: String(ports.sandbox),
      LECTERN_LOG: 'warn',
      // The suite signs in many times from one address. The per-email limit (4 unsuccessful attempts,
      // below the sandbox's lockout) stays as shipped: successful sign-ins clear it.
      LECTERN_SIGNIN_PER_ADDRESS: '10000',
      // Alert rules are checked every second, and may send their webhooks to the spec's local receiver
      // (127.0.0.1); the course checks fetch links from e2e/course-checks/link-server.ts on 127.0.0.2
      // and give up on one after 1.5 s.
      LECTERN_ALERTS_EVALUATE_S: '1',
      LECTERN_URL_ALLOWLIST: '127.0.0.1, 127.0.0.2',
      LECTERN_LINK_CHECK_TIMEOUT_MS: '1500',
    },
    `console server ${parallelIndex}`,
  );
  const stop = () => stopServer(child);
  try {
    // Slow on a busy machine (and slower where it builds the demo catalog itself, outside a run).
    await waitUntilAnswering(`${url}/api/meta`, child, 'console server', 150_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, sandboxUrl: `http://127.0.0.1:${ports.sandbox}`, sandboxDb, stop };
}
