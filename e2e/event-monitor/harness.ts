// The event monitor's own test environment: a sandbox process and a console server process pointed at it
// (upstream mode, as against a real instance), on free ports and temporary databases. Separate processes
// so a test can stop and restart the console server mid-stream while the sandbox keeps producing events,
// and with a fast relay poll so "appears within 2 s" measures the monitor, not the poll interval.
// Used by the specs of e2e/event-monitor/ and bench/monitor-render.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { EVENT_KINDS } from '#contract/enums.ts';

export const STAFF = {
  admin: { email: 'admin@lectern.test', password: 'Admin!2345' },
  support: { email: 'support@lectern.test', password: 'Support!2345' },
} as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, process: ChildProcess, label: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`${label} exited with ${process.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${label} did not answer ${url} within ${timeoutMs} ms`);
}

function start(script: string, env: Record<string, string>, label: string): ChildProcess {
  // One process (no tsx wrapper in between), so a signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (!/ExperimentalWarning|--trace-warnings/.test(text))
      process.stderr.write(`[${label}] ${text}`);
  });
  return child;
}

async function stop(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

export interface MonitorEnvOptions {
  pollMs?: number;
}

export class MonitorEnv {
  readonly dir = mkdtempSync(join(tmpdir(), 'lectern-monitor-'));
  readonly key = `monitor-e2e-${randomBytes(12).toString('hex')}`;
  sandboxPort = 0;
  consolePort = 0;
  private sandbox: ChildProcess | null = null;
  private console: ChildProcess | null = null;

  constructor(private readonly options: MonitorEnvOptions = {}) {}

  get url(): string {
    return `http://127.0.0.1:${this.consolePort}`;
  }

  get sandboxUrl(): string {
    return `http://127.0.0.1:${this.sandboxPort}`;
  }

  async start(): Promise<void> {
    this.sandboxPort = await freePort();
    this.consolePort = await freePort();
    this.sandbox = start(
      'src/sandbox/main.ts',
      {
        SANDBOX_PORT: String(this.sandboxPort),
        SANDBOX_DB: join(this.dir, 'sandbox.db'),
        SANDBOX_API_KEY: this.key,
        SANDBOX_SEED: 'demo',
        SANDBOX_ACTIVITY_PER_MINUTE: '0',
        SANDBOX_LOG: 'silent',
      },
      'sandbox',
    );
    await waitFor(`${this.sandboxUrl}/incoming/v2/openapi.json`, this.sandbox, 'sandbox');
    // The relay polls eight kinds fast here; the default feed throttle is for real integrations.
    await this.settings({ eventsRateLimit: { perMinute: 1_000_000, burst: 100_000 } });
    await this.startConsole();
    await this.grantSupportRole();
  }

  async startConsole(): Promise<void> {
    this.console = start(
      'src/server/main.ts',
      {
        HOST: '127.0.0.1',
        PORT: String(this.consolePort),
        LECTERN_UPSTREAM_URL: this.sandboxUrl,
        LECTERN_API_KEY: this.key,
        LECTERN_GRAPHQL_PATH: '/graphql',
        LECTERN_DB: join(this.dir, 'console.db'),
        LECTERN_ADMINS: STAFF.admin.email,
        LECTERN_RELAY_POLL_MS: String(this.options.pollMs ?? 250),
        LECTERN_LOG: 'error',
        LECTERN_SIGNIN_PER_ADDRESS: '10000',
      },
      'console',
    );
    await waitFor(`${this.url}/api/health`, this.console, 'console server');
  }

  /** Stops the console server only (the sandbox keeps running): SIGTERM, or SIGKILL for a crash. */
  stopConsole(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.console;
    this.console = null;
    return stop(child, signal);
  }

  async close(): Promise<void> {
    await stop(this.console);
    await stop(this.sandbox);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Session cookie for a staff member (sign-in through the console server's API). */
  async signIn(account: { email: string; password: string }): Promise<string> {
    const response = await fetch(`${this.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lectern-csrf': '1', origin: this.url },
      body: JSON.stringify(account),
    });
    if (response.status !== 200)
      throw new Error(`sign-in ${response.status} ${await response.text()}`);
    const cookie = response.headers.get('set-cookie') ?? '';
    return cookie.split(';', 1)[0]!;
  }

  private async grantSupportRole(): Promise<void> {
    const cookie = await this.signIn(STAFF.admin);
    const response = await fetch(
      `${this.url}/api/roles/${encodeURIComponent(STAFF.support.email)}`,
      {
        method: 'PUT',
        headers: {
          cookie,
          'content-type': 'application/json',
          'x-lectern-csrf': '1',
          origin: this.url,
        },
        body: JSON.stringify({ role: 'support' }),
      },
    );
    if (response.status !== 200)
      throw new Error(`grant role ${response.status} ${await response.text()}`);
  }

  async sandboxRequest(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.sandboxUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async settings(patch: Record<string, unknown>): Promise<void> {
    const response = await this.sandboxRequest('PUT', '/sandbox/settings', patch);
    if (response.status !== 200)
      throw new Error(`settings ${response.status} ${await response.text()}`);
  }

  /** Produces learner activity now; returns how many events were created. */
  async produce(count: number, kinds?: string[]): Promise<number> {
    const response = await this.sandboxRequest('POST', '/sandbox/activity', {
      count,
      ...(kinds ? { kinds } : {}),
    });
    const body = (await response.json()) as { total?: number };
    if (response.status !== 200)
      throw new Error(`activity ${response.status} ${JSON.stringify(body)}`);
    return body.total ?? 0;
  }

  /** Every event in the sandbox's feed (the ground truth the monitor must match), by kind. */
  async feedEvents(kinds: readonly string[] = EVENT_KINDS): Promise<LearnerEvent[]> {
    const events: LearnerEvent[] = [];
    for (const kind of kinds) {
      let cursor: string | undefined;
      do {
        const query = new URLSearchParams({ startDate: '0', ...(cursor ? { cursor } : {}) });
        const response = await this.sandboxRequest('GET', `/incoming/v2/events/${kind}?${query}`);
        if (response.status !== 200) throw new Error(`feed ${kind} ${response.status}`);
        const page = (await response.json()) as {
          events: LearnerEvent[];
          pageInfo: { hasMore: boolean; cursor?: string };
        };
        events.push(...page.events);
        cursor = page.pageInfo.hasMore ? page.pageInfo.cursor : undefined;
      } while (cursor);
    }
    return events;
  }
}
