// The signed-in user, from the console server's session API (src/contract/console/session.ts).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { SessionView, SignInBody } from '#contract/console/session.ts';
import { isApiError } from './api-error.ts';
import { callConsole } from './console-api.ts';

/**
 * The session's endpoints, loaded when first called: with them comes classic zod, which parses the
 * answer, and the shell every first page loads carries neither. The session's request is on its way
 * meanwhile (index.html preloads it), and every route loads zod for its own data anyway
 * (docs/decisions/loading-strategy.md).
 */
const endpoints = () => import('#contract/console/session.ts');

/** The current session, or null when nobody is signed in. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionView | null> {
  const { getSession } = await endpoints();
  try {
    return await callConsole(getSession, { signal, quiet: true });
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthenticated') return null;
    throw error;
  }
}

export const signIn = async (input: SignInBody) =>
  callConsole((await endpoints()).signIn, { body: input, quiet: true, retryThrottled: false });

export const signOut = async () => callConsole((await endpoints()).signOut, { quiet: true });

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
