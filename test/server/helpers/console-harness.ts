// Starts a real sandbox (in-memory) and a real console server in front of it, both on ephemeral ports,
// with a scanning client and captured (redacted) logs, on SQLite (in memory) or on a fresh database of
// the run's PostgreSQL server. Every response and log line of the run is checked for the API key and
// the database password.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { ConsoleRole } from '#contract/console/access.ts';
import {
  buildConsoleServer,
  type ConsoleServer,
  type ConsoleServerOptions,
} from '../../../src/server/app.ts';
import {
  readConsoleConfig,
  type ConsoleConfig,
  type UpstreamConfig,
} from '../../../src/server/config.ts';
import type { Engine } from '../../../src/server/storage/schema.ts';
import { startSandbox, type TestSandbox } from '../../helpers/sandbox.ts';
import { databaseEnv, postgresPassword } from '../../helpers/test-database.ts';
import { ScanningClient } from './scanning-client.ts';
import { tableResolver } from './test-resolver.ts';

export interface Harness {
  sandbox: TestSandbox;
  server: ConsoleServer;
  url: string;
  http: ScanningClient;
  logs: string[];
  /** Log lines that contained a secret (must stay empty). */
  logLeaks: string[];
  /** Every request the sandbox received (method, url, headers), in order. */
  upstreamRequests: UpstreamRequest[];
  /** Requests the console forwarded since `before` (an index into upstreamRequests): without the
   * course history's own reads, which a write made earlier may still be sending. */
  forwardedSince(before: number): UpstreamRequest[];
  config: ConsoleConfig;
  engine: Engine;
  /** A signed-in session without going through GraphQL (role null = signed in without access). */
  sessionCookie(email: string, role: ConsoleRole | null): Promise<string>;
  /** Signs in through POST /api/session; returns the cookie to send back. */
  signIn(email: string, password: string): Promise<string>;
  /** Changes the sandbox's runtime settings (faults, rate limits...) through PUT /sandbox/settings. */
  sandboxSettings(patch: Record<string, unknown>): Promise<void>;
  /** Creates a learner account in the sandbox. */
  createUser(email: string, password: string, firstName?: string, lastName?: string): Promise<void>;
  close(): Promise<void>;
}

export interface UpstreamRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface HarnessOptions {
  /** SQLite in memory (default) or a new database on the run's PostgreSQL server. */
  engine?: Engine;
  sandbox?: Parameters<typeof startSandbox>[0];
  env?: Record<string, string>;
  configure?: (config: ConsoleConfig) => void;
  /** Point the console at another upstream (a wrong key, a closed port). */
  upstream?: (sandbox: TestSandbox) => UpstreamConfig | Promise<UpstreamConfig>;
  server?: ConsoleServerOptions;
}

export function testConfig(env: Record<string, string> = {}): ConsoleConfig {
  const config = readConsoleConfig({
    ...(env.LECTERN_DATABASE_URL ? {} : { LECTERN_DB: ':memory:' }),
    PORT: '0',
    LECTERN_SERVER_NAME: 'test-console',
    LECTERN_LOG: 'info',
    LECTERN_RELAY_KINDS: 'none',
    ...env,
  });
  return config;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const engine = options.engine ?? 'sqlite';
  const sandbox = await startSandbox(options.sandbox);
  const config = testConfig({ ...(await databaseEnv(engine)), ...options.env });
  options.configure?.(config);
  const upstream: UpstreamConfig = (await options.upstream?.(sandbox)) ?? {
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.secretKey,
    graphqlPath: '/graphql',
  };
  const logs: string[] = [];
  const logLeaks: string[] = [];
  const upstreamRequests: UpstreamRequest[] = [];
  sandbox.sandbox.app.server.on('request', (request: IncomingMessage) =>
    upstreamRequests.push({ method: request.method!, url: request.url!, headers: request.headers }),
  );
  const forbidden = () => [
    sandbox.secretKey,
    upstream.apiKey,
    ...(engine === 'postgres' ? [postgresPassword()] : []),
  ];
  const server = await buildConsoleServer(config, upstream, {
    logDestination: {
      write(line) {
        logs.push(line);
        if (forbidden().some((secret) => line.includes(secret))) logLeaks.push(line);
      },
    },
    resolveHost: tableResolver(),
    ...options.server,
  });
  const url = await server.listen();
  const http = new ScanningClient(url, url, forbidden);
  let counter = 0;

  return {
    sandbox,
    server,
    url,
    http,
    logs,
    logLeaks,
    upstreamRequests,
    forwardedSince: (before) =>
      upstreamRequests.slice(before).filter((request) => !request.headers['x-lectern-read']),
    config,
    engine,
    async sessionCookie(email, role) {
      const normalized = email.toLowerCase();
      if (role) await server.deps.roles.grant(normalized, role, 'cli', null);
      else await server.deps.roles.revoke(normalized, 'cli');
      const { id } = await server.deps.sessions.start({
        email: normalized,
        userId: `user-${++counter}`,
        firstName: 'Test',
        lastName: role ?? 'Nobody',
      });
      return `${server.deps.sessionCookie.name}=${id}`;
    },
    async signIn(email, password) {
      const response = await http.post('/api/session', { body: { email, password } });
      if (response.status !== 200)
        throw new Error(`sign-in failed: ${response.status} ${response.text}`);
      return cookieFrom(response.headers['set-cookie']);
    },
    async sandboxSettings(patch) {
      const response = await sandbox.raw('PUT', '/sandbox/settings', patch, {
        authorization: `Bearer ${sandbox.secretKey}`,
      });
      if (response.status !== 200)
        throw new Error(`sandboxSettings: ${response.status} ${response.text}`);
    },
    async createUser(email, password, firstName = 'First', lastName = 'Last') {
      const response = await sandbox.raw(
        'POST',
        '/sandbox/users',
        { email, password, firstName, lastName },
        { authorization: `Bearer ${sandbox.secretKey}` },
      );
      if (response.status !== 201)
        throw new Error(`createUser: ${response.status} ${response.text}`);
    },
    async close() {
      await http.close();
      await server.close();
      await sandbox.close();
      // Every harness run doubles as a check that no log line carried the key.
      if (logLeaks.length > 0) throw new Error(`API key found in ${logLeaks.length} log line(s)`);
    },
  };
}

/** `name=value` of the first Set-Cookie header. */
export function cookieFrom(header: string | string[] | undefined): string {
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error('no Set-Cookie header');
  return first.split(';', 1)[0]!;
}
