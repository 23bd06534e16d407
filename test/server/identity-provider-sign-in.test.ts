// Sign-in through a real OpenID Provider (test/helpers/test-identity-provider.ts, oidc-provider) over
// real HTTP, on both engines: the whole Authorization Code + PKCE round trip, then each way it must
// fail (wrong state, replayed code, expired / foreign-audience / wrong-nonce / forged ID token, the
// provider down), roles from the groups claim at every sign-in (no mapped group, a group removed),
// sign-out with the provider's end-session, and the audit rows. Then a console with password sign-in
// off and roles read from a nested claim. Ports: 5010-5015 (this file's share of 5000-5049).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#contract/console/audit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import {
  CookieJar,
  signInAtProvider,
  startIdentityProvider,
  TEST_CLIENT,
  type TestIdentityProvider,
} from '../helpers/test-identity-provider.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

const START = '/api/session/identity-provider';

/** A browser at the console on `origin`: clicks "Sign in with Corp SSO", follows the redirects. */
function browserAt(origin: string) {
  /** Clicks "Sign in with Corp SSO": the console's answer and the browser's cookies. */
  async function begin(returnTo = '/course-groups') {
    const jar = new CookieJar();
    const response = await fetch(`${origin}${START}?returnTo=${encodeURIComponent(returnTo)}`, {
      redirect: 'manual',
    });
    jar.take(response);
    return { response, jar, location: response.headers.get('location')! };
  }

  /** Follows the provider's redirect back to the console with the browser's cookies. */
  async function callback(url: URL | string, jar: CookieJar) {
    const target = new URL(url);
    const response = await fetch(`${origin}${target.pathname}${target.search}`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.take(response);
    return { response, location: response.headers.get('location') };
  }

  async function signIn(login: string, returnTo?: string) {
    const started = await begin(returnTo);
    const back = await signInAtProvider(started.location, login);
    return { ...(await callback(back, started.jar)), jar: started.jar, back };
  }

  return { begin, callback, signIn };
}

describe.each(ENGINES)('sign-in through the identity provider (%s)', (engine) => {
  const offset = engine === 'sqlite' ? 0 : 2;
  const providerPort = 5010 + offset;
  const consolePort = 5011 + offset;
  const origin = `http://127.0.0.1:${consolePort}`;
  let idp: TestIdentityProvider;
  let h: Harness;
  let adminCookie: string;

  beforeAll(async () => {
    idp = await startIdentityProvider({
      port: providerPort,
      consoleOrigins: [origin],
      accounts: {
        ada: {
          email: 'Ada@Corp.test',
          given_name: 'Ada',
          family_name: 'Lovelace',
          groups: ['lectern-admins', 'staff'],
        },
        grace: {
          email: 'grace@corp.test',
          given_name: 'Grace',
          family_name: 'Hopper',
          groups: ['lectern-editors'],
        },
        nobody: {
          email: 'nobody@corp.test',
          given_name: 'No',
          family_name: 'Body',
          groups: ['staff'],
        },
        unverified: {
          email: 'mallory@corp.test',
          email_verified: false,
          groups: ['lectern-admins'],
        },
      },
    });
    h = await startHarness({
      engine,
      env: {
        PORT: String(consolePort),
        LECTERN_OIDC_ISSUER: idp.issuer,
        LECTERN_OIDC_CLIENT_ID: TEST_CLIENT.id,
        LECTERN_OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        LECTERN_OIDC_NAME: 'Corp SSO',
        LECTERN_OIDC_SCOPES: 'openid email profile groups',
        LECTERN_OIDC_ROLE_MAP:
          'lectern-admins=admin,lectern-editors=contentManager,lectern-support=support',
      },
    });
    adminCookie = await h.sessionCookie('auditor@lectern.test', 'admin');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    expect(h.logs.join('\n')).not.toContain(TEST_CLIENT.secret);
    await h.close();
    await idp.close();
  });

  const { begin, callback, signIn } = browserAt(origin);

  async function session(jar: CookieJar) {
    return h.http.get('/api/session', { cookie: `lectern_session=${jar.get('lectern_session')}` });
  }

  /** The newest callback row, once completed (it is written before the session starts, completed after the answer). */
  async function lastAudit(): Promise<AuditEntry> {
    let row: AuditEntry | undefined;
    await vi.waitFor(
      async () => {
        const response = await h.http.get('/api/audit?route=finishIdentityProviderSignIn&limit=1', {
          cookie: adminCookie,
        });
        expect(response.status).toBe(200);
        row = (response.body as { entries: AuditEntry[] }).entries[0];
        expect(row?.outcome).toBe('completed');
      },
      { interval: 20 },
    );
    return row!;
  }

  it('offers the provider on the sign-in page', async () => {
    const meta = await h.http.get('/api/meta');
    expect(meta.body).toMatchObject({
      signIn: { instance: true, identityProvider: { name: 'Corp SSO' } },
    });
  });

  it('starts with state, nonce and an S256 PKCE challenge, and a Lax, HttpOnly sign-in cookie', async () => {
    const { response, location } = await begin();
    expect(response.status).toBe(303);
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.pathname).toBe('/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: TEST_CLIENT.id,
      response_type: 'code',
      redirect_uri: `${origin}/api/session/identity-provider/callback`,
      scope: 'openid email profile groups',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(
      /^lectern_sign_in=[\w-]{43}; Max-Age=600; Path=\/api\/session\/identity-provider; HttpOnly; SameSite=Lax$/,
    );
  });

  it('signs in: the code is exchanged, the ID token checked, the role taken from the groups', async () => {
    const { response, location, jar, back } = await signIn('ada', '/course-groups?q=intro');
    expect(response.status).toBe(303);
    expect(location).toBe('/course-groups?q=intro');
    const setCookies = response.headers.getSetCookie();
    expect(
      setCookies.some((line) =>
        /^lectern_session=[\w-]{43}; Path=\/; Expires=.*; HttpOnly; SameSite=Strict$/.test(line),
      ),
    ).toBe(true);
    // The sign-in cookie is used up.
    expect(setCookies.some((line) => line.startsWith('lectern_sign_in=;'))).toBe(true);

    const current = await session(jar);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({
      user: { id: 'ada', email: 'ada@corp.test', firstName: 'Ada', lastName: 'Lovelace' },
      role: 'admin',
      signedInWith: 'identityProvider',
    });

    const row = await lastAudit();
    expect(row).toMatchObject({
      operation: 'finishIdentityProviderSignIn',
      route: 'GET /api/session/identity-provider/callback',
      path: '/api/session/identity-provider/callback',
      method: 'GET',
      userEmail: 'ada@corp.test',
      // The role the sign-in granted (the caller had no session, so no role, before it).
      role: 'admin',
      signedInWith: 'identityProvider',
      summary: 'sign in through Corp SSO as admin (groups: lectern-admins)',
      status: 303,
      refusal: null,
      outcome: 'completed',
    });
    // Neither the code nor the state reaches the audit log.
    expect(JSON.stringify(row)).not.toContain(back.searchParams.get('code')!);

    const roles = await h.http.get('/api/roles', { cookie: adminCookie });
    expect((roles.body as { roles: unknown[] }).roles).toContainEqual(
      expect.objectContaining({
        email: 'ada@corp.test',
        role: 'admin',
        source: 'identityProvider',
      }),
    );
  });

  it('refuses a wrong state and uses the sign-in up', async () => {
    const started = await begin();
    const back = await signInAtProvider(started.location, 'ada');
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'x'.repeat(43));
    const refused = await callback(tampered, started.jar);
    expect(refused.response.status).toBe(303);
    expect(refused.location).toBe('/sign-in?problem=state_mismatch');
    expect(
      refused.response.headers.getSetCookie().some((line) => line.startsWith('lectern_session=')),
    ).toBe(false);
    expect(await lastAudit()).toMatchObject({
      summary: 'sign in through Corp SSO refused (state_mismatch)',
      refusal: "the state the provider returned is not this sign-in's",
      signedInWith: 'identityProvider',
      userEmail: null,
      status: 303,
    });
    // The right state afterwards finds nothing waiting: each sign-in is tried once.
    started.jar.set('lectern_sign_in', new URL(started.location).searchParams.get('state')!);
    expect((await callback(back, started.jar)).location).toBe('/sign-in?problem=expired');
  });

  it('refuses a callback without the sign-in cookie (another browser, or a forged link)', async () => {
    const started = await begin();
    const back = await signInAtProvider(started.location, 'ada');
    expect((await callback(back, new CookieJar())).location).toBe('/sign-in?problem=expired');
  });

  it('refuses a replayed code: the same callback again, and the code in a new sign-in', async () => {
    const first = await signIn('grace');
    expect(first.location).toBe('/course-groups');
    // The same redirect again (the browser's back button, or someone who saw the URL).
    expect((await callback(first.back, first.jar)).location).toBe('/sign-in?problem=expired');
    // The stolen code in a sign-in of the attacker's own: the state matches, the provider refuses.
    const attacker = await begin();
    const replay = new URL(first.back);
    replay.searchParams.set('state', new URL(attacker.location).searchParams.get('state')!);
    const before = idp.tokenRequests;
    const refused = await callback(replay, attacker.jar);
    expect(idp.tokenRequests).toBe(before + 1);
    expect(refused.location).toBe('/sign-in?problem=provider_refused');
    expect((await lastAudit()).refusal).toMatch(/^the provider answered invalid_grant/);
  });

  it.each([
    [
      'expired',
      {
        claims: (c: Record<string, unknown>) => ({
          ...c,
          iat: Number(c.iat) - 7200,
          exp: Number(c.iat) - 3600,
        }),
      },
      /"exp" \(expiration time\)/,
    ],
    [
      'for another audience',
      { claims: (c: Record<string, unknown>) => ({ ...c, aud: 'another-app' }) },
      /aud/,
    ],
    [
      'from another issuer',
      { claims: (c: Record<string, unknown>) => ({ ...c, iss: 'http://127.0.0.1:5049' }) },
      /iss/,
    ],
    [
      'issued for another sign-in (another nonce)',
      { claims: (c: Record<string, unknown>) => ({ ...c, nonce: 'another-sign-ins-nonce' }) },
      /nonce/,
    ],
    [
      'signed with a key the provider does not publish',
      { foreignKey: true, claims: (c: Record<string, unknown>) => c },
      /signature/i,
    ],
  ])('refuses an ID token %s', async (_name, forge, detail) => {
    const started = await begin();
    const back = await signInAtProvider(started.location, 'ada');
    idp.forgeNextIdToken(forge);
    const refused = await callback(back, started.jar);
    expect(refused.location).toBe('/sign-in?problem=token_invalid');
    expect(
      refused.response.headers.getSetCookie().some((line) => line.startsWith('lectern_session=')),
    ).toBe(false);
    const row = await lastAudit();
    expect(row.summary).toBe('sign in through Corp SSO refused (token_invalid)');
    expect(row.refusal).toMatch(detail);
  });

  it('signs a user with no mapped group in without a role: the no-access page', async () => {
    const { location, jar } = await signIn('nobody');
    expect(location).toBe('/course-groups');
    const current = await session(jar);
    expect(current.body).toMatchObject({
      role: null,
      signedInWith: 'identityProvider',
      capabilities: { read: false },
    });
    const refused = await h.http.get('/api/v2/tags', {
      cookie: `lectern_session=${jar.get('lectern_session')}`,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'no_access' });
    expect(await lastAudit()).toMatchObject({
      summary: 'sign in through Corp SSO without a role',
      role: null,
    });
  });

  it('refuses an email the provider says is not verified', async () => {
    const { location } = await signIn('unverified');
    expect(location).toBe('/sign-in?problem=no_email');
    expect(await lastAudit()).toMatchObject({
      userEmail: 'mallory@corp.test',
      refusal: 'the provider says this email address is not verified',
    });
  });

  it('takes the role from the claim at every sign-in: a removed group removes the role', async () => {
    idp.accounts.get('grace')!.groups = ['lectern-editors'];
    const first = await signIn('grace');
    expect((await session(first.jar)).body).toMatchObject({ role: 'contentManager' });

    idp.accounts.get('grace')!.groups = ['lectern-support'];
    const second = await signIn('grace');
    expect((await session(second.jar)).body).toMatchObject({ role: 'support' });

    idp.accounts.get('grace')!.groups = ['staff'];
    const third = await signIn('grace');
    expect((await session(third.jar)).body).toMatchObject({ role: null });
    // The grant is gone, so the earlier session (still live) has no role any more either.
    const earlier = await h.http.get('/api/v2/tags', {
      cookie: `lectern_session=${first.jar.get('lectern_session')}`,
    });
    expect(earlier.status).toBe(403);
    const roles = await h.http.get('/api/roles', { cookie: adminCookie });
    expect((roles.body as { roles: { email: string }[] }).roles.map((r) => r.email)).not.toContain(
      'grace@corp.test',
    );
  });

  it('keeps a role an admin granted when no group maps to one', async () => {
    await h.server.deps.roles.grant(
      'nobody@corp.test',
      'support',
      'console',
      'auditor@lectern.test',
    );
    const { jar } = await signIn('nobody');
    expect((await session(jar)).body).toMatchObject({ role: 'support' });
    await h.server.deps.roles.revoke('nobody@corp.test', 'cli');
  });

  it('answers provider_unavailable when the provider is down at the exchange', async () => {
    const started = await begin();
    const back = await signInAtProvider(started.location, 'ada');
    await idp.stop();
    try {
      const refused = await callback(back, started.jar);
      expect(refused.location).toBe('/sign-in?problem=provider_unavailable');
      expect((await lastAudit()).refusal).toMatch(/^the provider could not be reached/);
    } finally {
      await idp.start();
    }
    // Back up: signing in works again.
    expect((await signIn('ada')).location).toBe('/course-groups');
  });

  it('passes on an error the provider sends back (the user cancelled)', async () => {
    const started = await begin();
    const state = new URL(started.location).searchParams.get('state')!;
    const refused = await callback(
      `${origin}/api/session/identity-provider/callback?error=access_denied&error_description=End-User+aborted+interaction&state=${state}`,
      started.jar,
    );
    expect(refused.location).toBe('/sign-in?problem=provider_refused');
    expect((await lastAudit()).refusal).toBe('access_denied: End-User aborted interaction');
  });

  it('sends the browser only to console paths after sign-in', async () => {
    const { location } = await signIn('ada', '//evil.test/phish');
    expect(location).toBe('/');
  });

  it("signs out of the console; the provider's end-session is offered through /api/meta", async () => {
    const { jar } = await signIn('ada');
    const cookie = `lectern_session=${jar.get('lectern_session')}`;
    const out = await h.http.delete('/api/session', { cookie });
    expect(out.status).toBe(204);
    expect((await h.http.get('/api/session', { cookie })).status).toBe(401);
    const meta = await h.http.get('/api/meta');
    const url = new URL(
      (meta.body as { signIn: { identityProvider: { signOutUrl: string } } }).signIn
        .identityProvider.signOutUrl,
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: TEST_CLIENT.id,
      post_logout_redirect_uri: `${origin}/sign-in`,
    });
    // The provider accepts it (no error page): its page goes on to confirm signing out there.
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="${idp.issuer}/session/end/confirm"`);
  });
});

describe('password sign-in turned off, roles from a nested claim', () => {
  const origin = 'http://127.0.0.1:5015';
  let idp: TestIdentityProvider;
  let h: Harness;
  const { signIn } = browserAt(origin);
  /** The ID token of the next sign-in carries `roles` under realm_access (as Keycloak sends them). */
  const nextRoles = (roles: string[]) =>
    idp.forgeNextIdToken({ claims: (claims) => ({ ...claims, realm_access: { roles } }) });

  beforeAll(async () => {
    idp = await startIdentityProvider({
      port: 5014,
      consoleOrigins: [origin],
      accounts: { ada: { email: 'ada@corp.test', groups: ['lectern-admins'] } },
    });
    h = await startHarness({
      env: {
        PORT: '5015',
        LECTERN_INSTANCE_LOGIN: 'off',
        LECTERN_OIDC_ISSUER: idp.issuer,
        LECTERN_OIDC_CLIENT_ID: TEST_CLIENT.id,
        LECTERN_OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
        LECTERN_OIDC_NAME: 'Corp SSO',
        LECTERN_OIDC_SCOPES: 'openid email profile groups',
        LECTERN_OIDC_ROLES_CLAIM: 'realm_access.roles',
        LECTERN_OIDC_ROLE_MAP: 'console-admin=admin,lectern-admins=support',
      },
    });
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
    await idp.close();
  });

  it('offers only the provider, and refuses a password sign-in saying why', async () => {
    expect((await h.http.get('/api/meta')).body).toMatchObject({
      signIn: { instance: false, identityProvider: { name: 'Corp SSO' } },
    });
    const refused = await h.http.post('/api/session', {
      body: { email: 'ada@corp.test', password: 'whatever it is' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'forbidden',
      message:
        'Sign-in with a learning-platform password is turned off on this console. Sign in with Corp SSO.',
    });
    const admin = await h.sessionCookie('auditor@lectern.test', 'admin');
    const audit = await h.http.get('/api/audit?route=signIn&limit=1', { cookie: admin });
    expect((audit.body as { entries: AuditEntry[] }).entries[0]).toMatchObject({
      userEmail: 'ada@corp.test',
      summary: 'sign in refused (instance sign-in is off)',
      signedInWith: 'instance',
      status: 403,
    });
  });

  it('takes the role from LECTERN_OIDC_ROLES_CLAIM, not from groups', async () => {
    nextRoles(['console-admin']);
    const first = await signIn('ada');
    expect(first.location).toBe('/course-groups');
    const cookie = `lectern_session=${first.jar.get('lectern_session')}`;
    expect((await h.http.get('/api/session', { cookie })).body).toMatchObject({
      role: 'admin',
      signedInWith: 'identityProvider',
    });
    // The groups claim still says lectern-admins (mapped to support): it is not the roles claim here.
    nextRoles([]);
    const second = await signIn('ada');
    const again = `lectern_session=${second.jar.get('lectern_session')}`;
    expect((await h.http.get('/api/session', { cookie: again })).body).toMatchObject({
      role: null,
    });
  });
});
