// Configuration: defaults, the three upstream variables together, and errors that name the variable.
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '#contract/index.ts';
import { ConfigError, readConsoleConfig } from './config.ts';

const UPSTREAM = {
  LECTERN_UPSTREAM_URL: 'https://learn.example.com/base/',
  LECTERN_API_KEY: 'key-123',
  LECTERN_GRAPHQL_PATH: '/api/graphql',
};

describe('console configuration', () => {
  it('has working defaults (demo mode)', () => {
    const config = readConsoleConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4400,
      upstream: null,
      database: { engine: 'sqlite', file: '.data/console.db' },
      admins: [],
      session: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
      publicOrigin: null,
      upstreamTimeoutMs: 30_000,
      trustProxy: false,
      sandbox: { port: 0, dbFile: '.data/sandbox.db' },
      // One attempt below the platform's lockout (5 failures in 15 minutes), over 16 minutes.
      signIn: { perEmail: 4, perAddress: 50, emailWindowMs: 16 * 60_000 },
    });
    expect(readConsoleConfig({ LECTERN_UPSTREAM_LOCKOUT_AFTER: '10' }).signIn.perEmail).toBe(9);
    expect(config.relay.kinds).toEqual([...EVENT_KINDS]);
    expect(config.relay.retentionDays).toBe(30);
  });

  it('reads a real instance and the other variables', () => {
    const config = readConsoleConfig({
      ...UPSTREAM,
      PORT: '8080',
      LECTERN_ADMINS: 'A@x.com, b@y.org,',
      LECTERN_PUBLIC_ORIGIN: 'https://console.example.com',
      LECTERN_RELAY_KINDS: 'courseCompletion, quizAttempt',
      LECTERN_RELAY_RETENTION_DAYS: '7',
      LECTERN_TRUST_PROXY: '1',
      LECTERN_DB: '',
    });
    expect(config.upstream).toEqual({
      baseUrl: 'https://learn.example.com/base',
      apiKey: 'key-123',
      graphqlPath: '/api/graphql',
    });
    expect(config.port).toBe(8080);
    expect(config.admins).toEqual(['a@x.com', 'b@y.org']);
    expect(config.publicOrigin).toBe('https://console.example.com');
    expect(config.relay.kinds).toEqual(['courseCompletion', 'quizAttempt']);
    expect(config.relay.retentionDays).toBe(7);
    expect(config.trustProxy).toBe(1);
    expect(config.database).toEqual({ engine: 'sqlite', file: '.data/console.db' }); // empty: unset
    expect(config.serverName).toBe(`${hostname()}:8080`);
    expect(readConsoleConfig({ LECTERN_RELAY_KINDS: 'none' }).relay.kinds).toEqual([]);
  });

  it('requires the three upstream variables together and names the missing ones', () => {
    expect(() =>
      readConsoleConfig({ LECTERN_UPSTREAM_URL: UPSTREAM.LECTERN_UPSTREAM_URL }),
    ).toThrow(
      'LECTERN_API_KEY, LECTERN_GRAPHQL_PATH: must be set together with LECTERN_UPSTREAM_URL',
    );
    expect(() => readConsoleConfig({ LECTERN_API_KEY: 'k' })).toThrow(
      'LECTERN_UPSTREAM_URL, LECTERN_GRAPHQL_PATH: must be set together with LECTERN_API_KEY',
    );
  });

  it('selects PostgreSQL with LECTERN_DATABASE_URL and names the server', () => {
    const config = readConsoleConfig({
      LECTERN_DATABASE_URL:
        'postgresql://lectern:s3cret@db.example.com:5432/lectern?sslmode=require',
      LECTERN_DATABASE_POOL_SIZE: '20',
      LECTERN_SERVER_NAME: 'console-2',
    });
    expect(config.database).toEqual({
      engine: 'postgres',
      url: 'postgresql://lectern:s3cret@db.example.com:5432/lectern?sslmode=require',
      poolSize: 20,
    });
    expect(config.serverName).toBe('console-2');
  });

  it('never repeats a malformed database URL (it may hold a password)', () => {
    expect(() => readConsoleConfig({ LECTERN_DATABASE_URL: 'postgres//u:hunter2@db' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });

  const malformed: [Record<string, string>, string][] = [
    [{ PORT: 'eighty' }, 'PORT: must be a whole number'],
    [{ PORT: '70000' }, 'PORT: must be at most 65535'],
    [
      { ...UPSTREAM, LECTERN_UPSTREAM_URL: 'ftp://x' },
      'LECTERN_UPSTREAM_URL: must be the http(s) base URL',
    ],
    [
      { ...UPSTREAM, LECTERN_GRAPHQL_PATH: 'graphql' },
      'LECTERN_GRAPHQL_PATH: must be a path starting with /',
    ],
    [
      { LECTERN_ADMINS: 'boss' },
      'LECTERN_ADMINS.0: must be a comma-separated list of email addresses',
    ],
    [
      { LECTERN_PUBLIC_ORIGIN: 'https://x.com/console' },
      'LECTERN_PUBLIC_ORIGIN: must be an origin only',
    ],
    [{ LECTERN_RELAY_KINDS: 'courseAction,bogus' }, 'LECTERN_RELAY_KINDS.1:'],
    [{ LECTERN_SESSION_IDLE_MINUTES: '0' }, 'LECTERN_SESSION_IDLE_MINUTES: must be at least 1'],
    [{ LECTERN_LOG: 'loud' }, 'LECTERN_LOG:'],
    [
      { LECTERN_DATABASE_URL: 'mysql://user:pw@db/lectern' },
      'LECTERN_DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@db.example.com:5432/lectern',
    ],
    [{ LECTERN_DATABASE_URL: 'postgres://db.example.com' }, 'LECTERN_DATABASE_URL: must be'],
    [
      { LECTERN_DATABASE_URL: 'postgres://u:p@db/lectern', LECTERN_DB: 'x.db' },
      'LECTERN_DB, LECTERN_DATABASE_URL: set one of them',
    ],
    [{ LECTERN_DATABASE_POOL_SIZE: '0' }, 'LECTERN_DATABASE_POOL_SIZE: must be at least 1'],
    [
      { LECTERN_URL_ALLOWLIST: 'files.lectern.test, 10.0.0.0/33' },
      "LECTERN_URL_ALLOWLIST: must be a comma-separated list of hosts and CIDR ranges: '10.0.0.0/33' is not a CIDR range such as 10.20.0.0/16 or fd00::/8",
    ],
    [
      { LECTERN_OIDC_ROLE_MAP: 'lectern-admins=owner' },
      'LECTERN_OIDC_ROLE_MAP: "lectern-admins=owner": the role must be one of admin, contentManager, support',
    ],
    [{ LECTERN_SERVER_NAME: 'two words' }, 'LECTERN_SERVER_NAME: must be 1 to 60 letters'],
    [
      { LECTERN_SIGNIN_PER_EMAIL: '5' },
      'LECTERN_SIGNIN_PER_EMAIL: must be below LECTERN_UPSTREAM_LOCKOUT_AFTER (5), so that the console stops before the learning platform locks the account',
    ],
  ];
  for (const [env, message] of malformed)
    it(`refuses ${JSON.stringify(env)} naming the variable`, () => {
      let error: unknown;
      try {
        readConsoleConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(message);
    });
});
