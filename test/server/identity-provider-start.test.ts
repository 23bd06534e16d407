// A misconfigured identity provider stops the start with a message naming it: variables that cannot
// work are refused when the configuration is read, and an issuer whose discovery document does not
// answer, or names another issuer, stops buildConsoleServer (and main.ts exits 1 printing why).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsoleServer } from '../../src/server/app.ts';
import { IdentityProviderStartError } from '../../src/server/auth/identity-provider-service.ts';
import { readConsoleConfig } from '../../src/server/config.ts';
import { testConfig } from './helpers/console-harness.ts';

const UPSTREAM = { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', graphqlPath: '/graphql' };
// Ports of this file (the issue's range): a discovery document naming another issuer, and nothing.
const IMPOSTOR_PORT = 5020;
const NOTHING_PORT = 5021;

const OIDC = {
  LECTERN_OIDC_CLIENT_ID: 'lectern-console',
  LECTERN_OIDC_CLIENT_SECRET: 'lectern-console-secret-0123456789',
  LECTERN_OIDC_ROLE_MAP: 'lectern-admins=admin',
};

describe('identity provider configuration', () => {
  it.each([
    [
      { LECTERN_OIDC_ISSUER: 'http://idp.corp.test', ...OIDC },
      'LECTERN_OIDC_ISSUER: must use https (http only for a provider on this machine: localhost, 127.0.0.1)',
    ],
    [
      { LECTERN_OIDC_ISSUER: 'https://idp.corp.test', ...OIDC, LECTERN_OIDC_ROLE_MAP: 'a=owner' },
      'LECTERN_OIDC_ROLE_MAP: "a=owner": the role must be one of admin, contentManager, support',
    ],
    [
      { LECTERN_OIDC_ISSUER: 'https://idp.corp.test', ...OIDC, LECTERN_OIDC_ROLE_MAP: 'admins' },
      'LECTERN_OIDC_ROLE_MAP: "admins" must be group=role (for example lectern-admins=admin)',
    ],
    [
      { LECTERN_OIDC_ISSUER: 'https://idp.corp.test' },
      "LECTERN_OIDC_CLIENT_ID, LECTERN_OIDC_ROLE_MAP: must be set together with LECTERN_OIDC_ISSUER (sign-in through an identity provider needs its issuer, the console's client id and which groups give which role)",
    ],
    [
      { LECTERN_INSTANCE_LOGIN: 'off' },
      'LECTERN_INSTANCE_LOGIN: can be off only when an identity provider is configured (LECTERN_OIDC_ISSUER and friends); otherwise nobody could sign in',
    ],
    [
      { LECTERN_METRICS_TOKEN: 'short' },
      'LECTERN_METRICS_TOKEN: must be at least 16 characters (a random secret that scrapers send as a bearer token)',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => readConsoleConfig(env)).toThrow(`Invalid console configuration:\n  ${message}`);
  });

  it('reads a role map, trimmed, several groups to a role', () => {
    const config = readConsoleConfig({
      LECTERN_OIDC_ISSUER: 'https://idp.corp.test/realms/staff',
      ...OIDC,
      LECTERN_OIDC_ROLE_MAP:
        ' lectern-admins=admin , editors=contentManager,writers=contentManager',
    });
    expect(config.identityProvider).toMatchObject({
      issuer: 'https://idp.corp.test/realms/staff',
      name: 'single sign-on',
      rolesClaim: 'groups',
    });
    expect(Object.fromEntries(config.identityProvider!.roleMap)).toEqual({
      'lectern-admins': 'admin',
      editors: 'contentManager',
      writers: 'contentManager',
    });
  });
});

describe('an issuer the console cannot use', () => {
  let impostor: Server;

  beforeAll(async () => {
    // Answers discovery for 127.0.0.1:IMPOSTOR_PORT, but names another issuer (a copied document, a
    // proxy in front of the wrong realm).
    impostor = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          issuer: 'https://idp.corp.test/realms/other',
          authorization_endpoint: 'https://idp.corp.test/auth',
          token_endpoint: 'https://idp.corp.test/token',
          jwks_uri: 'https://idp.corp.test/jwks',
        }),
      );
    });
    impostor.listen(IMPOSTOR_PORT, '127.0.0.1');
    await once(impostor, 'listening');
  });
  afterAll(async () => {
    impostor.close();
    await once(impostor, 'close');
  });

  async function startError(issuer: string): Promise<Error> {
    const config = testConfig({ LECTERN_OIDC_ISSUER: issuer, ...OIDC });
    const error = await buildConsoleServer(config, UPSTREAM).then(
      async (server) => {
        await server.close();
        return new Error('the server started');
      },
      (caught: Error) => caught,
    );
    expect(error).toBeInstanceOf(IdentityProviderStartError);
    return error;
  }

  it('stops the start naming an issuer that does not answer', async () => {
    const issuer = `http://127.0.0.1:${NOTHING_PORT}`;
    const error = await startError(issuer);
    expect(error.message).toMatch(
      new RegExp(`^Cannot use the identity provider LECTERN_OIDC_ISSUER=${issuer}: .*ECONNREFUSED`),
    );
    expect(error.message).toContain(
      `Its discovery document (${issuer}/.well-known/openid-configuration) must answer and name exactly this issuer.`,
    );
  });

  it('stops the start naming an issuer whose discovery document names another', async () => {
    const issuer = `http://127.0.0.1:${IMPOSTOR_PORT}`;
    const error = await startError(issuer);
    expect(error.message).toMatch(
      new RegExp(`^Cannot use the identity provider LECTERN_OIDC_ISSUER=${issuer}: .*issuer`),
    );
  });

  it('main.ts prints the message and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lectern-idp-start-'));
    try {
      const issuer = `http://127.0.0.1:${NOTHING_PORT}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          LECTERN_DB: join(dir, 'console.db'),
          LECTERN_UPSTREAM_URL: UPSTREAM.baseUrl,
          LECTERN_API_KEY: UPSTREAM.apiKey,
          LECTERN_GRAPHQL_PATH: UPSTREAM.graphqlPath,
          LECTERN_LOG: 'silent',
          LECTERN_OIDC_ISSUER: issuer,
          ...OIDC,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(stderr).toContain(`Cannot use the identity provider LECTERN_OIDC_ISSUER=${issuer}: `);
      expect(stderr).not.toContain(OIDC.LECTERN_OIDC_CLIENT_SECRET);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
