import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_USER_QUERY,
  CurrentUserResult,
  GRAPHQL_ERROR_CODES,
  GRAPHQL_MESSAGES,
  LOGIN_MUTATION,
  LoginResult,
} from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import {
  createLearners,
  FIXTURE_PASSWORD,
  learnerAccounts,
  putSettings,
} from '../helpers/learner-fixtures.ts';
import { LEARNER_TOKEN_TTL_MS } from '../../src/sandbox/graphql/login-service.ts';

describe('GraphQL login (spec 4.6)', () => {
  let s: TestSandbox;
  const [alice, bob, carol, dave] = learnerAccounts(4, 'gql');
  let aliceId: string;

  beforeAll(async () => {
    s = await startSandbox();
    aliceId = (await createLearners(s, [alice!, bob!, carol!, dave!]))[0]!;
  });
  afterAll(() => s.close());

  const graphql = (body: unknown, options: { apiKey?: string | null; token?: string } = {}) => {
    const apiKey = options.apiKey === undefined ? s.secretKey : options.apiKey;
    const path = apiKey === null ? '/graphql' : `/graphql?apiKey=${encodeURIComponent(apiKey)}`;
    return s.raw(
      'POST',
      path,
      body,
      options.token ? { authorization: `Bearer ${options.token}` } : {},
    );
  };
  const login = (email: string, password: string, apiKey?: string | null) =>
    graphql({ query: LOGIN_MUTATION, variables: { email, password } }, { apiKey });
  const currentUser = (token?: string) => graphql({ query: CURRENT_USER_QUERY }, { token });
  const errorOf = (message: string, code: string) =>
    expect.objectContaining({ message, extensions: { code } });

  it('logs a learner in and returns a token that identifies them', async () => {
    const res = await login(alice!.email, FIXTURE_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { Login } = LoginResult.parse(res.body.data);
    expect(res.body.errors).toBeUndefined();
    expect(Login.user).toEqual({ id: aliceId, firstName: 'First1', lastName: 'Last1' });
    expect(Login.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(Login.expiresAt) - Date.now()).toBeGreaterThan(LEARNER_TOKEN_TTL_MS - 60_000);

    const me = await currentUser(Login.token);
    expect(me.status).toBe(200);
    expect(CurrentUserResult.parse(me.body.data).CurrentUser).toEqual({
      id: aliceId,
      email: alice!.email,
      firstName: 'First1',
      lastName: 'Last1',
    });
  });

  it('stores only a hash of the token and of the password', async () => {
    const res = await login(alice!.email, FIXTURE_PASSWORD);
    const token = res.body.data.Login.token as string;
    const rows = s.sandbox.db.prepare('SELECT token_hash FROM learner_tokens').pluck().all();
    expect(rows).not.toContain(token);
    expect(rows.every((hash) => /^[0-9a-f]{64}$/.test(hash as string))).toBe(true);
    const stored = s.sandbox.db
      .prepare('SELECT password_hash FROM users WHERE id = ?')
      .pluck()
      .get(aliceId);
    expect(stored).toMatch(/^scrypt\$/);
  });

  it('accepts the email in any case', async () => {
    const res = await login(alice!.email.toUpperCase(), FIXTURE_PASSWORD);
    expect(res.body.data.Login.user.id).toBe(aliceId);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const unknown = await login('nobody@example.test', FIXTURE_PASSWORD);
    const wrong = await login(bob!.email, 'not-the-password');
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: { Login: null },
        errors: [
          {
            message: GRAPHQL_MESSAGES.invalidCredentials,
            locations: [{ line: 2, column: 3 }],
            path: ['Login'],
            extensions: { code: GRAPHQL_ERROR_CODES.invalidCredentials },
          },
        ],
      });
    }
  });

  it('answers 401 with a GraphQL error when apiKey is missing, wrong, or API access is off', async () => {
    const missing = await login(alice!.email, FIXTURE_PASSWORD, null);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      errors: [errorOf(GRAPHQL_MESSAGES.missingApiKey, GRAPHQL_ERROR_CODES.invalidApiKey)],
    });
    const wrong = await login(alice!.email, FIXTURE_PASSWORD, 'sk_wrong_key_0000000000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      errors: [errorOf(GRAPHQL_MESSAGES.invalidApiKey, GRAPHQL_ERROR_CODES.invalidApiKey)],
    });
    await putSettings(s, { apiAccessEnabled: false });
    try {
      const disabled = await login(alice!.email, FIXTURE_PASSWORD);
      expect(disabled.status).toBe(401);
      expect(disabled.body.errors[0].extensions.code).toBe(GRAPHQL_ERROR_CODES.invalidApiKey);
    } finally {
      await putSettings(s, { apiAccessEnabled: true });
    }
  });

  it('answers 400 for malformed requests and queries', async () => {
    const syntax = await graphql({ query: 'mutation { Login(email: "a" ' });
    expect(syntax.status).toBe(400);
    expect(syntax.body.data).toBeUndefined();
    expect(syntax.body.errors[0].message).toMatch(/^Syntax Error/);

    const unknownField = await graphql({ query: '{ Nope }' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0].message).toBe('Cannot query field "Nope" on type "Query".');

    const missingVariable = await graphql({ query: LOGIN_MUTATION, variables: { email: 'a@b.c' } });
    expect(missingVariable.status).toBe(400);
    expect(missingVariable.body.errors[0].message).toBe(
      'Variable "$password" of required type "String!" was not provided.',
    );

    for (const body of [{}, { query: 42 }, { query: '{ CurrentUser { id } }', variables: [1] }]) {
      const res = await graphql(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [errorOf(GRAPHQL_MESSAGES.badRequestBody, GRAPHQL_ERROR_CODES.badRequest)],
      });
    }

    const badJson = await s.raw('POST', `/graphql?apiKey=${s.secretKey}`, '{"query":', {
      'content-type': 'application/json',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.errors[0].extensions.code).toBe(GRAPHQL_ERROR_CODES.badRequest);

    const get = await s.raw('GET', `/graphql?apiKey=${s.secretKey}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('uses the GraphQL response media type when the client asks for it', async () => {
    const res = await s.raw(
      'POST',
      `/graphql?apiKey=${s.secretKey}`,
      { query: CURRENT_USER_QUERY },
      { accept: 'application/graphql-response+json' },
    );
    expect(res.headers.get('content-type')).toBe(
      'application/graphql-response+json; charset=utf-8',
    );
  });

  it('rejects CurrentUser without a token, with a garbage token and with an expired one', async () => {
    const unauthenticated = {
      data: { CurrentUser: null },
      errors: [errorOf(GRAPHQL_MESSAGES.unauthenticated, GRAPHQL_ERROR_CODES.unauthenticated)],
    };
    expect((await currentUser()).body).toEqual(unauthenticated);
    expect((await currentUser('garbage-token')).body).toEqual(unauthenticated);

    const token = (await login(carol!.email, FIXTURE_PASSWORD)).body.data.Login.token as string;
    expect((await currentUser(token)).body.data.CurrentUser.email).toBe(carol!.email);
    const realNow = s.sandbox.deps.now;
    s.sandbox.deps.now = () => realNow() + LEARNER_TOKEN_TTL_MS + 1;
    try {
      const expired = await currentUser(token);
      expect(expired.status).toBe(200);
      expect(expired.body).toEqual(unauthenticated);
    } finally {
      s.sandbox.deps.now = realNow;
    }
  });

  it('revokes a token with Logout', async () => {
    const token = (await login(carol!.email, FIXTURE_PASSWORD)).body.data.Login.token as string;
    const out = await graphql({ query: 'mutation { Logout }' }, { token });
    expect(out.body).toEqual({ data: { Logout: true } });
    expect((await currentUser(token)).body.data).toEqual({ CurrentUser: null });
  });

  it('locks an email out after 5 failures in 15 minutes, without revealing whether it exists', async () => {
    for (const email of [dave!.email, 'ghost@example.test']) {
      for (let i = 0; i < 5; i++) {
        const res = await login(email, 'wrong-password');
        expect(res.body.errors[0].extensions.code).toBe(GRAPHQL_ERROR_CODES.invalidCredentials);
      }
      const locked = await login(email, email === dave!.email ? FIXTURE_PASSWORD : 'x');
      expect(locked.status).toBe(200);
      expect(locked.body).toEqual({
        data: { Login: null },
        errors: [
          expect.objectContaining({
            message: GRAPHQL_MESSAGES.tooManyAttempts(15),
            extensions: { code: GRAPHQL_ERROR_CODES.tooManyAttempts },
          }),
        ],
      });
    }
    // Another email is unaffected; after the window the right password works again.
    expect((await login(alice!.email, FIXTURE_PASSWORD)).body.data.Login.user.id).toBe(aliceId);
    const realNow = s.sandbox.deps.now;
    s.sandbox.deps.now = () => realNow() + 10 * 60_000;
    try {
      expect((await login(dave!.email, FIXTURE_PASSWORD)).body.errors[0].message).toBe(
        GRAPHQL_MESSAGES.tooManyAttempts(5),
      );
      s.sandbox.deps.now = () => realNow() + 15 * 60_000 + 1000;
      const res = await login(dave!.email, FIXTURE_PASSWORD);
      expect(res.body.data.Login.user.firstName).toBe('First4');
    } finally {
      s.sandbox.deps.now = realNow;
    }
  });
});
