// Sign-in through the company's identity provider (OpenID Connect, Authorization Code with PKCE). The
// browser navigates to these two addresses; both answer with a redirect, never JSON.
import { z } from '../zod.ts';
import { consoleEndpoint } from './endpoint.ts';
import { IDENTITY_PROVIDER_PROBLEMS } from './url-values.ts';

export { IDENTITY_PROVIDER_PROBLEMS };
export const IdentityProviderProblem = z.enum(IDENTITY_PROVIDER_PROBLEMS);
export type IdentityProviderProblem = z.infer<typeof IdentityProviderProblem>;

/** A console page to open once signed in: a path of this origin, never another site. */
export const ReturnTo = z
  .catch(
    z.optional(
      z
        .string()
        .check(
          z.maxLength(2000),
          z.regex(/^\/(?![/\\])/, 'must be a path of the console (starting with a single /)'),
        ),
    ),
    undefined,
  )
  .register(z.globalRegistry, {
    description: 'The console page to open once signed in (a path); `/` by default.',
  });

export const startIdentityProviderSignIn = consoleEndpoint({
  operationId: 'startIdentityProviderSignIn',
  method: 'GET',
  path: '/api/session/identity-provider',
  summary: 'Starts a sign-in through the identity provider (the "Sign in with …" button).',
  description: [
    "Sets a short-lived, HttpOnly sign-in cookie (`SameSite=Lax`, so the provider's redirect back carries",
    'it) and sends the browser to the provider with a fresh `state`, `nonce` and PKCE challenge (S256).',
    'Answers `404 not_found` when no identity provider is configured.',
  ].join(' '),
  access: 'public',
  query: z.object({ returnTo: ReturnTo }),
  response: {
    redirect: true,
    description: "The identity provider's authorization endpoint.",
  },
  errors: [{ status: 404, error: 'not_found', when: 'No identity provider is configured.' }],
});

export const CallbackQuery = z
  .catchall(
    z.object({
      code: z.optional(z.string().check(z.maxLength(4096))),
      state: z.optional(z.string().check(z.maxLength(512))),
      error: z.optional(z.string().check(z.maxLength(200))),
      error_description: z.optional(z.string().check(z.maxLength(1000))),
    }),
    z.string().check(z.maxLength(4096)),
  )
  .register(z.globalRegistry, {
    description: 'What the provider adds to the redirect (RFC 6749 section 4.1.2).',
  });

export const finishIdentityProviderSignIn = consoleEndpoint({
  operationId: 'finishIdentityProviderSignIn',
  method: 'GET',
  path: '/api/session/identity-provider/callback',
  summary: "The identity provider's redirect back (the redirect URI to register at the provider).",
  description: [
    'Checks the sign-in cookie and `state` (each sign-in is used once), exchanges the code with the PKCE',
    'verifier, validates the ID token (issuer, audience, expiry, `nonce`, signature against the',
    "provider's JWKS), takes the user's role from the groups claim (`LECTERN_OIDC_ROLES_CLAIM`,",
    '`LECTERN_OIDC_ROLE_MAP`) and starts a session exactly as a password sign-in does. Audited like a',
    'write (operation `finishIdentityProviderSignIn`), the row written before the session starts.',
  ].join(' '),
  access: 'public',
  audited: true,
  query: CallbackQuery,
  response: {
    redirect: true,
    description:
      'The page the sign-in started from; `/sign-in?problem=<code>` when no session was started (`expired`, `state_mismatch`, `provider_refused`, `token_invalid`, `no_email`, `provider_unavailable`, `database_unavailable`).',
  },
  errors: [{ status: 404, error: 'not_found', when: 'No identity provider is configured.' }],
});

export const IDENTITY_PROVIDER_ENDPOINTS = [
  startIdentityProviderSignIn,
  finishIdentityProviderSignIn,
] as const;
