// The event monitor's own test environment: a sandbox process and a console server process pointed at it
// (upstream mode, as against a real instance), on the worker's ports (or free ones) and temporary
// databases. Separate processes so a test can stop and restart the console server mid-stream while the
// sandbox keeps producing events, and with a fast relay poll so "appears within 2 s" measures the
// monitor, not the poll interval.
// Used by the specs of e2e/event-monitor/ and bench/monitor-render.ts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { EVENT_KINDS } from '#contract/enums.ts';
import { DEMO_STAFF } from '../../test/helpers/demo-accounts.ts';
import { freePort } from '../../test/helpers/free-port.ts';
import { copySeededSandbox } from '../support/env.ts';
import { startServer, stopServer, waitUntilAnswering } from '../support/processes.ts';

export const STAFF = { admin: DEMO_STAFF.admin, support: DEMO_STAFF.support } as const;

export interface MonitorEnvOptions {
  pollMs?: number;
}

/** Ports of the sandbox and the console server; by default free ones the system picks. */
export interface MonitorPorts {
  sandbox: number;
  console: number;
}

export class MonitorEnv {
  /** The databases' folder, made by start() and removed by close(). */
  private dir = '';
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

  async start(ports?: MonitorPorts): Promise<void> {
    this.dir = mkdtempSync(join(tmpdir(), 'lectern-monitor-'));
    this.sandboxPort = ports?.sandbox ?? (await freePort());
    this.consolePort = ports?.console ?? (await freePort());
    copySeededSandbox(join(this.dir, 'sandbox.db'));
    this.sandbox = startServer(
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
    await waitUntilAnswering(
      `${this.sandboxUrl}/incoming/v2/openapi.json`,
      this.sandbox,
      'sandbox',
    );
    // The relay polls eight kinds fast here; the default feed throttle is for real integrations.
    await this.settings({ eventsRateLimit: { perMinute: 1_000_000, burst: 100_000 } });
    await this.startConsole();
    await this.grantSupportRole();
  }

  async startConsole(): Promise<void> {
    this.console = startServer(
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
    await waitUntilAnswering(`${this.url}/api/health`, this.console, 'console server');
  }

  /** Stops the console server only (the sandbox keeps running): SIGTERM, or SIGKILL for a crash. */
  stopConsole(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.console;
    this.console = null;
    return stopServer(child, signal);
  }

  async close(): Promise<void> {
    await stopServer(this.console);
    await stopServer(this.sandbox);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
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
  feedEvents(kinds: readonly string[] = EVENT_KINDS): Promise<LearnerEvent[]> {
    return readWholeFeed(async (path) => {
      const response = await this.sandboxRequest('GET', path);
      return { status: response.status, body: await response.json() };
    }, kinds);
  }
}

/** Every event of a sandbox's feed, by kind, read through `get` (a path of the sandbox's API). */
export async function readWholeFeed(
  get: (path: string) => Promise<{ status: number; body: unknown }>,
  kinds: readonly string[] = EVENT_KINDS,
): Promise<LearnerEvent[]> {
  const events: LearnerEvent[] = [];
  for (const kind of kinds) {
    let cursor: string | undefined;
    let throttled = 0;
    for (;;) {
      const query = new URLSearchParams({ startDate: '0', ...(cursor ? { cursor } : {}) });
      const response = await get(`/incoming/v2/events/${kind}?${query}`);
      // The relay reads the same feed with the same key: a 429 is waited out, as the relay does.
      if (response.status === 429 && ++throttled <= 20) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (response.status !== 200) throw new Error(`feed ${kind} ${response.status}`);
      const page = response.body as {
        events: LearnerEvent[];
        pageInfo: { hasMore: boolean; cursor?: string };
      };
      events.push(...page.events);
      if (!page.pageInfo.hasMore) break;
      cursor = page.pageInfo.cursor;
    }
  }
  return events;
}
