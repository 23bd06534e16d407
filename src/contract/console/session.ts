// Signing in and out, and the signed-in session as the console sees it.
import { z } from '../zod.ts';
import { consoleEndpoint } from './endpoint.ts';
import { ConsoleRole } from './access.ts';

/** What the role lets the user do, so the console mirrors the server's rules instead of restating them. */
export const Capabilities = z.object({
  read: z.boolean(),
  createAndUpdate: z.boolean(),
  uploadTranslations: z.boolean(),
  publish: z.boolean(),
  archive: z.boolean(),
  bulkOperations: z.boolean(),
  manageRoles: z.boolean(),
  readAudit: z.boolean(),
  watchEvents: z.boolean(),
  /** The bell, the alerts page, acknowledging alerts. */
  readAlerts: z.boolean(),
  /** Creating, changing and deleting alert rules. */
  manageAlerts: z.boolean(),
});
export type Capabilities = z.infer<typeof Capabilities>;

/** How the user signed in: the learning platform's email and password, or the identity provider. */
export const SignInMethod = z.enum(['instance', 'identityProvider']).register(z.globalRegistry, {
  description:
    "`instance`: the learning platform's email and password (GraphQL `Login`); `identityProvider`: OpenID Connect (`LECTERN_OIDC_ISSUER`).",
});
export type SignInMethod = z.infer<typeof SignInMethod>;

export const SessionView = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  role: z.nullable(ConsoleRole).register(z.globalRegistry, {
    description:
      'Null: the learning instance accepted the sign-in, but the console grants this person no role (every other call answers 403 `no_access`).',
  }),
  capabilities: Capabilities.clone().register(z.globalRegistry, {
    description:
      "Mirrors the server's rules so the console can hide what would be refused (the server enforces them anyway).",
  }),
  expiresAt: z.iso
    .datetime()
    .register(z.globalRegistry, { description: 'The absolute expiry of the session.' }),
  signedInWith: SignInMethod,
});
export type SessionView = z.infer<typeof SessionView>;

/** The server's own checks of a sign-in; the console's form adds friendlier words (lib/session.ts). */
export const SignInBody = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(320, 'is too long')),
  password: z.string().check(z.minLength(1, 'is required'), z.maxLength(1024, 'is too long')),
});
export type SignInBody = z.input<typeof SignInBody>;

export const signIn = consoleEndpoint({
  operationId: 'signIn',
  method: 'POST',
  path: '/api/session',
  summary: 'Signs in with the email and password of a learning-platform account.',
  description: [
    "The server checks them with the instance's GraphQL `Login`; the learner token it returns is not kept.",
    'Success sets the session cookie (a new id at every sign-in).',
    'Unsuccessful attempts are limited per email (`LECTERN_SIGNIN_PER_EMAIL`, 4 in any 16 minutes: one below the',
    "platform's lockout, and the message says the console stops to protect the account) and per client address",
    '(`LECTERN_SIGNIN_PER_ADDRESS` per 15 minutes).',
  ].join(' '),
  access: 'public',
  body: SignInBody,
  response: SessionView,
  errors: [
    {
      status: 401,
      error: 'invalid_credentials',
      when: 'Email or password is incorrect (never says which).',
    },
    {
      status: 423,
      error: 'account_locked',
      when: 'The platform has locked the account; `Retry-After` says when to try again.',
    },
    {
      status: 429,
      error: 'rate_limited',
      when: 'Too many attempts for this email or address; `Retry-After` (seconds).',
    },
    {
      status: 502,
      error: 'upstream_unavailable',
      when: 'The learning instance could not be reached.',
    },
    {
      status: 502,
      error: 'upstream_error',
      when: "The instance refused the console's configuration.",
    },
    {
      status: 403,
      error: 'forbidden',
      when: 'Sign-in with a learning-platform password is off (`LECTERN_INSTANCE_LOGIN=off`): sign in through the identity provider.',
    },
    { status: 504, error: 'upstream_timeout', when: 'The instance did not answer in time.' },
  ],
});

export const getSession = consoleEndpoint({
  operationId: 'getSession',
  method: 'GET',
  path: '/api/session',
  summary: 'The signed-in session: who, which role, what it may do, until when.',
  access: 'session',
  response: SessionView,
});

export const signOut = consoleEndpoint({
  operationId: 'signOut',
  method: 'DELETE',
  path: '/api/session',
  summary: 'Signs out: deletes the session on the server and clears the cookie.',
  description:
    "The session's open event streams end within a second, on every console server. A user who signed in through the identity provider stays signed in there: `GET /api/meta` names its end-session page (`signIn.identityProvider.signOutUrl`), which the console offers.",
  access: 'public',
  response: null,
});

export const SESSION_ENDPOINTS = [signIn, getSession, signOut] as const;
