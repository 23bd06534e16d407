// The signed-in user, from the console server's session API (src/contract/console/session.ts).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  getSession,
  signIn as signInEndpoint,
  signOut as signOutEndpoint,
} from '#contract/console/session.ts';
import type { SessionView } from '#contract/console/session.ts';
import { isApiError } from './api-error.ts';
import { callConsole } from './console-api.ts';

/** The sign-in form's checks, in words for people (the server's own are in the contract). */
export const SignInInput = z.object({
  email: z.email('Enter the email address of your learning-platform account.'),
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInInput = z.infer<typeof SignInInput>;

/** The current session, or null when nobody is signed in. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionView | null> {
  try {
    return await callConsole(getSession, { signal, quiet: true });
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthenticated') return null;
    throw error;
  }
}

export const signIn = (input: SignInInput) =>
  callConsole(signInEndpoint, { body: input, quiet: true, retryThrottled: false });

export const signOut = () => callConsole(signOutEndpoint, { quiet: true });

export const sessionQueries = {
  all: ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all, 'current'] as const,
      queryFn: ({ signal }) => fetchSession(signal),
      staleTime: 5 * 60_000,
    }),
};

/** The signed-in session inside the signed-in part of the app (the layout route guarantees one). */
export function useSession(): SessionView {
  const { data } = useSuspenseQuery(sessionQueries.current());
  if (!data) throw new Error('useSession used outside the signed-in layout');
  return data;
}
