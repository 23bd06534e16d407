// Value lists the console checks its URLs against, apart from the modules that build their zod schemas
// when imported (identity-provider.ts, schedule-view.ts): the route definitions every first page loads
// import these without zod.

/** Why a sign-in through the identity provider did not start a session: `/sign-in?problem=<code>`. */
export const IDENTITY_PROVIDER_PROBLEMS = [
  'expired',
  'state_mismatch',
  'provider_refused',
  'token_invalid',
  'no_email',
  'provider_unavailable',
  'database_unavailable',
] as const;

/** The two views of the scheduled actions. */
export const SCHEDULE_VIEWS = ['upcoming', 'past'] as const;
