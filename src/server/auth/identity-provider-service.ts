// Sign-in through the company's identity provider: OpenID Connect, Authorization Code with PKCE
// (openid-client). The provider's metadata is discovered once at start (a wrong issuer stops the start).
//
//   begin:    a transaction (state, nonce, PKCE verifier, the page to return to) stored in the database
//             under the hash of a random cookie value; the browser goes to the provider.
//   complete: the provider's redirect back. The transaction is taken (deleted) by the cookie, so each is
//             used once, on any server; the state must match it; the code is exchanged with the verifier;
//             openid-client validates the ID token (issuer, audience, expiry, nonce, signature against
//             the provider's JWKS). The role comes from the groups claim at every sign-in (roles-service).
//
// Nothing the provider returns is kept but who the user is: no access, refresh or ID token is stored.
import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { CONSOLE_ROLES, type ConsoleRole } from '#contract/console/access.ts';
import type { IdentityProviderProblem } from '#contract/console/identity-provider.ts';
import type { IdentityProviderConfig } from '../config.ts';
import type { SignInTransactionsRepository } from '../storage/sign-in-transactions-repository.ts';
import { normalizeEmail, type RolesService } from './roles-service.ts';
import type { SessionService } from './session-service.ts';

/** How long a browser may stay at the provider before coming back. */
export const SIGN_IN_TRANSACTION_MS = 10 * 60_000;
/** Each request to the provider (token, JWKS, userinfo) and the discovery at start. */
const PROVIDER_TIMEOUT_S = 10;

export const CALLBACK_PATH = '/api/session/identity-provider/callback';

/** The provider could not be used at start: names LECTERN_OIDC_ISSUER and what went wrong. */
export class IdentityProviderStartError extends Error {}

/** Reads the provider's discovery document (and checks it names this issuer). */
export async function discoverIdentityProvider(
  config: IdentityProviderConfig,
): Promise<oidc.Configuration> {
  const issuer = new URL(config.issuer);
  try {
    return await oidc.discovery(
      issuer,
      config.clientId,
      config.clientSecret ?? undefined,
      config.clientSecret ? oidc.ClientSecretBasic(config.clientSecret) : oidc.None(),
      {
        execute: [
          // The ID token's signature is checked against the provider's JWKS, although it comes
          // straight from the token endpoint (OpenID Connect lets a client skip that over TLS).
          oidc.enableNonRepudiationChecks,
          // config.ts allows http only for a provider on this machine (development, tests).
          ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
        ],
        timeout: PROVIDER_TIMEOUT_S,
      },
    );
  } catch (error) {
    throw new IdentityProviderStartError(
      `Cannot use the identity provider LECTERN_OIDC_ISSUER=${config.issuer}: ${describeError(error)}. ` +
        `Its discovery document (${discoveryUrl(issuer)}) must answer and name exactly this issuer.`,
    );
  }
}

function discoveryUrl(issuer: URL): string {
  return `${issuer.href.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

export interface IdentityProviderUser {
  /** The provider's subject identifier. */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export type SignInOutcome =
  | {
      ok: true;
      user: IdentityProviderUser;
      role: ConsoleRole | null;
      /** The groups of the claim that gave the role (for the audit row). */
      groups: string[];
      sessionId: string;
      expiresAt: number;
      returnTo: string;
    }
  | {
      ok: false;
      problem: IdentityProviderProblem;
      /** For the audit row and the log; never shown to the browser. */
      detail: string;
      /** The email, when the provider told it before the refusal. */
      email?: string;
    };

export interface IdentityProviderServiceDeps {
  config: IdentityProviderConfig;
  provider: oidc.Configuration;
  transactions: SignInTransactionsRepository;
  sessions: SessionService;
  roles: RolesService;
  /** The console's origin as the browser sees it (the redirect URI is registered with it). */
  origin: () => string;
  now: () => number;
  log: Logger;
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

export function createIdentityProviderService(deps: IdentityProviderServiceDeps) {
  const { config, provider, transactions, log } = deps;
  const redirectUri = () => `${deps.origin()}${CALLBACK_PATH}`;

  function refuse(problem: IdentityProviderProblem, detail: string, email?: string): SignInOutcome {
    log.warn({ problem, detail }, 'sign-in through the identity provider refused');
    return { ok: false, problem, detail, email };
  }

  async function exchange(callbackQuery: URLSearchParams, expected: ExpectedChecks) {
    const currentUrl = new URL(redirectUri());
    currentUrl.search = callbackQuery.toString();
    const tokens = await oidc.authorizationCodeGrant(provider, currentUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    // Some providers put only `sub` in the ID token: ask the userinfo endpoint for the rest.
    const rolesMissing = lookUp(claims, config.rolesClaim) === undefined;
    if (
      (rolesMissing || typeof claims.email !== 'string') &&
      provider.serverMetadata().userinfo_endpoint
    )
      Object.assign(
        claims,
        await oidc.fetchUserInfo(provider, tokens.access_token, String(claims.sub)),
        { sub: claims.sub },
      );
    return claims;
  }

  return {
    /** "Sign in with <name>". */
    name: config.name,

    /** Starts a sign-in: the cookie value to set and where to send the browser. */
    async begin(returnTo: string): Promise<{ cookie: string; location: string }> {
      const cookie = randomBytes(32).toString('base64url');
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await transactions.insert({
        idHash: hash(cookie),
        state,
        nonce,
        codeVerifier,
        returnTo,
        expiresAt: deps.now() + SIGN_IN_TRANSACTION_MS,
      });
      const location = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri(),
        scope: config.scopes,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { cookie, location: location.href };
    },

    /** The provider's redirect back, with the browser's sign-in cookie. */
    async complete(
      cookie: string | undefined,
      callbackQuery: URLSearchParams,
      previousSessionId: string | undefined,
    ): Promise<SignInOutcome> {
      const transaction =
        cookie && cookie.length <= 128 ? await transactions.take(hash(cookie)) : undefined;
      if (!transaction || transaction.expiresAt <= deps.now())
        return refuse(
          'expired',
          transaction
            ? 'the sign-in took longer than 10 minutes'
            : 'no sign-in is waiting for this browser (no sign-in cookie, or it was used already)',
        );
      const state = callbackQuery.get('state');
      if (state !== transaction.state)
        return refuse('state_mismatch', "the state the provider returned is not this sign-in's");
      const providerError = callbackQuery.get('error');
      if (providerError)
        return refuse(
          'provider_refused',
          `${providerError}${callbackQuery.get('error_description') ? `: ${callbackQuery.get('error_description')}` : ''}`,
        );

      let claims: Record<string, unknown>;
      try {
        claims = await exchange(callbackQuery, transaction);
      } catch (error) {
        const [problem, detail] = classify(error);
        return refuse(problem, detail);
      }

      const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
      if (!email) return refuse('no_email', 'the provider told no email address (the email scope)');
      if (claims.email_verified === false)
        return refuse('no_email', 'the provider says this email address is not verified', email);
      const groups = groupsOf(lookUp(claims, config.rolesClaim));
      const role = strongestRole(groups, config.roleMap);
      const grant = await deps.roles.syncFromIdentityProvider(email, role);
      const user: IdentityProviderUser = {
        subject: String(claims.sub),
        email,
        ...namesOf(claims, email),
      };
      const { id, expiresAt } = await deps.sessions.start(
        {
          email,
          userId: user.subject,
          firstName: user.firstName,
          lastName: user.lastName,
          signInMethod: 'identityProvider',
        },
        previousSessionId,
      );
      return {
        ok: true,
        user,
        role: grant?.role ?? null,
        groups: groups.filter((group) => config.roleMap.has(group)),
        sessionId: id,
        expiresAt,
        returnTo: transaction.returnTo,
      };
    },

    /**
     * The provider's end-session page, coming back to the console's sign-in page; null when the provider
     * has none.
     */
    endSessionUrl(): string | null {
      if (!provider.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(provider, {
        post_logout_redirect_uri: `${deps.origin()}/sign-in`,
      }).href;
    },

    purgeExpired: () => transactions.removeExpired(deps.now()),
  };
}
export type IdentityProviderService = ReturnType<typeof createIdentityProviderService>;

interface ExpectedChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What went wrong at the token exchange, as a problem code and a sentence for the audit row. */
function classify(error: unknown): [IdentityProviderProblem, string] {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError)
    return [
      'provider_refused',
      `the provider answered ${error.error}${error.error_description ? `: ${error.error_description}` : ''}`,
    ];
  if (error instanceof oidc.WWWAuthenticateChallengeError)
    return [
      'provider_refused',
      `the provider refused the console's credentials (${error.message})`,
    ];
  if (error instanceof TypeError)
    return ['provider_unavailable', `the provider could not be reached (${describeError(error)})`];
  if (error instanceof oidc.ClientError) {
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT')
      return ['provider_unavailable', `the provider did not answer within ${PROVIDER_TIMEOUT_S} s`];
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')
      return [
        'provider_unavailable',
        `the provider answered with an error: ${describeError(error)}`,
      ];
    return ['token_invalid', `the provider's answer failed validation: ${describeError(error)}`];
  }
  return ['token_invalid', describeError(error)];
}

/** A claim by name, or by dotted path into objects (`realm_access.roles`). */
function lookUp(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Groups as a list: an array of strings, or one string of names separated by spaces or commas. */
export function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/** The strongest role any of the groups maps to (admin, then content manager, then support). */
export function strongestRole(
  groups: readonly string[],
  roleMap: ReadonlyMap<string, ConsoleRole>,
): ConsoleRole | null {
  const roles = new Set(groups.map((group) => roleMap.get(group)));
  return CONSOLE_ROLES.find((role) => roles.has(role)) ?? null;
}

function namesOf(
  claims: Record<string, unknown>,
  email: string,
): { firstName: string; lastName: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 200) : '');
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstName: given, lastName: family };
  const name = text(claims.name);
  if (name) {
    const at = name.lastIndexOf(' ');
    return at > 0
      ? { firstName: name.slice(0, at), lastName: name.slice(at + 1) }
      : { firstName: name, lastName: '' };
  }
  return { firstName: email.split('@')[0]!, lastName: '' };
}
