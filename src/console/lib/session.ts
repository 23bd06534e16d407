// The signed-in user, from the console server's session API (docs/console-api.md).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api.ts';
import { isApiError } from './api-error.ts';

export const CONSOLE_ROLES = ['admin', 'contentManager', 'support'] as const;
export const ConsoleRole = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof ConsoleRole>;

/** What the server lets this role do; the UI mirrors it instead of restating the rules. */
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
});
export type Capabilities = z.infer<typeof Capabilities>;

export const Session = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  /** Null: the instance accepted the sign-in, but the console grants this person no role. */
  role: ConsoleRole.nullable(),
  capabilities: Capabilities,
  expiresAt: z.string(),
});
export type Session = z.infer<typeof Session>;

export const SignInInput = z.object({
  email: z.email('Enter the email address of your learning-platform account.'),
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInInput = z.infer<typeof SignInInput>;

const Meta = z.object({
  mode: z.enum(['demo', 'upstream']),
  demoAccounts: z
    .array(z.object({ email: z.string(), password: z.string(), role: ConsoleRole }))
    .nullable(),
});
export type ConsoleMeta = z.infer<typeof Meta>;

/** The current session, or null when nobody is signed in. */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await apiClient.request('/api/session', { schema: Session, signal, quiet: true });
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthenticated') return null;
    throw error;
  }
}

export const signIn = (input: SignInInput) =>
  apiClient.request('/api/session', {
    method: 'POST',
    body: input,
    schema: Session,
    quiet: true,
    retryThrottled: false,
  });

export const signOut = () =>
  apiClient.request('/api/session', { method: 'DELETE', schema: null, quiet: true });

export const sessionQueries = {
  all: ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all, 'current'] as const,
      queryFn: ({ signal }) => fetchSession(signal),
      staleTime: 5 * 60_000,
    }),
  meta: () =>
    queryOptions({
      queryKey: [...sessionQueries.all, 'meta'] as const,
      queryFn: ({ signal }) =>
        apiClient.request('/api/meta', { schema: Meta, signal, quiet: true }),
      staleTime: Infinity,
    }),
};

/** The signed-in session inside the signed-in part of the app (the layout route guarantees one). */
export function useSession(): Session {
  const { data } = useSuspenseQuery(sessionQueries.current());
  if (!data) throw new Error('useSession used outside the signed-in layout');
  return data;
}
